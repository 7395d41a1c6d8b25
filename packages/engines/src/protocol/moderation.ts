import type { Json } from '../engine/game.ts';
import { refuse } from '../engine/refusal.ts';
import { fail, ok, type Result } from '../engine/result.ts';

/**
 * Reports and moderators' actions as clients send them (docs/moderation.md), one parse each: the
 * reasons a report may give, the size of what is written, what a mute lasts. Who may send them, and
 * what they mean, is the server's to judge.
 */

/** Why a player is reported, as lichess asks it: a fixed list, so the queue can be sorted and counted. */
export const REPORT_REASONS = ['cheat', 'boost', 'abuse', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The words a page shows for each reason. */
export const REPORT_REASON_WORDS: Readonly<Record<ReportReason, string>> = {
  cheat: 'cheating (engine help)',
  boost: 'rating boosting or sandbagging',
  abuse: 'insults or harassment in chat',
  other: 'something else',
};

/** What a report may say in its own words, and what a moderator's note may: a paragraph, not a file. */
export const MAX_REPORT_TEXT = 1000;
export const MAX_NOTE = 500;
/** A mute lasts at most a year in minutes; without `minutes` it lasts until lifted. */
export const MAX_MUTE_MINUTES = 525_600;

/** POST /api/reports. */
export interface ReportRequest {
  /** The reported player's username. */
  readonly player: string;
  readonly reason: ReportReason;
  /** The game it happened in, if one. */
  readonly game?: string;
  readonly text: string;
}

/** A moderator's action on a player (mute, unmute, ban, unban, rating reset) or a report (close). */
export interface ModeratorRequest {
  readonly note: string;
  /** A mute's length; absent: for good. */
  readonly minutes?: number;
}

/** GET /api/mod/reports: a report as moderators read it, the accounts named as they are now. */
export interface ShownReport {
  readonly id: string;
  readonly reporterName: string;
  readonly reportedName: string;
  readonly reason: string;
  readonly gameId: string | null;
  readonly text: string;
  readonly at: number;
  readonly closedAt: number | null;
  readonly closedByName: string | null;
}

/** GET /api/mod/log: an entry of the audit log as moderators read it, names as they are now. */
export interface LoggedAction {
  readonly n: number;
  readonly at: number;
  /** The moderator's name, or null: the command line. */
  readonly moderator: string | null;
  readonly action: string;
  readonly target: string | null;
  readonly note: string;
  readonly details: Json | null;
}

type Fields = { readonly [key: string]: unknown };
const isObject = (x: unknown): x is Fields => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Written text that others read: line breaks allowed, nothing else invisible or unpaired (control and
 * format characters, private use, unassigned, lone surrogates), at most `max` characters.
 */
const UNREADABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\u2028\u2029]/u;
function writtenText(x: unknown, what: string, max: number, required: boolean): Result<string> {
  if (x === undefined && !required) return ok('');
  if (typeof x !== 'string') return fail(`${what} is text`);
  const text = x.replace(/\r\n?/g, '\n').normalize('NFC').trim();
  // Coded (`moderation.*`, `what` the field's name) for a page to say in its player's language.
  if (required && text === '') return refuse('moderation.empty', `${what} says something`, { what });
  if ([...text].length > max) return refuse('moderation.tooLong', `${what} is at most ${max} characters`, { what, max });
  const bad = UNREADABLE.exec(text.replaceAll('\n', ' '));
  if (bad) {
    const char = `U+${(bad[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
    return refuse('moderation.unreadable', `${what} may not hold ${char} (control or format characters)`, { what, char });
  }
  return ok(text);
}

function unknownField(o: Fields, known: readonly string[]): Result<never> | null {
  const extra = Object.keys(o).find((k) => !known.includes(k));
  return extra === undefined ? null : fail(`unknown field "${extra.slice(0, 40)}"`);
}

export function parseReportRequest(x: unknown): Result<ReportRequest> {
  const shape = 'a report is {player, reason, game?, text?}';
  if (!isObject(x)) return fail(shape);
  const extra = unknownField(x, ['player', 'reason', 'game', 'text']);
  if (extra) return extra;
  if (typeof x.player !== 'string' || x.player === '' || x.player.length > 64) return fail('player: the username of the player reported');
  if (!REPORT_REASONS.includes(x.reason as ReportReason)) return fail(`reason: one of ${REPORT_REASONS.join(', ')}`);
  if (x.game !== undefined && (typeof x.game !== 'string' || !/^[A-Za-z0-9_-]{1,20}$/.test(x.game)))
    return refuse('moderation.gameId', 'game: the id of the game it happened in (as in its address, /g/<id>), or leave it out');
  const text = writtenText(x.text, 'text', MAX_REPORT_TEXT, false);
  if (!text.ok) return text;
  return ok({
    player: x.player,
    reason: x.reason as ReportReason,
    ...(x.game === undefined ? {} : { game: x.game as string }),
    text: text.value,
  });
}

/** A moderator's action: a note (why, for the audit log) is required; `minutes` only where a duration fits. */
export function parseModeratorRequest(x: unknown, timed = false): Result<ModeratorRequest> {
  if (!isObject(x)) return fail(timed ? 'this takes {note, minutes?}' : 'this takes {note}');
  const extra = unknownField(x, timed ? ['note', 'minutes'] : ['note']);
  if (extra) return extra;
  const note = writtenText(x.note, 'note', MAX_NOTE, true);
  if (!note.ok) return note;
  if (x.minutes !== undefined && !(Number.isInteger(x.minutes) && (x.minutes as number) >= 1 && (x.minutes as number) <= MAX_MUTE_MINUTES))
    return refuse('moderation.minutes', `minutes: a whole number from 1 to ${MAX_MUTE_MINUTES}, or leave it out for good`, {
      max: MAX_MUTE_MINUTES,
    });
  return ok({ note: note.value, ...(x.minutes === undefined ? {} : { minutes: x.minutes as number }) });
}

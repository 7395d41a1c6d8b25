import type { Json } from '@hexarena/engines/engine/game.ts';
import { t } from '../i18n/index.ts';
import type { EntryConditions, NewTournament, TournamentEdit, TournamentKind, TournamentSummary } from './api.ts';

/** The create form's fields read as the tournament they ask for, checked as the server checks them (routes.ts). */

/** A clock's word ("5+3", "none") as the server takes it. */
export const clockOf = (word: string) => {
  if (word === 'none') return null;
  const [minutes, seconds] = word.split('+').map(Number) as [number, number];
  return { initialMs: minutes * 60_000, incrementMs: seconds * 1000 };
};

/** A local time as <input type=datetime-local> holds it ("2026-12-06T18:30"). */
export function localInput(at: number): string {
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The form's fields, as typed. */
export interface Fields {
  name: string;
  game: string;
  /** Players at each game of an arena, for a game of more than two (DiceWars); empty for a game of two. */
  table: string;
  kind: TournamentKind;
  clock: string;
  rated: boolean;
  manual: boolean;
  startsAt: string;
  rounds: string;
  cycles: string;
  minutes: string;
  /** Who may join: empty for no such condition. */
  minRatedGames: string;
  minRating: string;
  maxRating: string;
  inviteOnly: boolean;
  /** Players invited by name, as typed (usernames apart by spaces, commas or lines). */
  invited: string;
}

/** Players one tournament invites by name at most (the server's bound). */
export const INVITED_MAX = 100;

/** The usernames typed, once each (any case), in their order. */
export function namesOf(text: string): string[] {
  const seen = new Set<string>();
  return text.split(/[\s,;]+/).filter((n) => n !== '' && !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()));
}

/** A clock as the form's word ("5+3", "none"). */
export const clockWord = (clock: TournamentSummary['clock']): string =>
  clock ? `${clock.initialMs / 60_000}+${clock.incrementMs / 1000}` : 'none';

/** A tournament's players at each game, as the form's field: empty unless its options name them. */
function tableOf(options: TournamentSummary['options']): string {
  const players =
    typeof options === 'object' && options !== null && !Array.isArray(options) ? (options as { players?: Json }).players : undefined;
  return typeof players === 'number' ? String(players) : '';
}

/** The form's fields for a tournament as it stands (its edit), with the players it invited by name. */
export function fieldsOf(s: TournamentSummary, invited: readonly string[]): Fields {
  const c = s.conditions ?? {};
  const text = (n: number | undefined) => (n === undefined ? '' : String(n));
  return {
    name: s.name,
    game: s.game,
    table: tableOf(s.options),
    kind: s.kind,
    clock: clockWord(s.clock),
    rated: s.rated,
    manual: s.startsAt === null,
    startsAt: localInput(s.startsAt ?? Date.now() + 10 * 60_000),
    rounds: text(s.rounds ?? 5),
    cycles: text(s.cycles ?? 1),
    minutes: text((s.durationMs ?? 3_600_000) / 60_000),
    minRatedGames: text(c.minRatedGames),
    minRating: text(c.minRating),
    maxRating: text(c.maxRating),
    inviteOnly: c.inviteOnly === true,
    invited: invited.join(' '),
  };
}

/** A tournament as an edit sends it: whole, so a condition or name taken away is taken away. */
export function editOf(asked: NewTournament): TournamentEdit {
  const { kind: _, game: __, options: ___, ...rest } = asked;
  return { ...rest, conditions: asked.conditions ?? {}, invited: asked.invited ?? [] };
}

/** What is wrong with the fields, in words, or the tournament they ask for: the server's own bounds, checked here first. */
export function tournamentOf(f: Fields, now: number): NewTournament | string {
  const name = f.name.trim();
  if (name.length === 0 || name.length > 60) return t('tournament.needName');
  const whole = (text: string, low: number, high: number) => {
    const n = Number(text);
    return Number.isInteger(n) && n >= low && n <= high ? n : null;
  };
  let startsAt: number | null = null;
  if (!f.manual) {
    startsAt = new Date(f.startsAt).getTime();
    if (!Number.isFinite(startsAt)) return t('tournament.needStart');
    if (startsAt < now) return t('tournament.startPassed');
    if (startsAt > now + 30 * 86_400_000) return t('tournament.startTooLate');
  }
  const conditions = conditionsOf(f, whole);
  if (typeof conditions === 'string') return conditions;
  const invited = conditions.inviteOnly ? namesOf(f.invited) : [];
  if (invited.length > INVITED_MAX) return t('tournament.invitedTooMany', { count: INVITED_MAX });
  const base = {
    kind: f.kind,
    name,
    game: f.game,
    // A game of more than two: an arena's tables of that many; a Swiss or round robin seats two.
    ...(f.table !== '' ? { options: { players: f.kind === 'arena' ? Number(f.table) : 2 } } : {}),
    clock: clockOf(f.clock),
    rated: f.rated,
    startsAt,
    ...(Object.keys(conditions).length > 0 ? { conditions } : {}),
    ...(invited.length > 0 ? { invited } : {}),
  };
  if (f.kind === 'swiss') {
    const rounds = whole(f.rounds, 1, 30);
    return rounds === null ? t('tournament.roundsRange') : { ...base, rounds };
  }
  if (f.kind === 'round-robin') {
    const cycles = whole(f.cycles, 1, 4);
    return cycles === null ? t('tournament.cyclesRange') : { ...base, cycles };
  }
  const minutes = whole(f.minutes, 1, 1440);
  return minutes === null ? t('tournament.durationRange') : { ...base, durationMs: minutes * 60_000 };
}

/** Who may join, as the server's schema bounds it (0–1000 games, ratings 0–4000, the least at most the most); an empty field asks nothing. */
function conditionsOf(f: Fields, whole: (text: string, low: number, high: number) => number | null): EntryConditions | string {
  const bound = (text: string, high: number) => (text.trim() === '' ? undefined : whole(text.trim(), 0, high));
  const games = bound(f.minRatedGames, 1000);
  if (games === null) return t('tournament.ratedGamesRange');
  const low = bound(f.minRating, 4000);
  const high = bound(f.maxRating, 4000);
  if (low === null || high === null) return t('tournament.ratingBounds');
  if (low !== undefined && high !== undefined && low > high) return t('tournament.ratingOrder');
  return {
    // No rated game asked is no condition: the page would say "at least 0".
    ...(games ? { minRatedGames: games } : {}),
    ...(low !== undefined ? { minRating: low } : {}),
    ...(high !== undefined ? { maxRating: high } : {}),
    ...(f.inviteOnly ? { inviteOnly: true } : {}),
  };
}

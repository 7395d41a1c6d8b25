import type { Outcome } from '@hexarena/engines/engine/game.ts';
import { formatDateTime, locale, type MessageKey, t } from './index.ts';

/** Seat names that are words (Hive's White, Hex's Red): said in the player's language; letters stay. */
const SEAT_WORDS: Readonly<Record<string, MessageKey>> = {
  White: 'seat.White',
  Black: 'seat.Black',
  Red: 'seat.Red',
  Blue: 'seat.Blue',
};

export const seatWord = (name: string): string => {
  const key = SEAT_WORDS[name];
  return key ? t(key) : name;
};

/** The engines' and the server's reasons as they word them (English), each with its message. */
const REASONS: readonly {
  readonly pattern: RegExp;
  readonly key: MessageKey;
  readonly values?: (m: RegExpExecArray) => Record<string, string | number>;
}[] = [
  { pattern: /^queen surrounded$/, key: 'reason.queenSurrounded' },
  { pattern: /^both queens surrounded$/, key: 'reason.bothQueensSurrounded' },
  { pattern: /^threefold repetition$/, key: 'reason.threefold' },
  { pattern: /^agreed$/, key: 'reason.agreed' },
  { pattern: /^three in a row$/, key: 'reason.threeInARow' },
  { pattern: /^board full$/, key: 'reason.boardFull' },
  { pattern: /^last player standing$/, key: 'reason.lastStanding' },
  { pattern: /^three tokens joined$/, key: 'reason.threeTokens' },
  { pattern: /^no token can slide$/, key: 'reason.noTokenSlides' },
  { pattern: /^no disc can move$/, key: 'reason.noDiscMoves' },
  { pattern: /^no slide leaves a disc to move$/, key: 'reason.noSlideLeavesDisc' },
  { pattern: /^(.+) resigned$/, key: 'reason.resigned', values: (m) => ({ seat: seatWord(m[1] ?? '') }) },
  { pattern: /^(.+) ran out of time$/, key: 'reason.outOfTime', values: (m) => ({ seat: seatWord(m[1] ?? '') }) },
  { pattern: /^(.+) left the game$/, key: 'reason.leftGame', values: (m) => ({ seat: seatWord(m[1] ?? '') }) },
  { pattern: /^(.+) aborted the game$/, key: 'reason.abortedGame', values: (m) => ({ seat: seatWord(m[1] ?? '') }) },
  { pattern: /^(.+) joined top and bottom$/, key: 'reason.joinedTopBottom', values: (m) => ({ seat: seatWord(m[1] ?? '') }) },
  { pattern: /^(.+) joined left and right$/, key: 'reason.joinedLeftRight', values: (m) => ({ seat: seatWord(m[1] ?? '') }) },
  { pattern: /^no winner after (\d+) rounds$/, key: 'reason.noWinnerAfterRounds', values: (m) => ({ count: Number(m[1]) }) },
  { pattern: /^(\d+) turns played$/, key: 'reason.turnsPlayed', values: (m) => ({ count: Number(m[1]) }) },
];

/**
 * Why a game ended in the player's language; a reason this list does not know (a new one on the
 * server) shows in the server's own English words rather than not at all.
 */
export function reasonText(reason: string): string {
  for (const { pattern, key, values } of REASONS) {
    const m = pattern.exec(reason);
    if (m) return t(key, values?.(m));
  }
  return reason;
}

/** How a game ended, as the engines' describeOutcome says it in English ("White wins (queen surrounded)"). */
export function outcomeText(outcome: Outcome | null, seatNames: readonly string[], termination?: string | null): string {
  if (outcome === null) return t('outcome.unfinished');
  const result =
    termination === 'aborted'
      ? t('outcome.aborted')
      : outcome.kind === 'draw'
        ? t('outcome.draw')
        : t('outcome.wins', { seat: seatNames[outcome.winner] ?? t('game.seat', { n: outcome.winner }) });
  return outcome.reason ? t('outcome.because', { result, reason: reasonText(outcome.reason) }) : result;
}

/**
 * A refusal's reason: the message for its stable code in the player's language, or the server's own
 * words where they say more than the code does (English, or a code this app does not know). A mute
 * for a while says its end in the player's own date and time zone, in English too (the server's
 * words give it in UTC).
 */
export function refusalReason(code: string | undefined, serverWords: string, values?: unknown): string {
  const until = code === 'muted' ? muteEnd(values) : undefined;
  if (until !== undefined) return t('refusal.mutedUntil', { until: formatDateTime(until) });
  if (locale() === 'en' || code === undefined) return serverWords;
  const key = `refusal.${code}` as MessageKey;
  return (REFUSAL_KEYS as readonly string[]).includes(key) ? t(key) : serverWords;
}

/** A mute's end, as the server gives it with the code `muted` (moderation/routes.ts, `silenced`): its value `until`, milliseconds since 1970. */
function muteEnd(values: unknown): number | undefined {
  const until = typeof values === 'object' && values !== null ? (values as { until?: unknown }).until : undefined;
  return typeof until === 'number' && Number.isFinite(until) ? until : undefined;
}

const REFUSAL_KEYS = [
  'refusal.stale',
  'refusal.illegal',
  'refusal.not-your-turn',
  'refusal.waiting',
  'refusal.bad-token',
  'refusal.no-such-seat',
  'refusal.game-over',
  'refusal.try-again',
  'refusal.not-correspondence',
  'refusal.forecast-illegal',
  'refusal.forecast-your-turn',
  'refusal.not-arena',
  'refusal.no-clock',
  'refusal.berserk-too-late',
  'refusal.already-berserk',
  'refusal.muted',
  'refusal.chat-empty',
  'refusal.chat-unshowable',
  'refusal.chat-too-fast',
] as const satisfies readonly MessageKey[];

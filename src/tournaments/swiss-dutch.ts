import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { NoPairing, pairBrackets } from './dutch-brackets.ts';
import { colourOf } from './dutch-colours.ts';
import { type DutchPlayer, dutchField, higherFirst } from './dutch-players.ts';
import { pointsFor, type Tournament, type TrfPlayer, type TrfRound } from './trf.ts';

/**
 * The FIDE Dutch system (Handbook C.04.3): the colour preferences (A.6), the colour allocation of a
 * pair (E.1–E.5) read straight off a TRF's rounds, and the pairing of any round (`pairRound`, by
 * the brackets of dutch-brackets.ts). The reference is bbpPairings; the tests compare with its
 * tournaments round by round.
 */

export type Colour = 'white' | 'black';

const other = (c: Colour): Colour => (c === 'white' ? 'black' : 'white');

export interface ColourPreference {
  /** The colour wanted, or null before a first game. */
  readonly colour: Colour | null;
  /**
   * `absolute`: two more of one colour than the other, or the same colour in the last two games
   * played; `strong`: one more; `mild`: level, wanting to alternate; null: no game yet.
   */
  readonly strength: 'absolute' | 'strong' | 'mild' | null;
  /** |whites − blacks| over games played. */
  readonly imbalance: number;
  /** The colours of the games played (forfeits and byes are not), oldest first. */
  readonly played: readonly Colour[];
}

const PLAYED_RESULTS = new Set(['1', '0', '=', 'W', 'D', 'L']);

const wasPlayed = (r: TrfRound): boolean =>
  r.opponent !== null && r.opponent > 0 && (r.colour === 'w' || r.colour === 'b') && PLAYED_RESULTS.has(r.result);

/** A player's colour preference before `round` (from 1): from the games played in the rounds before it. */
export function colourPreference(p: TrfPlayer, round: number): ColourPreference {
  const played = p.rounds
    .slice(0, round - 1)
    .filter(wasPlayed)
    .map((r): Colour => (r.colour === 'w' ? 'white' : 'black'));
  const whites = played.filter((c) => c === 'white').length;
  const difference = whites - (played.length - whites);
  const lower: Colour = difference > 0 ? 'black' : 'white';
  const last = played.at(-1);
  const repeated = played.length >= 2 && played.at(-2) === last;
  const imbalance = Math.abs(difference);
  if (imbalance > 1) return { colour: lower, strength: 'absolute', imbalance, played };
  if (repeated) return { colour: other(last as Colour), strength: 'absolute', imbalance, played };
  if (imbalance === 1) return { colour: lower, strength: 'strong', imbalance, played };
  if (last) return { colour: other(last), strength: 'mild', imbalance, played };
  return { colour: null, strength: null, imbalance, played };
}

/** A player's score before `round`, from the results the file records. */
export const scoreBefore = (t: Tournament, p: TrfPlayer, round: number): number =>
  p.rounds.slice(0, round - 1).reduce((s, r) => s + Math.round(pointsFor(r, t.points) * 10), 0) / 10;

/**
 * Each player's place in the pairing order (pairing number, or the order of the lines with
 * `XXC rank`), from 0; with `round`, counting only the players paired in that round, as bbpPairings
 * counts them (a player absent from round 1 shifts the colours of the boards below).
 */
export function rankIndices(t: Tournament, round?: number): Map<number, number> {
  const order = t.useRank ? t.players : [...t.players].sort((a, b) => a.startRank - b.startRank);
  const paired = round === undefined ? order : order.filter((p) => isPaired(p, round));
  return new Map(paired.map((p, i) => [p.startRank, i]));
}

/** Whether a round's entry took part in that round's pairing: met someone, or got the pairing's bye or a forfeit win. */
const participated = (r: TrfRound | undefined): boolean =>
  r !== undefined && ((r.opponent !== null && r.opponent > 0) || r.result === 'U' || r.result === '+');

/**
 * The colour pairing number 1 gets in round 1: the file's (`XXC white1`/`black1`), or else inferred
 * as bbpPairings infers it: in the first round anyone had a colour, the colour of the first player
 * (in pairing order, counting those paired by then) who had one, turned over when that player's
 * place among them is even.
 */
export function initialColour(t: Tournament): Colour {
  if (t.initialColour) return t.initialColour;
  const rounds = Math.max(0, ...t.players.map((p) => p.rounds.length));
  let first = -1;
  for (let k = 0; k < rounds && first < 0; k++)
    if (t.players.some((p) => p.rounds[k]?.colour === 'w' || p.rounds[k]?.colour === 'b')) first = k;
  if (first < 0) return 'white';
  const rank = rankIndices(t);
  const ordered = [...t.players].sort((a, b) => (rank.get(a.startRank) as number) - (rank.get(b.startRank) as number));
  let place = 0;
  for (const p of ordered) {
    if (!p.rounds.slice(0, first + 1).some(participated)) continue;
    const c = p.rounds[first]?.colour;
    if (c === 'w' || c === 'b') {
      const colour: Colour = c === 'w' ? 'white' : 'black';
      return place % 2 === 1 ? other(colour) : colour;
    }
    place++;
  }
  return 'white';
}

/** Colours of two players' games, from the latest back, at the most recent game where they differed. */
function lastDifference(a: readonly Colour[], b: readonly Colour[]): [Colour, Colour] | null {
  for (let i = a.length - 1, j = b.length - 1; i >= 0 && j >= 0; i--, j--) if (a[i] !== b[j]) return [a[i] as Colour, b[j] as Colour];
  return null;
}

/**
 * Colours for a pair in `round` (Dutch E.1–E.5): both preferences if they agree; else the stronger
 * (absolute before strong, a wider imbalance between two absolute); else alternate from the latest
 * game where their colours differed; else the higher-ranked player's preference; else the
 * higher-ranked player takes the initial colour if their pairing number is odd, the other if even.
 */
export function allocateColours(t: Tournament, a: TrfPlayer, b: TrfPlayer, round: number): { white: number; black: number } {
  const rank = rankIndices(t, round);
  const aFirst =
    scoreBefore(t, a, round) > scoreBefore(t, b, round) ||
    (scoreBefore(t, a, round) === scoreBefore(t, b, round) && (rank.get(a.startRank) as number) < (rank.get(b.startRank) as number));
  const [high, low] = aFirst ? [a, b] : [b, a];
  const highColour = colourOfHigher(t, high, low, round, rank);
  return highColour === 'white' ? { white: high.startRank, black: low.startRank } : { white: low.startRank, black: high.startRank };
}

function colourOfHigher(t: Tournament, high: TrfPlayer, low: TrfPlayer, round: number, rank: Map<number, number>): Colour {
  const h = colourPreference(high, round);
  const l = colourPreference(low, round);
  if (h.colour === null || l.colour === null || h.colour !== l.colour) {
    if (h.colour !== null) return h.colour;
    if (l.colour !== null) return other(l.colour);
  } else {
    const hAbsolute = h.strength === 'absolute';
    const lAbsolute = l.strength === 'absolute';
    if (hAbsolute && (!lAbsolute || h.imbalance > l.imbalance)) return h.colour;
    if (lAbsolute && (!hAbsolute || l.imbalance > h.imbalance)) return other(l.colour);
    if (h.strength === 'strong' && l.strength !== 'strong') return h.colour;
    if (l.strength === 'strong' && h.strength !== 'strong') return other(l.colour);
    const differed = lastDifference(h.played, l.played);
    if (differed) return differed[1];
    return h.colour;
  }
  const initial = initialColour(t);
  return (rank.get(high.startRank) as number) % 2 === 0 ? initial : other(initial);
}

export interface RoundPairing {
  /** Board order: the higher-ranked pair first. */
  readonly pairs: readonly { readonly white: number; readonly black: number }[];
  /** The pairing-allocated bye, or null. */
  readonly bye: number | null;
}

/** Whether a player takes part in the pairing of `round`: no entry yet, or one that was paired. */
function isPaired(p: TrfPlayer, round: number): boolean {
  const r = p.rounds[round - 1];
  return r === undefined || participated(r);
}

/**
 * The Dutch pairing of `round` (from 1) from the rounds before it (entries of later rounds are not
 * read; an entry of `round` itself that was not paired — a bye asked for, an absence — keeps the
 * player out). Pairs in bbpPairings's order of publication (the higher pairs first, the bye last).
 */
export function pairRound(t: Tournament, round: number): Result<RoundPairing> {
  if (round === 1) return ok(pairFirstRound(t));
  const field = dutchField(t, round);
  const sorted = [...field.paired].sort(higherFirst);
  if (sorted.length === 0) return ok({ pairs: [], bye: null });
  let mates: number[];
  try {
    mates = pairBrackets(t, sorted, field.all, round);
  } catch (e) {
    if (e instanceof NoPairing) return fail(`round ${round}: ${e.message}`);
    throw e;
  }
  const initial = initialColour(t);
  const pairs: { white: DutchPlayer; black: DutchPlayer }[] = [];
  let bye: number | null = null;
  for (const [i, p] of sorted.entries()) {
    const mate = sorted[mates[i] as number] as DutchPlayer;
    if (mate === p) bye = p.startRank;
    else if (p.startRank < mate.startRank)
      pairs.push(colourOf(p, mate, initial) === 'white' ? { white: p, black: mate } : { white: mate, black: p });
  }
  const higher = (x: { white: DutchPlayer; black: DutchPlayer }): [DutchPlayer, DutchPlayer] =>
    higherFirst(x.white, x.black) <= 0 ? [x.white, x.black] : [x.black, x.white];
  pairs.sort((x, y) => {
    const [hx, lx] = higher(x);
    const [hy, ly] = higher(y);
    return hy.score - hx.score || ly.score - lx.score || hx.rank - hy.rank;
  });
  return ok({ pairs: pairs.map((x) => ({ white: x.white.startRank, black: x.black.startRank })), bye });
}

/**
 * Round 1 needs no matching (all score 0, nobody has met, no colour yet): the players taking part in
 * pairing order, the last the bye when they are odd, the top half meeting the bottom half board by
 * board — what the brackets give, without their cost on a large field.
 */
function pairFirstRound(t: Tournament): RoundPairing {
  const rank = rankIndices(t, 1);
  const players = t.players
    .filter((p) => isPaired(p, 1))
    .sort((a, b) => (rank.get(a.startRank) as number) - (rank.get(b.startRank) as number));
  const bye = players.length % 2 === 1 ? (players.pop() as TrfPlayer) : null;
  const half = players.length / 2;
  const pairs = Array.from({ length: half }, (_, i) => allocateColours(t, players[i] as TrfPlayer, players[i + half] as TrfPlayer, 1));
  return { pairs, bye: bye?.startRank ?? null };
}

/** A pairing as bbpPairings writes it (`-p`): the number of pairs, then `white black` a line, the bye as `N 0`. */
export function formatPairings(p: RoundPairing): string {
  const lines = p.pairs.map((x) => `${x.white} ${x.black}`);
  if (p.bye !== null) lines.push(`${p.bye} 0`);
  return `${lines.length}\n${lines.map((l) => `${l}\n`).join('')}`;
}

import { aiOf } from '@hexarena/engines/ai/profiles.ts';
import type { AnyGame, Json, Outcome } from '@hexarena/engines/engine/game.ts';
import { refuse } from '@hexarena/engines/engine/refusal.ts';
import { replayFrom } from '@hexarena/engines/engine/replay.ts';
import { err, ok, type Result } from '@hexarena/engines/engine/result.ts';

/**
 * The opening explorer's view of a game: for each position of its opening, a key that names the
 * position (not the moves that led there, so transpositions meet) and the move played there.
 *
 * The key is the game's own 64-bit Zobrist hash (its AI profile's search position, `hashLo`/`hashHi`),
 * as 16 hex digits, then `:` and the seat to move. Every game draws its Zobrist keys from a fixed seed
 * (`Rng.fromSeed('hexarena/hive/zobrist')` and the like), so a key is the same in every process and
 * after every restart: it may be stored. The hash is of what the rules need (Hive's includes the piece
 * that moved last, which the Pillbug may not throw), so a key names a position as the rules see it.
 */

/**
 * Plies counted from the start: 30 (15 moves a side) covers every Hive opening worth a name and the
 * first stones of Hex and Nonaga; past it games are each their own, and counting them would only grow
 * the index (a row per position and move) without telling anyone anything.
 */
export const OPENING_PLIES = 30;

/** One step of an opening: the position's key, and the move played there in the game's notation ('' when the game ended there). */
export interface OpeningStep {
  readonly key: string;
  readonly move: string;
}

/** How a game ended, as the explorer counts it: the first seat won, the second did, or a draw. */
export type Counted = 'first' | 'second' | 'draw';

/**
 * Whether the explorer counts a game: two players, no chance, and a hashed search position (Hive,
 * Nonaga, Hex, and tic-tac-toe alike). DiceWars is not: its dice make a position's "moves played"
 * say nothing of the moves, and it is played by up to eight.
 */
export function explorable(game: AnyGame): boolean {
  return game.players.max === 2 && !game.stochastic && aiOf(game).search !== undefined;
}

/** Why a game is not explored, in words. */
export const notExplored = (game: AnyGame): string =>
  `${game.title} is not in the opening explorer: it counts games of two players without chance (${game.stochastic ? 'its dice decide too much' : 'this game is not one'})`;

/** JSON with its keys sorted, so equal options give equal text. */
function canonical(x: Json): string {
  if (Array.isArray(x)) return `[${x.map(canonical).join(',')}]`;
  if (x !== null && typeof x === 'object')
    return `{${Object.keys(x)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((x as Record<string, Json>)[k] as Json)}`)
      .join(',')}}`;
  return JSON.stringify(x);
}

/** FNV-1a, 32 bits, as 8 hex digits: a short stable name for a text. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * The variant a game is counted under: its id, for its default options (what nearly everyone plays),
 * else its id and a hash of its options (Hive without expansions, Hex on 13×13: other games, whose
 * positions are not mixed with these). Options are parsed first, so missing fields take their defaults.
 */
export function variantOf(game: AnyGame, options: Json): Result<string> {
  const parsed = game.parseOptions(options);
  if (!parsed.ok) return parsed;
  const text = canonical(parsed.value as Json);
  return ok(text === canonical(game.defaultOptions as Json) ? game.id : `${game.id}:${fnv1a(text)}`);
}

/** The key of a position: its 64-bit hash in hex, and the seat to move. */
export function positionKey(game: AnyGame, state: unknown): string {
  const search = aiOf(game).search;
  if (!search) throw new Error(`${game.id} has no search position to hash`);
  const pos = search.open(state);
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return `${hex(pos.hashHi())}${hex(pos.hashLo())}:${game.toMove(state) ?? pos.turn()}`;
}

/** A game's opening as the explorer reads it. */
export interface Opening {
  readonly variant: string;
  /** The positions of its first plies with the move played in each; then, if it ended within them, its last position with ''. */
  readonly steps: readonly OpeningStep[];
  /** The position after all of `moves` (the one asked about), or null past the opening. */
  readonly key: string | null;
  /** How many moves were played. */
  readonly plies: number;
}

/**
 * Replays `moves` (texts in the game's notation) from the game's start and reads its opening: the
 * first bad move is named ("move 3 (wQ -bS1): …"). Moves are written back as the game formats them,
 * so one move written two ways is counted once. `ended`: the game ended after these moves (by its
 * rules, a resignation, time…), so its last position, if in the opening, is one it ended in; false,
 * it goes on; left out, the moves are a question about their last position, and only its key is made
 * (no steps).
 */
export function openingOf(game: AnyGame, options: Json, seed: string, moves: readonly string[], ended?: boolean): Result<Opening> {
  const asked = ended === undefined;
  if (!explorable(game)) return refuse('explorer.notExplored', notExplored(game), { game: game.title });
  const variant = variantOf(game, options);
  if (!variant.ok) return variant;
  const parsed = game.parseOptions(options);
  if (!parsed.ok) return parsed;
  const start = game.newGame(parsed.value, seed);
  const opening = Math.min(moves.length, OPENING_PLIES);
  // The opening is keyed; the rest is only checked.
  const replayed = replayFrom(game, start, moves);
  // The replay's refusal by code (rules.replay, the move's own refusal its cause): an app words it.
  if (replayed.refusal !== null) return err(replayed.refusal);
  const steps: OpeningStep[] = [];
  // Only the last position is wanted for a question (`ended` undefined): the keys on the way are not made.
  for (let i = 0; i < (asked ? 0 : opening); i++) {
    const state = replayed.states[i];
    steps.push({ key: positionKey(game, state), move: game.formatMove(state, replayed.moves[i]) });
  }
  const last = replayed.states[moves.length];
  const key = moves.length < OPENING_PLIES ? positionKey(game, last) : null;
  if (key !== null && ended === true) steps.push({ key, move: '' });
  return ok({ variant: variant.value, steps, key, plies: moves.length });
}

/** How a finished game counts: by its winner's seat, or a draw; null for an outcome of more than two. */
export function countedOf(outcome: Outcome): Counted | null {
  if (outcome.kind === 'draw') return 'draw';
  if (outcome.kind === 'win' && (outcome.winner === 0 || outcome.winner === 1)) return outcome.winner === 0 ? 'first' : 'second';
  return null;
}

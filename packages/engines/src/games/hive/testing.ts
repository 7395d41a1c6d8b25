import { unwrap } from '../../engine/result.ts';
import { Rng } from '../../engine/rng.ts';
import { type HiveState, hive } from './game.ts';
import { cellOf, wrappedHex } from './grid.ts';
import { legalMoves } from './movegen.ts';
import { type Color, type GameType, parsePiece } from './pieces.ts';
import { encodeMove, type HiveMove, HivePosition, PASS } from './position.ts';

/**
 * Helpers for tests and puzzles: positions written as "wQ 0 0; bQ 1 0; wB1 1 0" (axial q r,
 * stacks bottom first), moves named by piece and destination.
 */
export const piece = (name: string): number => unwrap(parsePiece(name));

export function arrangeHive(
  spec: string,
  setup: { turn?: Color; ply?: number; lastMoved?: string; type?: GameType; tournament?: boolean } = {},
): HivePosition {
  const pieces = spec
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [name, q, r] = entry.split(/\s+/);
      return [piece(name as string), Number(q), Number(r)] as const;
    });
  const turn = setup.turn ?? 0;
  return HivePosition.arrange({ type: setup.type ?? 'Base+MLP', tournament: setup.tournament ?? true }, pieces, {
    turn,
    ply: setup.ply ?? 20 + turn,
    ...(setup.lastMoved ? { lastMoved: piece(setup.lastMoved) } : {}),
  });
}

export const moveOf = (name: string, q: number, r: number): HiveMove => encodeMove(piece(name), cellOf(q, r));

/** The destinations of one piece's legal moves, as "q,r" strings. */
export function destinations(pos: HivePosition, name: string): string[] {
  const p = piece(name);
  return legalMoves(pos)
    .filter((m) => m !== PASS && (m & 31) === p)
    .map((m) => {
      const h = wrappedHex((m >> 5) & 1023);
      return `${h.q},${h.r}`;
    })
    .sort();
}

/**
 * A game of `length` random moves that is not over: a move that would end it is passed over for
 * another (random Hive games rarely surround a queen anyway). Long games for tests and benchmarks.
 */
export function unfinishedGame(seed: string, length: number): { moves: HiveMove[]; texts: string[]; state: HiveState } {
  const rng = Rng.fromSeed(seed);
  let state = hive.newGame(hive.defaultOptions, seed);
  const moves: HiveMove[] = [];
  const texts: string[] = [];
  while (moves.length < length && hive.result(state) === null) {
    const legal = hive.legalMoves(state);
    let move = rng.pick(legal);
    for (let tries = 0; tries < 20 && hive.result(hive.play(state, move)) !== null; tries++) move = rng.pick(legal);
    if (hive.result(hive.play(state, move)) !== null) break;
    moves.push(move);
    texts.push(hive.formatMove(state, move));
    state = hive.play(state, move);
  }
  return { moves, texts, state };
}

/**
 * A whole game from the start: White (the medium level) surrounds Black's (a random mover) queen on
 * the 23rd move, a win in one that only one move makes. Black's moves are poor, the 22nd a blunder.
 */
export const SURROUNDED_IN_23: readonly string[] = [
  'wA1',
  'bM wA1-',
  'wQ -wA1',
  'bA1 bM/',
  'wP wQ\\',
  'bS1 \\bA1',
  'wQ wA1\\',
  'bQ \\bS1',
  'wA2 -wA1',
  'bS2 -bQ',
  'wA2 /bS2',
  'bB1 bQ/',
  'wA3 -wA1',
  'bA2 \\bB1',
  'wA3 -bA2',
  'bB2 bA2/',
  'wA3 bB2-',
  'bA3 bB1-',
  'wA1 bB1\\',
  'bA3 -bS2',
  'wA2 bS2\\',
  'bA3 wA1/',
  'wA3 /bA2',
];

import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { DEFAULT_HIVE_OPTIONS, type HiveState } from '@hexarena/engines/games/hive/game.ts';
import { ORIGIN_CELL } from '@hexarena/engines/games/hive/grid.ts';
import { displayCoordinates } from '@hexarena/engines/games/hive/layout.ts';
import { BLACK, type Color, colorOf, FIRST_INDEX_OF_BUG, pieceId, QUEEN, WHITE } from '@hexarena/engines/games/hive/pieces.ts';
import { HivePosition } from '@hexarena/engines/games/hive/position.ts';
import { type Hex, subtract } from '@hexarena/engines/hex/coords.ts';
import { bugNumber, SEED_COLORS, type SeedGame, type SeedPiece, type SeedView, toAxial, toOffset } from './board.ts';
import { gameTypeOf, whyImpossible } from './possible.ts';

/**
 * A game the referee sent, as hexarena's player plays it: the engine's position, and the view that
 * writes its moves back in the referee's terms (its coordinates, and its own lists of pieces left
 * to set, in whatever order it keeps them).
 */
export interface ReadGame {
  readonly state: HiveState;
  readonly view: SeedView;
}

/**
 * The position of a game, or why the game cannot be one. Pieces are numbered in the order they
 * come, stacks from the ground up. What the seed does not send is worked out where it can be: the
 * piece moved last (given from the games before and after the opponent's move, see movedSince),
 * and how far each player is in the game, for the queen's rules (a player without its queen has only
 * set pieces, so it is at its turn number pieces + 1, whatever `turn` counts).
 */
export function readSeedGame(game: SeedGame, lastMoved: { x: number; y: number; height: number } | null = null): Result<ReadGame> {
  const impossible = whyImpossible(game);
  if (impossible) return fail(impossible);
  const options = { ...DEFAULT_HIVE_OPTIONS, type: gameTypeOf(game) };
  const used = new Map<string, number>();
  const sorted = [...game.board].sort((a, b) => a.height - b.height);
  const pieces = sorted.map((p): [number, number, number] => {
    const bug = bugNumber(p.type);
    const color: Color = p.color === 'white' ? WHITE : BLACK;
    const n = used.get(`${color}/${bug}`) ?? 0;
    used.set(`${color}/${bug}`, n + 1);
    const h = toAxial(p.x, p.y);
    return [pieceId(color, (FIRST_INDEX_OF_BUG[bug] as number) + n), h.q, h.r];
  });
  const turn: Color = game.player === 'white' ? WHITE : BLACK;
  const mine = pieces.filter(([p]) => colorOf(p) === turn);
  const queenIn = mine.some(([p]) => p === pieceId(turn, QUEEN));
  const told = Math.max(game.turn - 1, pieces.length);
  const ply = queenIn ? told + ((told & 1) ^ turn) : 2 * mine.length + turn;
  const moved = lastMoved && sorted.findIndex((p) => p.x === lastMoved.x && p.y === lastMoved.y && p.height === lastMoved.height);
  let pos: HivePosition;
  try {
    pos = HivePosition.arrange(options, pieces, {
      turn,
      ply,
      ...(typeof moved === 'number' && moved >= 0 ? { lastMoved: (pieces[moved] as [number, number, number])[0] } : {}),
    });
  } catch (e) {
    return fail(`the board cannot be set up: ${e instanceof Error ? e.message : String(e)}`);
  }
  const hands = SEED_COLORS.map((c) => game.remaining_pieces.find((r) => r.player === c)?.pieces ?? []);
  return ok({ state: { pos, options }, view: { cells: cellsOf(pos, sorted, pieces), hands: [hands[0] ?? [], hands[1] ?? []] } });
}

/** The referee's (x, y) of every cell the player may name: the board's cells shifted to where the referee has its hive. */
function cellsOf(pos: HivePosition, sorted: readonly SeedPiece[], pieces: readonly [number, number, number][]): SeedView['cells'] {
  const first = sorted[0];
  if (!first) return new Map([[ORIGIN_CELL, { x: 0, y: 0 }]]);
  const shown = displayCoordinates(pos);
  const shift = subtract(toAxial(first.x, first.y), shown.get(pos.where[(pieces[0] as [number, number, number])[0]] as number) as Hex);
  return new Map([...shown].map(([cell, h]) => [cell, toOffset({ q: h.q + shift.q, r: h.r + shift.r })]));
}

/**
 * Where the piece that moved last stands, from the game before the move and the game after it (the
 * seed does not send it, and a pillbug may not throw a piece that just moved): the one piece at a
 * place it did not hold before.
 */
export function movedSince(before: SeedGame, after: SeedGame): { x: number; y: number; height: number } | null {
  const key = (p: SeedPiece) => `${p.color}/${bugNumber(p.type)}/${p.x}/${p.y}/${p.height}`;
  const held = new Map<string, number>();
  for (const p of before.board) held.set(key(p), (held.get(key(p)) ?? 0) + 1);
  const fresh = after.board.filter((p) => {
    const n = held.get(key(p)) ?? 0;
    held.set(key(p), n - 1);
    return n <= 0;
  });
  const [only] = fresh;
  return fresh.length === 1 && only ? { x: only.x, y: only.y, height: only.height } : null;
}

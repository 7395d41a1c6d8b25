import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { dicewars } from '@hexarena/engines/games/dicewars/index.ts';
import { hex } from '@hexarena/engines/games/hex/index.ts';
import { hive } from '@hexarena/engines/games/hive/index.ts';
import { nonaga } from '@hexarena/engines/games/nonaga/index.ts';
import { tictactoe } from '@hexarena/engines/games/tictactoe/index.ts';
import type { VNode } from 'preact';
import { describe, expect, it } from 'vitest';
import { DiceWarsMini } from './dicewars/mini.tsx';
import { HexMini } from './hex/mini.tsx';
import { HiveMini } from './hive/mini.tsx';
import { NonagaMini } from './nonaga/mini.tsx';
import { TicTacToeMini } from './tictactoe/mini.tsx';
import type { Miniature } from './web-game.tsx';

/**
 * Each game's miniature, drawn from positions as a spectator receives them (the game's public view
 * read back): what it draws is counted by element, its components expanded as Preact would.
 */
type Drawn = { tags: Record<string, number>; texts: string[] };
function draw(node: unknown, into: Drawn = { tags: {}, texts: [] }): Drawn {
  if (node === null || node === undefined || typeof node === 'boolean') return into;
  if (typeof node === 'string' || typeof node === 'number') {
    into.texts.push(String(node));
    return into;
  }
  if (Array.isArray(node)) {
    for (const n of node) draw(n, into);
    return into;
  }
  const v = node as VNode<{ children?: unknown }>;
  if (typeof v.type === 'function') return draw((v.type as (p: unknown) => unknown)(v.props), into);
  into.tags[v.type as string] = (into.tags[v.type as string] ?? 0) + 1;
  return draw(v.props.children, into);
}

/** The position after `plies` moves of a deterministic line (each the k-th legal move), as a spectator reads it. */
function seen(game: AnyGame, plies: number): unknown {
  let state = game.newGame(game.defaultOptions, 'mini');
  for (let i = 0; i < plies && game.result(state) === null; i++) {
    const moves = game.legalMoves(state);
    state = game.play(state, moves[(i * 7) % moves.length] as unknown);
  }
  const view = JSON.parse(JSON.stringify(game.view(state, null)));
  const read = game.fromView ? game.fromView(view) : game.fromJSON(view);
  if (!read.ok) throw read.error;
  return read.value;
}
const drawn = (mini: Miniature<never>, state: unknown) => draw((mini as Miniature<unknown>)({ state }));

describe('miniature boards', () => {
  it('tic-tac-toe: the marks played', () => {
    const d = drawn(TicTacToeMini, seen(tictactoe as AnyGame, 3));
    // The grid's path, two Xs, one O.
    expect(d.tags.path).toBe(3);
    expect(d.tags.circle).toBe(1);
  });
  it('Hive: a hexagon per stack with its top bug; before the first piece, the middle’s seven places and no bug', () => {
    // Issue 49: an empty box read as a picture missing; the places waiting for the first piece are drawn faint.
    const empty = drawn(HiveMini, seen(hive as AnyGame, 0));
    expect(empty.tags.polygon).toBe(7);
    expect(empty.texts).toEqual([]);
    const d = drawn(HiveMini, seen(hive as AnyGame, 6));
    expect(d.tags.polygon).toBeGreaterThanOrEqual(4);
    expect(d.tags.polygon).toBeLessThanOrEqual(6);
    expect(d.texts.every((t) => /^[QSBGAMLP]$/.test(t))).toBe(true);
  });
  it('Hex: every cell of the rhombus, the stones in their colours', () => {
    const state = seen(hex as AnyGame, 5) as { board: { size: number } };
    const d = draw(HexMini({ state: state as never }));
    expect(d.tags.polygon).toBe(state.board.size ** 2);
  });
  it('Nonaga: its nineteen discs, six tokens', () => {
    const d = drawn(NonagaMini, seen(nonaga as AnyGame, 4));
    expect(d.tags.polygon).toBe(19);
    expect(d.texts.filter((t) => t === '●').length).toBe(6);
  });
  it('DiceWars: the land, every cell coloured by its owner', () => {
    const state = seen(dicewars as AnyGame, 10) as { board: { cellTerritory: Int16Array } };
    const land = [...state.board.cellTerritory].filter((t) => t >= 0).length;
    expect(drawn(DiceWarsMini, state).tags.polygon).toBe(land);
  });
});

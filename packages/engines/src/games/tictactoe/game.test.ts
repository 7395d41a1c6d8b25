import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../engine/result.ts';
import { type TicTacToeState, tictactoe as ttt } from './game.ts';

const fromBoard = (board: string): TicTacToeState => unwrap(ttt.fromJSON({ board }));

/** A random game prefix: the state after some legal moves, and the moves as text. */
const arbGame = fc.array(fc.nat(), { maxLength: 9 }).map((picks) => {
  let state = ttt.newGame({}, 'seed');
  const moves: string[] = [];
  for (const pick of picks) {
    const legal = ttt.legalMoves(state);
    if (legal.length === 0) break;
    const move = legal[pick % legal.length] as (typeof legal)[number];
    moves.push(ttt.formatMove(state, move));
    state = ttt.play(state, move);
  }
  return { state, moves };
});

describe('tic-tac-toe rules', () => {
  it('X moves first, on any of nine cells; then O', () => {
    const start = ttt.newGame({}, 'any');
    expect(ttt.toMove(start)).toBe(0);
    expect(ttt.legalMoves(start)).toHaveLength(9);
    const after = ttt.play(start, { cell: 4 });
    expect(ttt.toMove(after)).toBe(1);
    expect(ttt.legalMoves(after)).toHaveLength(8);
    expect(start.board[4]).toBeNull();
  });

  it('three in a row wins; a full board without one is a draw', () => {
    expect(ttt.result(fromBoard('xxx-oo---'))).toMatchObject({ kind: 'win', winner: 0 });
    expect(ttt.result(fromBoard('xx-ooo-x-'))).toMatchObject({ kind: 'win', winner: 1 });
    expect(ttt.result(fromBoard('xoxxoooxx'))).toMatchObject({ kind: 'draw' });
    expect(ttt.result(fromBoard('xo-------'))).toBeNull();
  });

  it('a finished game has no legal moves and nobody to move', () => {
    const won = fromBoard('xxx-oo---');
    expect(ttt.legalMoves(won)).toEqual([]);
    expect(ttt.toMove(won)).toBeNull();
    expect(() => ttt.play(won, { cell: 3 })).toThrow();
  });

  it('parseMove refuses taken cells, garbage and moves after the end, saying why', () => {
    const s = fromBoard('x--------');
    expect(ttt.parseMove(s, 'a3')).toMatchObject({ ok: false, error: { message: 'a3 already holds X' } });
    expect(ttt.parseMove(s, 'z9')).toMatchObject({ ok: false });
    expect(ttt.parseMove(fromBoard('xxx-oo---'), 'a1')).toMatchObject({ ok: false, error: { message: 'the game is over' } });
    expect(ttt.parseMove(s, 'b2')).toEqual({ ok: true, value: { cell: 4 } });
  });

  it('fromJSON refuses boards no game can reach', () => {
    expect(ttt.fromJSON({ board: 'xx-------' }).ok).toBe(false); // X moved twice
    expect(ttt.fromJSON({ board: 'o--------' }).ok).toBe(false); // O moved first
    expect(ttt.fromJSON({ board: 'xxxooo---' }).ok).toBe(false); // both have a line
    expect(ttt.fromJSON({ board: 'xxxoo-o--' }).ok).toBe(false); // O moved after X won
    expect(ttt.fromJSON({ board: 'oooxx-xx-' }).ok).toBe(false); // X moved after O won
    expect(ttt.fromJSON('xo').ok).toBe(false);
    expect(ttt.fromJSON(null).ok).toBe(false);
  });

  it('options: none, and unknown ones are refused by name', () => {
    expect(ttt.parseOptions(undefined)).toEqual({ ok: true, value: {} });
    expect(ttt.parseOptions({})).toEqual({ ok: true, value: {} });
    expect(ttt.parseOptions({ size: 4 })).toMatchObject({ ok: false, error: { message: expect.stringContaining('size') } });
    expect(ttt.parseOptions([1]).ok).toBe(false);
  });
});

describe('tic-tac-toe properties', () => {
  it('parseMove(formatMove(m)) is m for every legal move', () => {
    fc.assert(
      fc.property(arbGame, ({ state }) => {
        for (const m of ttt.legalMoves(state)) expect(ttt.parseMove(state, ttt.formatMove(state, m))).toEqual({ ok: true, value: m });
      }),
    );
  });

  it('fromJSON(toJSON(s)) is s for every reachable state', () => {
    fc.assert(
      fc.property(arbGame, ({ state }) => {
        expect(ttt.fromJSON(JSON.parse(JSON.stringify(ttt.toJSON(state))))).toEqual({ ok: true, value: state });
      }),
    );
  });

  it('no illegal move is accepted: parseMove succeeds exactly on the empty cells of a live game', () => {
    fc.assert(
      fc.property(arbGame, fc.constantFrom('a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3'), ({ state }, text) => {
        const legal = ttt.legalMoves(state).map((m) => ttt.formatMove(state, m));
        expect(ttt.parseMove(state, text).ok).toBe(legal.includes(text));
      }),
    );
  });
});

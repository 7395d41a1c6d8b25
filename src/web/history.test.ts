import { Rng } from '@hexarena/engines/engine/rng.ts';
import { dicewars } from '@hexarena/engines/games/dicewars/index.ts';
import { tictactoe } from '@hexarena/engines/games/tictactoe/index.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayMoves, resigningSeat, roundNumbers } from './history.ts';
import { setCatalog, t } from './i18n/index.ts';
import en from './i18n/messages/en.ts';
import es from './i18n/messages/es.ts';
import ru from './i18n/messages/ru.ts';
import { rulesRefusal } from './i18n/why.ts';

/** A random game's moves as text. */
function randomGame(seed: string, plies: number): string[] {
  const rng = Rng.fromSeed(seed);
  let state = tictactoe.newGame({}, seed);
  const moves: string[] = [];
  for (let i = 0; i < plies && tictactoe.result(state) === null; i++) {
    const legal = tictactoe.legalMoves(state);
    const move = legal[rng.int(legal.length)];
    if (move === undefined) break;
    moves.push(tictactoe.formatMove(state, move));
    state = tictactoe.play(state, move);
  }
  return moves;
}

describe('replayMoves', () => {
  it('gives one position per move, and extending reuses the positions already made', () => {
    const moves = randomGame('h', 9);
    const first = replayMoves(tictactoe, {}, 's', moves.slice(0, 3));
    const more = replayMoves(tictactoe, {}, 's', moves, first);
    expect(more.states).toHaveLength(moves.length + 1);
    expect(more.states[3]).toBe(first.states[3]);
    expect(more.error).toBeNull();
    // Equal to a replay from scratch.
    expect(more.states.map((s) => s.board.join())).toEqual(replayMoves(tictactoe, {}, 's', moves).states.map((s) => s.board.join()));
  });

  it('after a branch (an undo, then another move) the old line is dropped, not reused', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(8), (a, b, cut) => {
        const line = randomGame(`a${a}`, 9);
        const other = [...line.slice(0, Math.min(cut, line.length)), ...randomGame(`b${b}`, 9)];
        const before = replayMoves(tictactoe, {}, 's', line);
        const branch = replayMoves(tictactoe, {}, 's', other, before);
        const fresh = replayMoves(tictactoe, {}, 's', other);
        expect(branch.moves).toEqual(fresh.moves);
        expect(branch.error).toEqual(fresh.error);
        expect(branch.states.map((s) => s.board.join())).toEqual(fresh.states.map((s) => s.board.join()));
      }),
    );
  });

  it('stops at an illegal move, names it, and keeps the moves before it', () => {
    const r = replayMoves(tictactoe, {}, 's', ['b2', 'b2', 'a1']);
    expect(r.moves).toEqual(['b2']);
    expect(r.states).toHaveLength(2);
    expect(r.error).toMatch(/^move 2 \(b2\): /);
    const over = replayMoves(tictactoe, {}, 's', ['a1', 'a2', 'b1', 'b2', 'c1', 'c3']);
    expect(over.error).toBe('move 6 (c3): the game was already over');
  });

  it('says the illegal move of an address in the player’s language (the game page’s note)', () => {
    const note = (moves: string[]) => {
      const r = replayMoves(tictactoe, {}, 's', moves);
      return r.refusal && t('game.addressIllegal', { move: rulesRefusal(r.refusal) });
    };
    try {
      setCatalog('ru', ru);
      expect(note(['b2', 'b2'])).toBe(
        'Партия продолжается с позиции перед ходом из адреса, который запрещают правила: Ход 2 (b2): На b2 уже стоит крестик.',
      );
      setCatalog('es', es);
      expect(note(['a1', 'a2', 'b1', 'b2', 'c1', 'c3'])).toBe(
        'La partida sigue desde antes de una jugada de la dirección que las reglas no permiten: Jugada 6 (c3): La partida ha terminado.',
      );
    } finally {
      setCatalog('en', en);
    }
  });

  it('replays dice games exactly (the RNG travels in the positions)', () => {
    const options = { ...dicewars.defaultOptions, players: 3, map: 'small' as const };
    let state = dicewars.newGame(options, 'dice');
    const moves: string[] = [];
    for (let i = 0; i < 60; i++) {
      const legal = dicewars.legalMoves(state);
      const move = legal.find((m) => m.type === 'attack') ?? legal[0];
      if (!move) break;
      moves.push(dicewars.formatMove(state, move));
      state = dicewars.play(state, move);
    }
    const half = replayMoves(dicewars, options, 'dice', moves.slice(0, 30));
    const whole = replayMoves(dicewars, options, 'dice', moves, half);
    expect(JSON.stringify(dicewars.toJSON(whole.states[moves.length] as typeof state))).toBe(JSON.stringify(dicewars.toJSON(state)));
  });
});

describe('resigningSeat', () => {
  const start = tictactoe.newGame({}, 's');
  it('is the human to move, or the one human waiting for an AI', () => {
    expect(resigningSeat(tictactoe, start, 1, ['human', 'human'])).toBe(1);
    expect(resigningSeat(tictactoe, start, 1, ['human', 'max'])).toBe(0);
  });
  it('is nobody when only AIs play, or several humans wait', () => {
    expect(resigningSeat(tictactoe, start, 0, ['max', 'max'])).toBeNull();
    const options = { ...dicewars.defaultOptions, players: 3, map: 'small' as const };
    const dw = dicewars.newGame(options, 'r');
    expect(resigningSeat(dicewars, dw, null, ['human', 'human', 'hard'])).toBeNull();
  });
  it('is nobody for a human already out (DiceWars standings list only those still in)', () => {
    const options = { ...dicewars.defaultOptions, players: 2, map: 'small' as const };
    const dw = dicewars.newGame(options, 'r');
    const out = dw.clone();
    for (let t = 0; t < out.board.territories; t++) out.owner[t] = 1;
    out.out.push(0);
    expect(resigningSeat(dicewars, dw, 1, ['human', 'hard'])).toBe(0);
    expect(resigningSeat(dicewars, out, 1, ['human', 'hard'])).toBeNull();
  });
});

describe('round numbers in the move list', () => {
  it('number rounds where the first player moves again, as hivegame and lichess do, not plies', () => {
    expect(roundNumbers([0, 1, 0, 1, 0])).toEqual([1, null, 2, null, 3]);
    // Black first (Nonaga's option): the rounds start with Black.
    expect(roundNumbers([1, 0, 1])).toEqual([1, null, 2]);
    // DiceWars: seat 2 first, several moves a turn.
    expect(roundNumbers([2, 2, 2, 0, 0, 1, 2, 2])).toEqual([1, null, null, null, null, null, 2, null]);
    expect(roundNumbers([])).toEqual([]);
  });
});

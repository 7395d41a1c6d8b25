import { unwrap } from '@hexarena/engines/engine/result.ts';
import { tictactoe } from '@hexarena/engines/games/tictactoe/index.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import ru from '../i18n/messages/ru.ts';
import { exampleLine, forecastProblem } from './forecast.ts';

afterAll(() => setCatalog('en', en));

/** Tic-tac-toe after `moves`. */
const played = (...moves: string[]) =>
  moves.reduce(
    (state, m) => tictactoe.play(state, unwrap(tictactoe.parseMove(state, m))),
    tictactoe.newGame(tictactoe.defaultOptions, 'forecast'),
  );

describe('conditional premoves checked on the page', () => {
  it('names the first move the rules refuse, its line and place, and why in the player’s language', () => {
    setCatalog('en', en);
    const state = played('b2');
    expect(forecastProblem(tictactoe, state, [['a1', 'c3']])).toBeNull();
    expect(
      forecastProblem(tictactoe, state, [
        ['a1', 'c3'],
        ['c1', 'b2'],
      ]),
    ).toBe('Line 2, move 2 (b2) cannot be played: b2 already holds an X.');
    expect(forecastProblem(tictactoe, state, [['z9']])).toMatch(/^Line 1, move 1 \(z9\) cannot be played: “z9” is not a cell/);
    setCatalog('ru', ru);
    expect(forecastProblem(tictactoe, state, [['a1', 'b2']])).toBe('Линия 1, ход 2 (b2) — сыграть нельзя: На b2 уже стоит крестик.');
  });

  it('a move after the game is over is refused as too late', () => {
    setCatalog('en', en);
    // X wins on a1-b2-c3 (a1 b1 b2 c1 c3): O's reply after it comes too late.
    const state = played('a1', 'b1', 'b2');
    expect(forecastProblem(tictactoe, state, [['c1', 'c3', 'a3']])).toBe('Line 1, move 3 (a3) cannot be played: The game is over.');
    expect(forecastProblem(tictactoe, state, [exampleLine(tictactoe, state).split('; ')])).toBeNull();
  });
});

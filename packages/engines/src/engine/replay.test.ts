import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tictactoe } from '../games/tictactoe/index.ts';
import { replayFrom } from './replay.ts';
import { Rng } from './rng.ts';

/** A random line of tic-tac-toe, as texts. */
function line(seed: string, plies: number): string[] {
  const rng = Rng.fromSeed(seed);
  let state = tictactoe.newGame({}, seed);
  const texts: string[] = [];
  while (texts.length < plies && tictactoe.result(state) === null) {
    const move = rng.pick(tictactoe.legalMoves(state));
    texts.push(tictactoe.formatMove(state, move));
    state = tictactoe.play(state, move);
  }
  return texts;
}

describe('the one replay', () => {
  const start = tictactoe.newGame({}, 's');

  it('extends another replay of the same game, keeping its positions and moves where they agree', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(9), (a, b, cut) => {
        const first = line(`a${a}`, 9);
        const other = [...first.slice(0, cut), ...line(`b${b}`, 9)];
        const before = replayFrom(tictactoe, start, first);
        const after = replayFrom(tictactoe, start, other, before);
        const fresh = replayFrom(tictactoe, start, other);
        expect(after.texts).toEqual(fresh.texts);
        expect(after.moves).toEqual(fresh.moves);
        expect(after.error).toEqual(fresh.error);
        expect(after.states.map((s) => s.board.join())).toEqual(fresh.states.map((s) => s.board.join()));
        // The shared beginning is the same objects, not made again.
        let shared = 0;
        while (shared < first.length && first[shared] === other[shared]) shared++;
        for (let i = 0; i <= Math.min(shared, after.states.length - 1); i++) expect(after.states[i]).toBe(before.states[i]);
      }),
      { numRuns: 50 },
    );
  });

  it('stops at the first move it cannot play, naming it in the game’s words', () => {
    expect(replayFrom(tictactoe, start, ['b2', 'b2', 'a1'])).toMatchObject({ texts: ['b2'], error: 'move 2 (b2): b2 already holds X' });
    expect(replayFrom(tictactoe, start, ['a1', 'a2', 'b1', 'b2', 'c1', 'c3'], undefined, 'turn').error).toBe(
      'turn 6 (c3): the game was already over',
    );
  });
});

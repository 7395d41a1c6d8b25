import { describe, expect, it } from 'vitest';
import { dicewars } from '../games/dicewars/game.ts';
import { tictactoe } from '../games/tictactoe/game.ts';
import { makeRecord, replay } from './record.ts';
import { resignationOutcome } from './resign.ts';
import { unwrap } from './result.ts';

describe('resignation', () => {
  it('gives a two-seat game to the other player, and the record replays', () => {
    const state = tictactoe.play(tictactoe.newGame({}, 's'), { cell: 4 });
    const outcome = resignationOutcome(tictactoe, state, 1, ['X', 'O']);
    expect(outcome).toEqual({ kind: 'win', winner: 0, reason: 'O resigned' });
    const record = makeRecord(tictactoe, {}, 's', ['b2'], outcome, { termination: 'resignation' });
    expect(replay(tictactoe, record).ok).toBe(true);
  });

  it('with more seats, the leader by the game’s standings wins and the resigner ranks last', () => {
    const options = unwrap(dicewars.parseOptions({ players: 4, map: 'small' }));
    const state = dicewars.newGame(options, 'resign');
    const names = dicewars.seatNames(options);
    const leaders = dicewars.standings?.(state) ?? [];
    expect([...leaders].sort()).toEqual([0, 1, 2, 3]);
    // Standings order seats by territories held.
    for (let i = 1; i < leaders.length; i++) {
      expect(state.territoriesOf(leaders[i - 1] as number)).toBeGreaterThanOrEqual(state.territoriesOf(leaders[i] as number));
    }
    const top = leaders[0] as number;
    const outcome = resignationOutcome(dicewars, state, top, names);
    expect(outcome).toEqual({
      kind: 'win',
      winner: leaders[1],
      ranking: [...leaders.slice(1), top],
      reason: `${names[top]} resigned`,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { dicewars } from '../games/dicewars/index.ts';
import { tictactoe } from '../games/tictactoe/index.ts';
import type { GameRules } from './game.ts';
import { makeRecord, replay } from './record.ts';
import { leaversLast, outcomeWithout, outOfGame, passingMove, resignationOutcome } from './resign.ts';
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

describe('players who leave a game that goes on without them', () => {
  const options = unwrap(dicewars.parseOptions({ players: 4, map: 'small' }));
  const names = dicewars.seatNames(options);

  it('rank after everyone still playing and everyone the rules put out, the first to leave last of all', () => {
    const state = dicewars.newGame(options, 'leave');
    const leaders = dicewars.standings?.(state) ?? [];
    const [a, b, c, d] = leaders as [number, number, number, number];
    const outcome = outcomeWithout(dicewars, state, names, [a, c], 'they left');
    expect(outcome).toEqual({ kind: 'win', winner: b, ranking: [b, d, c, a], reason: 'they left' });
    // Two seats: the other wins, no ranking.
    expect(outcomeWithout(tictactoe, tictactoe.newGame({}, 's'), ['X', 'O'], [0], 'X left')).toEqual({
      kind: 'win',
      winner: 1,
      reason: 'X left',
    });
    expect(() => outcomeWithout(dicewars, state, names, leaders, 'all gone')).toThrow(/nobody is left/);
  });

  it('a result by the rules keeps its order for those who played to the end; those who left go last', () => {
    const byRules = { kind: 'win' as const, winner: 2, ranking: [2, 0, 3, 1], reason: 'B conquered the map' };
    expect(leaversLast(byRules, [2, 3])).toEqual({ kind: 'win', winner: 0, ranking: [0, 1, 3, 2], reason: 'B conquered the map' });
    expect(leaversLast(byRules, [])).toBe(byRules);
    expect(leaversLast({ kind: 'draw' }, [1])).toEqual({ kind: 'draw' });
  });

  it('the rules put seats out in an order read from the standings over the positions, the last out first', () => {
    // A stand-in whose positions are the standings themselves.
    const fake = { standings: (s: number[]) => s } as unknown as GameRules<number[], never>;
    expect(
      outOfGame(fake, [
        [0, 1, 2, 3],
        [0, 2, 3, 1],
        [2, 0, 1],
        [2, 0],
        [2, 0],
      ]),
    ).toEqual([1, 3]);
    expect(outOfGame(tictactoe, [tictactoe.newGame({}, 's')])).toEqual([]);
  });

  it('the turn is passed by the one move that hands it on: DiceWars’s end; tic-tac-toe has none', () => {
    expect(passingMove(dicewars, dicewars.newGame(options, 'pass'))).toEqual(
      unwrap(dicewars.parseMove(dicewars.newGame(options, 'pass'), 'end')),
    );
    expect(passingMove(tictactoe, tictactoe.newGame({}, 's'))).toBeNull();
  });
});

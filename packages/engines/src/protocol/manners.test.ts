import { describe, expect, it } from 'vitest';
import { abortRefusal, mannersAllowed, offerRefusal, type TableFacts } from './manners.ts';

/** The one rule of table manners, which the server refuses by and the page shows its controls by. */
const table = (facts: Partial<TableFacts> = {}): TableFacts => ({
  title: 'Hive',
  draws: true,
  stochastic: false,
  clock: false,
  rated: false,
  seats: ['taken', 'taken'],
  movers: [0, 1],
  ...facts,
});

describe('table manners as the rules allow', () => {
  it('an untimed casual game of two, both moved: a draw and a takeback may be asked, the game no longer aborted', () => {
    expect(mannersAllowed(table(), 0)).toEqual({ draw: true, takeback: true, abort: false });
    expect(abortRefusal(table())).toBe('every player has moved: the game can no longer be aborted, only resigned');
  });

  it('abort while not every player has moved', () => {
    expect(mannersAllowed(table({ movers: [] }), 0).abort).toBe(true);
    expect(mannersAllowed(table({ movers: [0] }), 1).abort).toBe(true);
    expect(mannersAllowed(table({ movers: [0, 0, 0] }), 1).abort).toBe(true);
    expect(mannersAllowed(table({ seats: ['taken', 'taken', 'taken'], movers: [0, 1] }), 0).abort).toBe(true);
  });

  it('no takeback with a clock, dice or a rating, nor before your own first move', () => {
    expect(offerRefusal(table({ clock: true }), 0, 'takeback')).toBe('no takebacks in a game with a clock');
    expect(offerRefusal(table({ stochastic: true, title: 'DiceWars' }), 0, 'takeback')).toMatch(/^no takebacks in DiceWars: /);
    expect(offerRefusal(table({ rated: true }), 0, 'takeback')).toBe('no takebacks in a rated game');
    expect(offerRefusal(table({ movers: [0] }), 1, 'takeback')).toBe('you have made no move to take back');
    expect(offerRefusal(table({ movers: [0] }), 0, 'takeback')).toBeNull();
    // A clock stops the takeback, not the draw.
    expect(mannersAllowed(table({ clock: true }), 0)).toEqual({ draw: true, takeback: false, abort: false });
  });

  it('no draw offer before the opponent has joined, nor to the server’s AI, nor where the rules know no draws', () => {
    expect(offerRefusal(table({ seats: ['taken', 'open'], movers: [] }), 0, 'draw')).toBe(
      'nobody has taken the other seat yet: there is no one to offer a draw',
    );
    expect(mannersAllowed(table({ seats: ['taken', 'open'], movers: [0] }), 0)).toEqual({ draw: false, takeback: false, abort: true });
    expect(offerRefusal(table({ seats: ['taken', 'ai'] }), 0, 'draw')).toBe(
      "the server's AI does not take draw offers: play on, or resign",
    );
    // The AI grants a takeback.
    expect(offerRefusal(table({ seats: ['taken', 'ai'] }), 0, 'takeback')).toBeNull();
    expect(offerRefusal(table({ draws: false, title: 'Hex' }), 0, 'draw')).toBe('Hex has no draws: play on, or resign');
    expect(offerRefusal(table({ seats: ['taken', 'taken', 'taken'] }), 0, 'draw')).toBe(
      'draws are agreed between the two players of a two-player game',
    );
  });
});

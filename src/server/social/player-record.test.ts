import { describe, expect, it } from 'vitest';
import { streaksOf } from './player-record.ts';

describe('winning streaks', () => {
  it('counts the streak running now (from the newest game) and the longest, a draw or a loss ending one', () => {
    expect(streaksOf([])).toEqual({ current: 0, longest: 0 });
    expect(streaksOf(['win', 'win', 'draw', 'win', 'win', 'win', 'loss', 'win'])).toEqual({ current: 2, longest: 3 });
    expect(streaksOf(['loss', 'win', 'win'])).toEqual({ current: 0, longest: 2 });
    // A game without a single result for the player (a free-for-all's) ends a streak too.
    expect(streaksOf(['win', null, 'win'])).toEqual({ current: 1, longest: 1 });
  });
});

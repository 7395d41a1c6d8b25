import { describe, expect, it } from 'vitest';
import { type EntryConditions, entryRefusal } from './conditions.ts';

const cup = (conditions: EntryConditions, invite?: string) => ({
  name: 'Cup',
  settings: { conditions, ...(invite ? { invite } : {}), invited: [{ account: 'acc-named' }] },
});

describe('entry conditions', () => {
  // conditions, the player (rated games, rating), the invitation sent → the refusal's code, or null.
  const TABLE: [string, EntryConditions, [number, number], string | undefined, string | null][] = [
    ['none: anyone', {}, [0, 1500], undefined, null],
    ['ten rated games: nine are not enough', { minRatedGames: 10 }, [9, 1500], undefined, 'tournament-rated-games'],
    ['ten rated games: ten are', { minRatedGames: 10 }, [10, 1500], undefined, null],
    ['1600 or more: 1599.6 counts as 1600', { minRating: 1600 }, [5, 1599.6], undefined, null],
    ['1600 or more: 1599 is refused', { minRating: 1600 }, [5, 1599], undefined, 'tournament-rating-low'],
    ['1800 or less: 1801 is refused', { maxRating: 1800 }, [5, 1801], undefined, 'tournament-rating-high'],
    ['by invitation: without it', { inviteOnly: true }, [50, 1500], undefined, 'tournament-invite'],
    ['by invitation: a wrong one', { inviteOnly: true }, [50, 1500], 'guess', 'tournament-invite'],
    ['by invitation: the link', { inviteOnly: true }, [50, 1500], 'secret', null],
    ['the invitation first, then the rest', { inviteOnly: true, minRating: 2000 }, [0, 1500], 'secret', 'tournament-rating-low'],
  ];
  for (const [what, conditions, [ratedGames, rating], invite, code] of TABLE)
    it(what, () => {
      expect(entryRefusal(cup(conditions, 'secret'), { ratedGames, rating }, invite)?.code ?? null).toBe(code);
    });

  it('a player on the invited list comes in without the code; the list lets in no one else, and no other condition', () => {
    const named = { account: 'acc-named', ratedGames: 0, rating: 1500 };
    expect(entryRefusal(cup({ inviteOnly: true }, 'secret'), named, undefined)).toBeNull();
    expect(entryRefusal(cup({ inviteOnly: true }, 'secret'), { ...named, account: 'acc-other' }, undefined)?.code).toBe(
      'tournament-invite',
    );
    expect(entryRefusal(cup({ inviteOnly: true }, 'secret'), { ratedGames: 0, rating: 1500 }, undefined)?.code).toBe('tournament-invite');
    expect(entryRefusal(cup({ inviteOnly: true, minRating: 1600 }, 'secret'), named, undefined)?.code).toBe('tournament-rating-low');
  });

  it('says why in words', () => {
    expect(entryRefusal(cup({ minRatedGames: 10 }), { ratedGames: 3, rating: 1500 }, undefined)?.error).toBe(
      'Cup takes players with at least 10 rated games of its kind: you have 3',
    );
    expect(entryRefusal(cup({ maxRating: 1800 }), { ratedGames: 3, rating: 1900.4 }, undefined)?.error).toBe(
      'Cup takes players rated 1800 or less: you are rated 1900',
    );
  });
});

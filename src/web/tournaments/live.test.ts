import type { TournamentNews } from '@hexarena/engines/protocol/lobby.ts';
import { describe, expect, it } from 'vitest';
import type { TournamentShown } from './api.ts';
import { applyNews, caughtUp } from './live.ts';

const pairing = (round: number, board: number, result: string | null) => ({
  round,
  board,
  white: 'Ann',
  black: 'Bo',
  game: `g${round}${board}`,
  result,
});
const shown = (version: number, pairings: ReturnType<typeof pairing>[]): TournamentShown =>
  ({
    version,
    tournament: { id: 'T', state: 'running' },
    entries: [],
    standings: { tiebreaks: [], rows: [] },
    pairings,
  }) as unknown as TournamentShown;
const news = (from: number, version: number, rounds: number[], pairings: ReturnType<typeof pairing>[], score = 0): TournamentNews => ({
  type: 'tournament',
  tournament: 'T',
  from,
  version,
  summary: { id: 'T', state: 'running' },
  entries: [],
  standings: { tiebreaks: [], rows: [{ place: 1, name: 'Ann', score, tiebreaks: [] }] },
  rounds,
  pairings,
});

describe('a tournament page kept by its events', () => {
  it('an event brings a page at any version from its start up to its end; the rounds it names are replaced, the others kept', () => {
    const page = shown(4, [pairing(1, 1, 'white'), pairing(2, 1, null), pairing(2, 2, null)]);
    const next = applyNews(page, news(3, 6, [2], [pairing(2, 1, 'draw'), pairing(2, 2, null)], 1.5));
    expect(next).toMatchObject({ version: 6, standings: { rows: [{ score: 1.5 }] } });
    expect(typeof next !== 'string' && next.pairings.map((p) => [p.round, p.board, p.result])).toEqual([
      [1, 1, 'white'],
      [2, 1, 'draw'],
      [2, 2, null],
    ]);
    // A new round comes after the others.
    const third = applyNews(page, news(4, 5, [3], [pairing(3, 1, null)]));
    expect(typeof third !== 'string' && third.pairings.map((p) => p.round)).toEqual([1, 2, 2, 3]);
  });

  it('an event it has is let be; one past a change it missed says it is behind', () => {
    const page = shown(4, []);
    expect(applyNews(page, news(3, 4, [], []))).toBe('had');
    expect(applyNews(page, news(5, 6, [], []))).toBe('behind');
  });

  it('events heard during a read are applied after it; past what they reach, it reads again', () => {
    const read = shown(2, []);
    const heard = [news(1, 2, [], []), news(2, 3, [1], [pairing(1, 1, null)])];
    expect(caughtUp(read, heard, 3)).toMatchObject({ shown: { version: 3 }, stale: false });
    // The server said it stands at 5, and the events reach 3: read again.
    expect(caughtUp(read, heard, 5)).toMatchObject({ shown: { version: 3 }, stale: true });
    // An event past a gap: not applied, read again.
    expect(caughtUp(read, [news(3, 4, [], [])], 4)).toMatchObject({ shown: { version: 2 }, stale: true });
  });
});

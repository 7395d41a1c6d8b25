import { describe, expect, it } from 'vitest';
import { addressGame, routeOf, setupPart } from './routes.ts';

describe('routeOf', () => {
  it('reads the page from the path first, then from the address', () => {
    expect(routeOf('/account', '')).toEqual({ page: 'account' });
    expect(routeOf('/mod', '')).toEqual({ page: 'moderation' });
    expect(routeOf('/ladder', '')).toEqual({ page: 'ladder', game: 'hive' });
    expect(routeOf('/ladder/hex', '')).toEqual({ page: 'ladder', game: 'hex' });
    expect(routeOf('/leaderboard', '')).toEqual({ page: 'leaderboard', perf: '' });
    expect(routeOf('/leaderboard/hive%3Ablitz', '')).toEqual({ page: 'leaderboard', perf: 'hive:blitz' });
    expect(routeOf('/u/Ada_Lovelace', '#game=hive')).toEqual({ page: 'profile', name: 'Ada_Lovelace' });
    expect(routeOf('/g/abc123', '')).toEqual({ page: 'online', id: 'abc123' });
    expect(routeOf('/tournaments', '')).toEqual({ page: 'tournaments' });
    expect(routeOf('/tournament/aB3_-x', '')).toEqual({ page: 'tournament', id: 'aB3_-x' });
    expect(routeOf('/tournament/a.b', '')).toEqual({ page: 'home' });
  });

  it('sends an address to its analysis, puzzle, editor or game, and the rest home', () => {
    expect(routeOf('/', '#analysis&game=hive')).toEqual({ page: 'analysis', address: '#analysis&game=hive' });
    expect(routeOf('/', '#puzzle&game=hex')).toEqual({ page: 'puzzle', address: '#puzzle&game=hex' });
    expect(routeOf('/', '#editor&game=hive')).toEqual({ page: 'editor', address: '#editor&game=hive' });
    expect(routeOf('/', '#game=hex&seats=human,medium')).toEqual({ page: 'local', address: '#game=hex&seats=human,medium' });
    expect(routeOf('/', '?game=nonaga')).toEqual({ page: 'local', address: '?game=nonaga' });
    // The create dialog's `/#hive` and the pools' `/#pool=…` are the home page's.
    expect(routeOf('/', '#hive')).toEqual({ page: 'home' });
    expect(routeOf('/', '#pool=hive-5+3')).toEqual({ page: 'home' });
    expect(routeOf('/', '')).toEqual({ page: 'home' });
  });

  it('reads the address as the setup does: the fragment, else the query', () => {
    expect(setupPart({ hash: '#game=hive', search: '?game=nonaga' })).toBe('#game=hive');
    expect(addressGame('#game=hive&seats=human,human')).toBe('hive');
    expect(addressGame('#hive')).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastSetup, rememberSetup } from './last-setup.ts';

describe('the last choices of each game', () => {
  let stored: Map<string, string>;
  beforeEach(() => {
    stored = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keep an online game’s clock and rating beside the options and seats; a local game after it keeps them', () => {
    expect(lastSetup('hive')).toBeNull();
    rememberSetup('hive', { options: { type: 'Base' }, seats: ['human', 'human'], clock: '5 min + 3 s', rated: true });
    rememberSetup('hive', { options: { type: 'Base+MLP' }, seats: ['human', 'hard'] });
    expect(lastSetup('hive')).toEqual({ options: { type: 'Base+MLP' }, seats: ['human', 'hard'], clock: '5 min + 3 s', rated: true });
    expect(lastSetup('hex')).toBeNull();
  });

  it('drop what they cannot read', () => {
    stored.set('hexarena.last.hive', JSON.stringify({ options: {}, seats: ['human'], clock: 5, rated: 'yes' }));
    expect(lastSetup('hive')).toEqual({ options: {}, seats: ['human'] });
    stored.set('hexarena.last.hive', '{junk');
    expect(lastSetup('hive')).toBeNull();
    stored.set('hexarena.last.hive', JSON.stringify({ options: [], seats: [] }));
    expect(lastSetup('hive')).toBeNull();
  });
});

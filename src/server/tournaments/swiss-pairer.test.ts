import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { DUTCH_FIXTURES, FIXTURES_DIR } from '../../../scripts/dutch-fixtures.ts';
import { formatPairings } from '../../tournaments/swiss-dutch.ts';
import { parseTrf, type Tournament } from '../../tournaments/trf.ts';
import { PairingThread, pairInProcess } from './swiss-pairer.ts';

const fixtures = DUTCH_FIXTURES.map((f) => ({
  ...f,
  t: unwrap(parseTrf(readFileSync(path.join(FIXTURES_DIR, `${f.name}.trf`), 'utf8'))),
  next: readFileSync(path.join(FIXTURES_DIR, `${f.name}.next.txt`), 'utf8'),
}));

/** The round after a fixture's last, as bbpPairings paired it. */
const nextOf = (f: (typeof fixtures)[number]): [Tournament, number] => {
  const rounds = f.config.RoundsNumber as number;
  return [{ ...f.t, totalRounds: rounds + 1 }, rounds + 1];
};

describe('Swiss rounds paired on a thread of their own', () => {
  const thread = new PairingThread();
  afterAll(() => thread.close());

  it('pairs every fixture’s next round as bbpPairings did, as the caller’s thread does', async () => {
    for (const f of fixtures) {
      const paired = await thread.pair(...nextOf(f));
      expect(formatPairings(unwrap(paired)), f.name).toBe(f.next);
      expect(formatPairings(unwrap(await pairInProcess(...nextOf(f))))).toBe(f.next);
    }
  });

  it('the event loop turns while a round is paired (in process it would not)', async () => {
    const f = fixtures.at(-1) as (typeof fixtures)[number];
    const turnsWhile = async (pair: () => Promise<unknown>): Promise<number> => {
      let turns = 0;
      let pairing = true;
      const spin = () => {
        if (!pairing) return;
        turns++;
        setImmediate(spin);
      };
      setImmediate(spin);
      await pair();
      pairing = false;
      return turns;
    };
    expect(await turnsWhile(() => pairInProcess(...nextOf(f)))).toBe(0);
    expect(await turnsWhile(() => thread.pair(...nextOf(f)))).toBeGreaterThan(0);
  });

  it('a field that cannot be paired is refused in words, not thrown', async () => {
    const t = (fixtures[0] as (typeof fixtures)[number]).t;
    const [a] = t.players;
    const met = t.players.filter((p) => p === a || p.startRank === a?.rounds[0]?.opponent);
    const r = await thread.pair({ ...t, players: met }, 5);
    expect(r.ok ? 'paired' : r.error.message).toBe('round 5: no pairing satisfies the absolute criteria');
  });

  it('a round asked of a closed thread, or waiting when it closes, fails with the reason', async () => {
    const other = new PairingThread();
    const waiting = other.pair(...nextOf(fixtures[0] as (typeof fixtures)[number]));
    const failed = expect(waiting).rejects.toThrow('the pairing thread is closed');
    await other.close();
    await failed;
    await expect(other.pair(...nextOf(fixtures[0] as (typeof fixtures)[number]))).rejects.toThrow('closed');
  });
});

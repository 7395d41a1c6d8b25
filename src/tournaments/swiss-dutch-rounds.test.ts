import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { describe, expect, it } from 'vitest';
import { BBP_MISSING, BBP_PAIRINGS, generateTournament, pairNextRound } from '../../scripts/bbp-pairings.ts';
import { DUTCH_FIXTURES, FIXTURES_DIR } from '../../scripts/dutch-fixtures.ts';
import { compareGenerated, differences } from './dutch-comparison.testing.ts';
import { formatPairings, pairRound } from './swiss-dutch.ts';
import { formatTrf, parseTrf, type Tournament } from './trf.ts';

describe('the Dutch system on tournaments bbpPairings paired (fixtures recorded from it)', () => {
  const fixtures = DUTCH_FIXTURES.map((f) => {
    const text = readFileSync(path.join(FIXTURES_DIR, `${f.name}.trf`), 'utf8');
    const next = readFileSync(path.join(FIXTURES_DIR, `${f.name}.next.txt`), 'utf8');
    return { ...f, t: unwrap(parseTrf(text)), next };
  });

  it('every round of every fixture is paired as the tool paired it (pairs, colours, bye)', () => {
    let rounds = 0;
    const differ: string[] = [];
    for (const f of fixtures) {
      const d = differences(f.name, f.t);
      rounds += d.rounds;
      differ.push(...d.differ);
    }
    console.log(`fixtures: ${rounds - differ.length} of ${rounds} rounds equal`);
    expect(differ).toEqual([]);
  });

  it('the round after the last is the tool’s own -p output, line for line (its order of boards, the bye last)', () => {
    for (const f of fixtures) {
      const rounds = f.config.RoundsNumber as number;
      const ours = unwrap(pairRound({ ...f.t, totalRounds: rounds + 1 }, rounds + 1));
      expect(formatPairings(ours), f.name).toBe(f.next);
    }
  });

  it('a field that cannot be paired says so: two players who already met', () => {
    const t = fixtures[0]?.t as Tournament;
    const [a, b] = t.players;
    const met = t.players.filter((p) => p === a || p.startRank === a?.rounds[0]?.opponent);
    expect(met).toHaveLength(2);
    const r = pairRound({ ...t, players: met }, 5);
    expect(r.ok ? 'paired' : r.error.message).toBe('round 5: no pairing satisfies the absolute criteria');
    expect(b).toBeDefined();
  });
});

// 208 tournaments of every shape the generator draws (1,433 rounds), in every run: about 12 s of CPU
// since the matching left BigInt (it was a slow lane of its own at a minute and a half).
const TOURNAMENTS = 208;

describe.skipIf(BBP_PAIRINGS === null)(
  `the Dutch system against bbpPairings, live${BBP_PAIRINGS === null ? ` — ${BBP_MISSING}` : ''}`,
  () => {
    it(`every round of ${TOURNAMENTS} generated tournaments is paired as the tool paired it`, () => {
      const { differ } = compareGenerated(TOURNAMENTS, generateTournament);
      expect(differ).toEqual([]);
    }, 240_000);

    it('the next round of a tournament hexarena writes as TRF is the tool’s -p output, line for line', () => {
      for (let seed = 3000; seed < 3010; seed++) {
        const t = unwrap(parseTrf(generateTournament(seed, { PlayersNumber: 11 + seed - 3000, RoundsNumber: 5 })));
        const text = formatTrf({ ...t, totalRounds: 6 });
        const tool = pairNextRound(text);
        const ours = unwrap(pairRound(unwrap(parseTrf(text)), 6));
        if (tool.pairs === null) continue;
        expect(formatPairings(ours).trim().split('\n').slice(1), `seed ${seed}`).toEqual(tool.pairs.map((p) => `${p[0]} ${p[1]}`));
      }
    });
  },
);

if (BBP_PAIRINGS === null) console.warn(`src/tournaments/swiss-dutch-rounds.test.ts: ${BBP_MISSING}`);

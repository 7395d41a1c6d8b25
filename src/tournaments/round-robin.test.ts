import { describe, expect, it } from 'vitest';
import {
  bergerRound,
  DEFAULT_SCORING,
  type RoundRobinGame,
  type RoundRobinScoring,
  roundRobinSchedule,
  roundRobinStandings,
} from './round-robin.ts';

/** FIDE Handbook C.05 Annex 1, the Berger tables as published: one line a round, white first. */
const FIDE_TABLES: Record<number, string[]> = {
  4: ['1-4 2-3', '4-3 1-2', '2-4 3-1'],
  6: ['1-6 2-5 3-4', '6-4 5-3 1-2', '2-6 3-1 4-5', '6-5 1-4 2-3', '3-6 4-2 5-1'],
  8: ['1-8 2-7 3-6 4-5', '8-5 6-4 7-3 1-2', '2-8 3-1 4-7 5-6', '8-6 7-5 1-4 2-3', '3-8 4-2 5-1 6-7', '8-7 1-6 2-5 3-4', '4-8 5-3 6-2 7-1'],
  10: [
    '1-10 2-9 3-8 4-7 5-6',
    '10-6 7-5 8-4 9-3 1-2',
    '2-10 3-1 4-9 5-8 6-7',
    '10-7 8-6 9-5 1-4 2-3',
    '3-10 4-2 5-1 6-9 7-8',
    '10-8 9-7 1-6 2-5 3-4',
    '4-10 5-3 6-2 7-1 8-9',
    '10-9 1-8 2-7 3-6 4-5',
    '5-10 6-4 7-3 8-2 9-1',
  ],
};

const written = (pairings: readonly { white: number; black: number }[]) => pairings.map((p) => `${p.white}-${p.black}`).join(' ');

/** Each player's colours round by round ('w', 'b', or '.' for a bye). */
function colours(players: number, cycles: number): string[] {
  const seq = Array.from({ length: players + 1 }, () => '');
  for (const round of roundRobinSchedule(players, cycles)) {
    for (const p of round.pairings) {
      seq[p.white] += 'w';
      seq[p.black] += 'b';
    }
    if (round.bye !== null) seq[round.bye] += '.';
  }
  return seq.slice(1);
}

describe('Berger tables', () => {
  it('are FIDE’s published tables for 4, 6, 8 and 10 players', () => {
    for (const [size, table] of Object.entries(FIDE_TABLES))
      for (const [i, line] of table.entries())
        expect(written(bergerRound(Number(size), i + 1)), `${size} players, round ${i + 1}`).toBe(line);
  });

  it('a single cycle: everyone meets everyone once, colours within one of even', () => {
    for (let n = 2; n <= 16; n++) {
      const rounds = roundRobinSchedule(n);
      expect(rounds).toHaveLength(n % 2 === 0 ? n - 1 : n);
      const met = new Set<string>();
      for (const r of rounds)
        for (const p of r.pairings) {
          const key = `${Math.min(p.white, p.black)}-${Math.max(p.white, p.black)}`;
          expect(met.has(key), `${n}: ${key} twice`).toBe(false);
          met.add(key);
        }
      expect(met.size).toBe((n * (n - 1)) / 2);
      for (const seq of colours(n, 1)) {
        const whites = [...seq].filter((c) => c === 'w').length;
        const blacks = [...seq].filter((c) => c === 'b').length;
        expect(Math.abs(whites - blacks), `${n}: ${seq}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('an odd field: the table of one more, whoever meets the last number sits out, once a cycle', () => {
    const rounds = roundRobinSchedule(5);
    expect(rounds.map((r) => r.bye)).toEqual([1, 4, 2, 5, 3]);
    expect(written(rounds[1]?.pairings ?? [])).toBe('5-3 1-2');
  });

  it('double and more cycles: each colour against each opponent, never three of a colour in a row', () => {
    for (let n = 3; n <= 14; n++) {
      const rounds = roundRobinSchedule(n, 2);
      const games = new Map<string, number>();
      for (const r of rounds) for (const p of r.pairings) games.set(`${p.white}-${p.black}`, (games.get(`${p.white}-${p.black}`) ?? 0) + 1);
      expect(
        [...games.values()].every((c) => c === 1),
        `${n}`,
      ).toBe(true);
      expect(games.size).toBe(n * (n - 1));
      for (const seq of colours(n, 2)) expect(seq.replaceAll('.', ''), `${n} players: ${seq}`).not.toMatch(/www|bbb/);
      // Three cycles or more of four players do give a run of three: the recommendation is for two.
      if (n >= 5) for (const seq of colours(n, 4)) expect(seq.replaceAll('.', ''), `${n} players: ${seq}`).not.toMatch(/www|bbb/);
    }
    // FIDE's recommendation, seen on 4 players: the first cycle plays its rounds 1, 3, 2.
    expect(roundRobinSchedule(4, 2).map((r) => written(r.pairings))).toEqual([
      '1-4 2-3',
      '2-4 3-1',
      '4-3 1-2',
      '4-1 3-2',
      '3-4 2-1',
      '4-2 1-3',
    ]);
  });
});

/** A game in short: white, black, white's score. */
const g = (white: number, black: number, whiteScore: 1 | 0.5 | 0): RoundRobinGame => ({ white, black, whiteScore });

describe('round-robin standings', () => {
  // Four players, one cycle: 1 beats 4 and 3, loses to 2; 2 draws 3 and 4; 3 beats 4 as second player.
  const four = [g(1, 4, 1), g(2, 3, 0.5), g(4, 3, 0), g(1, 2, 0), g(2, 4, 0.5), g(3, 1, 0)];

  it('head-to-head first: 1 and 2 share 2 points, 2 beat 1', () => {
    const s = roundRobinStandings(4, four, { ...DEFAULT_SCORING, tiebreaks: ['head-to-head', 'seed'] });
    expect(s.map((x) => [x.player, x.place, x.score, x.tiebreaks])).toEqual([
      [2, 1, 2, [1, -2]],
      [1, 2, 2, [0, -1]],
      [3, 3, 1.5, [0, -3]],
      [4, 4, 0.5, [0, -4]],
    ]);
  });

  it('Sonneborn–Berger: 1 has ½ + 1½ = 2 (beat 4 and 3), 2 has ¾ + 2 + ¼ = 3 (drew 3, beat 1, drew 4)', () => {
    const s = roundRobinStandings(4, four, { ...DEFAULT_SCORING, tiebreaks: ['sonneborn-berger'] });
    expect(s.slice(0, 2).map((x) => [x.player, x.tiebreaks[0]])).toEqual([
      [2, 3],
      [1, 2],
    ]);
  });

  it('wins as second player, then seed; players nothing separates share a place', () => {
    // 1 won at 3 as second player, 2 at 1: one each, so the seed decides.
    const bySecond = roundRobinStandings(4, four, { ...DEFAULT_SCORING, tiebreaks: ['wins-second', 'seed'] });
    expect(bySecond.slice(0, 2).map((x) => [x.player, x.place, x.tiebreaks])).toEqual([
      [1, 1, [1, -1]],
      [2, 2, [1, -2]],
    ]);
    const shared = roundRobinStandings(4, four, { ...DEFAULT_SCORING, tiebreaks: ['wins-second'] });
    expect(shared.map((x) => [x.player, x.place])).toEqual([
      [1, 1],
      [2, 1],
      [3, 3],
      [4, 4],
    ]);
  });

  it('score against the higher-placed: 2 and 3 tie on 2 behind 1; 2 drew the leader, 3 lost to them but beat 2', () => {
    // 1: ½ with 2, beats 3, 4, 5 (3½). 2: loses to 3, beats 4, ½ with 5 (2). 3: ½ with 4 and 5 (2). 4 beats 5 (1½). 5: 1.
    const five = [
      g(1, 2, 0.5),
      g(1, 3, 1),
      g(1, 4, 1),
      g(1, 5, 1),
      g(3, 2, 1),
      g(2, 4, 1),
      g(2, 5, 0.5),
      g(3, 4, 0.5),
      g(3, 5, 0.5),
      g(4, 5, 1),
    ];
    const s = roundRobinStandings(5, five, { ...DEFAULT_SCORING, tiebreaks: ['higher-placed', 'seed'] });
    expect(s.map((x) => [x.player, x.score, x.tiebreaks[0]])).toEqual([
      [1, 3.5, 0],
      [2, 2, 0.5],
      [3, 2, 0],
      [4, 1.5, 0.5],
      [5, 1, 1],
    ]);
    const byHeadToHead = roundRobinStandings(5, five, { ...DEFAULT_SCORING, tiebreaks: ['head-to-head', 'seed'] });
    expect(byHeadToHead.map((x) => x.player)).toEqual([1, 3, 2, 4, 5]);
  });

  // A double round robin of three, each pair a match of two games: A–B 1–1, A–C 2–0, B–C ½–1½.
  const three = [g(1, 2, 1), g(2, 1, 1), g(1, 3, 1), g(3, 1, 0), g(2, 3, 0.5), g(3, 2, 1)];

  it('counted as matches (2 a match won, 1 drawn): A 3, C 2, B 1', () => {
    const scoring: RoundRobinScoring = { ...DEFAULT_SCORING, count: 'matches', tiebreaks: ['game-score'] };
    expect(roundRobinStandings(3, three, scoring).map((x) => [x.player, x.score, x.gamePoints, x.tiebreaks[0]])).toEqual([
      [1, 3, 3, 3],
      [3, 2, 1.5, 1.5],
      [2, 1, 1.5, 1.5],
    ]);
  });

  it('counted as games: B and C tie on 1½, the match score or head-to-head puts C first', () => {
    const byMatch = roundRobinStandings(3, three, { ...DEFAULT_SCORING, tiebreaks: ['match-score'] });
    expect(byMatch.map((x) => [x.player, x.score, x.tiebreaks[0]])).toEqual([
      [1, 3, 3],
      [3, 1.5, 2],
      [2, 1.5, 1],
    ]);
    const byHeadToHead = roundRobinStandings(3, three, { ...DEFAULT_SCORING, tiebreaks: ['head-to-head'] });
    expect(byHeadToHead.map((x) => [x.player, x.tiebreaks[0]])).toEqual([
      [1, 0],
      [3, 1.5],
      [2, 0.5],
    ]);
  });

  it('the organiser’s order decides: seed before head-to-head puts B ahead', () => {
    const s = roundRobinStandings(3, three, { ...DEFAULT_SCORING, tiebreaks: ['seed', 'head-to-head'] });
    expect(s.map((x) => x.player)).toEqual([1, 2, 3]);
  });

  it('refuses a game of a player outside the field', () => {
    expect(() => roundRobinStandings(3, [g(1, 4, 1)])).toThrow('a game between 1 and 4 is not of this round robin of 3');
  });
});

import { describe, expect, it } from 'vitest';
import { LICHESS, NEW_PLAYER, rateGame } from './glicko2.ts';
import { type LadderOutcome, type LadderPairing, ladderSchedule, rateLadder, runLadder } from './ladder.ts';

/** Players of known strength: the higher number always wins, equal numbers draw. */
const byStrength =
  (strengths: readonly number[]) =>
  async (p: LadderPairing): Promise<LadderOutcome & { detail: string }> => {
    const [a, b] = [strengths[p.first] as number, strengths[p.second] as number];
    return { score: a > b ? 1 : a < b ? 0 : 0.5, detail: `${p.first}-${p.second}` };
  };

describe('the ladder: a rated round-robin', () => {
  it('schedules every pair the given rounds with each colour, each round whole, in an order drawn from the seed', () => {
    const schedule = ladderSchedule(4, 3, 'seed');
    expect(schedule).toHaveLength(4 * 3 * 3);
    expect(schedule.map((p) => p.index)).toEqual(schedule.map((_, i) => i));
    for (let round = 0; round < 3; round++) {
      const games = schedule.filter((p) => p.round === round);
      expect(games).toHaveLength(12);
      expect(new Set(games.map((p) => `${p.first}>${p.second}`)).size).toBe(12);
      for (const p of games) expect(p.first).not.toBe(p.second);
    }
    // Rounds come one after another.
    expect(schedule.map((p) => p.round)).toEqual([...schedule.map((p) => p.round)].sort());
    expect(ladderSchedule(4, 3, 'seed')).toEqual(schedule);
    expect(ladderSchedule(4, 3, 'other').map((p) => [p.first, p.second])).not.toEqual(schedule.map((p) => [p.first, p.second]));
    expect(new Set(schedule.map((p) => p.seed)).size).toBe(schedule.length);
    expect(() => ladderSchedule(1, 1, 's')).toThrow(/two entrants/);
    expect(() => ladderSchedule(3, 0, 's')).toThrow(/a round/);
  });

  it('rates the games one after another with Glicko-2, from new players, and counts them', () => {
    const games = [
      { index: 0, round: 0, first: 0, second: 1, seed: 's/0', score: 1 },
      { index: 1, round: 0, first: 1, second: 0, seed: 's/1', score: 0.5 },
    ];
    const table = rateLadder(['a', 'b'], games);
    const [a1, b1] = rateGame(NEW_PLAYER, NEW_PLAYER, 1, LICHESS);
    const [b2, a2] = rateGame(b1, a1, 0.5, LICHESS);
    expect(table.standings[0]).toMatchObject({
      rank: 1,
      entrant: 'a',
      rating: a2.rating,
      deviation: a2.deviation,
      wins: 1,
      draws: 1,
      losses: 0,
    });
    expect(table.standings[1]).toMatchObject({ rank: 2, entrant: 'b', rating: b2.rating, points: 0.5, games: 2 });
    expect(table.standings[0]?.interval).toEqual([Math.round(a2.rating - 2 * a2.deviation), Math.round(a2.rating + 2 * a2.deviation)]);
    expect(table.matrix).toEqual([
      [
        { wins: 0, draws: 0, losses: 0 },
        { wins: 1, draws: 1, losses: 0 },
      ],
      [
        { wins: 0, draws: 1, losses: 1 },
        { wins: 0, draws: 0, losses: 0 },
      ],
    ]);
    expect(() => rateLadder(['a', 'b'], [{ ...(games[0] as (typeof games)[0]), score: 2 }])).toThrow(/scores 2/);
    expect(() => rateLadder(['a', 'b'], [{ ...(games[0] as (typeof games)[0]), second: 0 }])).toThrow(/pairs 0 with 0/);
  });

  it('ends with the ratings ordered as the strengths, the same for the same seed, however many games run at once', async () => {
    const entrants = ['weakest', 'weak', 'strong', 'strongest'];
    const strengths = [0, 1, 2, 3];
    const seen: number[] = [];
    const run = await runLadder({ entrants, rounds: 2, seed: 'x', play: byStrength(strengths), onGame: (_, done) => seen.push(done) });
    expect(run.table.standings.map((s) => s.entrant)).toEqual(['strongest', 'strong', 'weak', 'weakest']);
    expect(run.table).toMatchObject({ played: 24, scheduled: 24 });
    expect(run.stopped).toBe(false);
    expect(seen).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(run.games.map((g) => g.detail)).toEqual(ladderSchedule(4, 2, 'x').map((p) => `${p.first}-${p.second}`));
    const together = await runLadder({ entrants, rounds: 2, seed: 'x', play: byStrength(strengths), concurrency: 3 });
    expect(together.table).toEqual(run.table);
  });

  it('counts a forfeit as a loss of the player that could not play, with its reason; a stopped ladder rates what was played', async () => {
    const run = await runLadder({
      entrants: ['engine', 'level'],
      rounds: 1,
      seed: 'f',
      play: async (p) => ({ score: p.first === 0 ? 0 : 1, forfeit: { by: p.first === 0 ? 'first' : 'second', reason: 'it exited' } }),
    });
    expect(run.table.standings.map((s) => [s.entrant, s.forfeits, s.forfeitReasons])).toEqual([
      ['level', 0, []],
      ['engine', 2, ['it exited']],
    ]);

    const stop = new AbortController();
    const stopped = await runLadder({
      entrants: ['a', 'b', 'c'],
      rounds: 1,
      seed: 's',
      play: byStrength([0, 1, 2]),
      signal: stop.signal,
      onGame: (_, done) => done === 2 && stop.abort(),
    });
    expect(stopped).toMatchObject({ stopped: true, table: { played: 2, scheduled: 6 } });
  });
});

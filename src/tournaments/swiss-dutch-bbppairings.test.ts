import { unwrap } from '@hexarena/engines/engine/result.ts';
import { describe, expect, it } from 'vitest';
import { BBP_MISSING, BBP_PAIRINGS, checkTournament, generateTournament, pairNextRound } from '../../scripts/bbp-pairings.ts';
import { allocateColours, pairRound } from './swiss-dutch.ts';
import { formatTrf, parseTrf, pointsOf, type Tournament, type TrfPlayer, type TrfRound } from './trf.ts';

/*
 * The Dutch system checked against bbpPairings run as a child process: an integration test, beside
 * the suite's rules lane (the pairing's own cases are in swiss-dutch.test.ts).
 */

/** Tournaments of bbpPairings's random generator: its own Dutch pairings, round by round. */
const SEEDS = Array.from({ length: 60 }, (_, i) => 1000 + i);

describe.skipIf(BBP_PAIRINGS === null)(`the Dutch system against bbpPairings${BBP_PAIRINGS === null ? ` — ${BBP_MISSING}` : ''}`, () => {
  const tournaments = BBP_PAIRINGS === null ? [] : SEEDS.map((seed) => [seed, unwrap(parseTrf(generateTournament(seed)))] as const);

  it('round 1 of every generated tournament is paired as the tool paired it', () => {
    const differ: string[] = [];
    for (const [seed, t] of tournaments) {
      const ours = unwrap(pairRound(t, 1));
      const recorded = t.players
        .filter((p) => (p.rounds[0]?.opponent ?? 0) > 0 && p.rounds[0]?.colour === 'w')
        .map((p) => ({ white: p.startRank, black: p.rounds[0]?.opponent }));
      const bye = t.players.find((p) => p.rounds[0]?.result === 'U')?.startRank ?? null;
      const key = (pairs: readonly { white: number; black: number | null | undefined }[]) =>
        pairs
          .map((x) => `${x.white}-${x.black}`)
          .sort()
          .join(' ');
      if (key(ours.pairs) !== key(recorded) || ours.bye !== bye) differ.push(`seed ${seed}`);
    }
    console.log(
      `round 1: ${tournaments.length - differ.length} of ${tournaments.length} generated tournaments paired as bbpPairings paired them`,
    );
    expect(differ).toEqual([]);
  });

  it('every recorded pair of every round gets the colours the tool gave it', () => {
    let pairs = 0;
    const differ: string[] = [];
    for (const [seed, t] of tournaments) {
      const byRank = new Map(t.players.map((p) => [p.startRank, p]));
      for (const p of t.players)
        for (const [k, r] of p.rounds.entries()) {
          if (r.colour !== 'w' || r.opponent === null || r.opponent === 0) continue;
          pairs++;
          const got = allocateColours(t, p, byRank.get(r.opponent) as TrfPlayer, k + 1);
          if (got.white !== p.startRank) differ.push(`seed ${seed} round ${k + 1}: ${p.startRank}-${r.opponent}`);
        }
    }
    console.log(`colours: ${pairs - differ.length} of ${pairs} pairs allocated as bbpPairings allocated them`);
    expect(differ.slice(0, 20)).toEqual([]);
  });

  it('a first round hexarena pairs and exports as TRF is the tool’s own pairing (-p) and passes its check (-c)', () => {
    for (const [seed, generated] of tournaments.slice(0, 5)) {
      // The same players with no round played, an odd field for some, the first colour stated.
      const field = generated.players.slice(0, generated.players.length - (seed % 2));
      const fresh: Tournament = {
        ...generated,
        totalRounds: 5,
        initialColour: seed % 3 === 0 ? 'black' : 'white',
        players: field.map((p) => ({ ...p, rounds: [], points: 0, place: null })),
      };
      const ours = unwrap(pairRound(fresh, 1));
      const tool = pairNextRound(formatTrf(fresh));
      const pairs = ours.pairs.map((x) => [x.white, x.black] as [number, number]);
      expect(tool.pairs, `seed ${seed}: ${tool.output}`).toEqual([...pairs, ...(ours.bye === null ? [] : [[ours.bye, 0]])]);
      // Play it out (the higher number wins, every fifth board drawn) and export it.
      const results = new Map<number, TrfRound>();
      for (const [i, x] of ours.pairs.entries()) {
        const white = i % 5 === 0 ? '=' : x.white > x.black ? '1' : '0';
        const black = white === '=' ? '=' : white === '1' ? '0' : '1';
        results.set(x.white, { opponent: x.black, colour: 'w', result: white });
        results.set(x.black, { opponent: x.white, colour: 'b', result: black });
      }
      if (ours.bye !== null) results.set(ours.bye, { opponent: 0, colour: '-', result: 'U' });
      const played: Tournament = {
        ...fresh,
        players: fresh.players.map((p) => {
          const rounds = [results.get(p.startRank) as TrfRound];
          return { ...p, rounds, points: pointsOf({ ...p, rounds }, fresh.points) };
        }),
      };
      const check = checkTournament(formatTrf(played));
      expect(check.ok, `seed ${seed}: ${check.output}`).toBe(true);
    }
  });
});

if (BBP_PAIRINGS === null) console.warn(`src/tournaments/swiss-dutch-bbppairings.test.ts: ${BBP_MISSING}`);

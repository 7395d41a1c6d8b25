import { unwrap } from '@hexarena/engines/engine/result.ts';
import { pairRound } from './swiss-dutch.ts';
import { parseTrf, type Tournament } from './trf.ts';

/** The pairing a file records for `round`: `white-black` pairs and the pairing-allocated bye. */
function recorded(t: Tournament, round: number): { pairs: string[]; bye: number | null } {
  const pairs: string[] = [];
  let bye: number | null = null;
  for (const p of t.players) {
    const r = p.rounds[round - 1];
    if (r?.colour === 'w' && (r.opponent ?? 0) > 0) pairs.push(`${p.startRank}-${r.opponent}`);
    if (r?.result === 'U') bye = p.startRank;
  }
  return { pairs: pairs.sort(), bye };
}

/** Every round of `t` paired by hexarena beside the file's; the rounds that differ, said in words. */
export function differences(name: string, t: Tournament): { rounds: number; differ: string[] } {
  const rounds = Math.max(...t.players.map((p) => p.rounds.length));
  const differ: string[] = [];
  for (let k = 1; k <= rounds; k++) {
    const expected = recorded(t, k);
    const ours = pairRound(t, k);
    if (!ours.ok) {
      differ.push(`${name} round ${k}: ${ours.error.message}`);
      continue;
    }
    const pairs = ours.value.pairs.map((x) => `${x.white}-${x.black}`).sort();
    if (pairs.join(' ') !== expected.pairs.join(' ') || ours.value.bye !== expected.bye)
      differ.push(
        `${name} round ${k}: ours ${pairs.filter((x) => !expected.pairs.includes(x)).join(' ')} bye ${ours.value.bye}; ` +
          `bbpPairings ${expected.pairs.filter((x) => !pairs.includes(x)).join(' ')} bye ${expected.bye}`,
      );
  }
  return { rounds, differ };
}

/** Sizes, lengths and rates (one in N) of the generated tournaments: small and odd fields, byes asked, forfeits, withdrawals. */
const SHAPES: readonly Record<string, number>[] = [
  { PlayersNumber: 6, RoundsNumber: 4 },
  { PlayersNumber: 9, RoundsNumber: 5, HalfPointByeRate: 10 },
  { PlayersNumber: 12, RoundsNumber: 6, ForfeitRate: 8 },
  { PlayersNumber: 15, RoundsNumber: 7, RetiredRate: 40 },
  { PlayersNumber: 20, RoundsNumber: 7 },
  { PlayersNumber: 27, RoundsNumber: 8, HalfPointByeRate: 20, ForfeitRate: 20 },
  { PlayersNumber: 33, RoundsNumber: 9, DrawPercentage: 50 },
  { PlayersNumber: 40, RoundsNumber: 9, PointsForWin: 3, PointsForDraw: 1, PointsForPAB: 3 },
];
/** The first `count` tournaments bbpPairings generates in the shapes above, every round paired by hexarena beside the tool's. */
export function compareGenerated(
  count: number,
  /** bbpPairings' generator (scripts/bbp-pairings.ts; the tests hand it in: this module runs no program). */
  generateTournament: (seed: number, shape: Record<string, number>) => string,
): { rounds: number; tournaments: number; differ: string[] } {
  let rounds = 0;
  let tournaments = 0;
  const differ: string[] = [];
  for (let i = 0; tournaments < count; i++) {
    const shape = SHAPES[i % SHAPES.length] as Record<string, number>;
    let text: string;
    try {
      text = generateTournament(2000 + i, shape);
    } catch {
      continue; // the generator found no pairing for some round of this one: it writes no file
    }
    tournaments++;
    const d = differences(`seed ${2000 + i} (${shape.PlayersNumber} players)`, unwrap(parseTrf(text)));
    rounds += d.rounds;
    differ.push(...d.differ);
  }
  console.log(`live: ${rounds - differ.length} of ${rounds} rounds of ${tournaments} generated tournaments equal`);
  return { rounds, tournaments, differ };
}

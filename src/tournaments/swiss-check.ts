import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { participatedIn } from './dutch-players.ts';
import { pairRound, type RoundPairing } from './swiss-dutch.ts';
import type { Tournament } from './trf.ts';

/**
 * A TRF's recorded rounds beside the Dutch system's pairing of them (what `bbpPairings -c` checks),
 * and which round a file asks to be paired next.
 */

/** The pairing a file records for `round` (from 1): its pairs by white, sorted by white, and the pairing-allocated bye. */
export function recordedRound(t: Tournament, round: number): RoundPairing {
  const pairs: { white: number; black: number }[] = [];
  let bye: number | null = null;
  for (const p of t.players) {
    const r = p.rounds[round - 1];
    if (r?.colour === 'w' && r.opponent !== null && r.opponent > 0) pairs.push({ white: p.startRank, black: r.opponent });
    if (r?.result === 'U') bye = p.startRank;
  }
  return { pairs: pairs.sort((a, b) => a.white - b.white), bye };
}

/** The rounds paired so far: the last round anyone was paired in (an absence alone recorded for the next does not count). */
export const pairedRounds = (t: Tournament): number =>
  Math.max(0, ...t.players.map((p) => p.rounds.findLastIndex((r) => participatedIn(r)) + 1));

/** The round a file asks to be paired next; an error when the file's `XXR` is missing or says the tournament is over. */
export function nextRound(t: Tournament): Result<number> {
  const next = pairedRounds(t) + 1;
  // The last round pairs differently (top scorers may share a colour preference): it must be known, as bbpPairings asks.
  if (t.totalRounds === null) return fail('the file does not say how many rounds the tournament has (an XXR line)');
  if (next > t.totalRounds) return fail(`all ${t.totalRounds} rounds (XXR) are paired already`);
  return ok(next);
}

export interface RoundCheck {
  readonly round: number;
  /** Null when the round is as the Dutch system pairs it; else what differs, in words. */
  readonly difference: string | null;
}

const describe = (p: RoundPairing, only: readonly string[]): string =>
  `${only.length > 0 ? only.join(' ') : 'the same pairs'}${p.bye === null ? '' : `, bye ${p.bye}`}`;

/** Each recorded round beside the Dutch pairing of it (pairs with colours, `white-black`, and the bye). */
export function checkRounds(t: Tournament): RoundCheck[] {
  const checks: RoundCheck[] = [];
  for (let round = 1; round <= pairedRounds(t); round++) {
    const expected = recordedRound(t, round);
    const ours = pairRound(t, round);
    if (!ours.ok) {
      checks.push({ round, difference: ours.error.message });
      continue;
    }
    const key = (p: RoundPairing): string[] => p.pairs.map((x) => `${x.white}-${x.black}`).sort();
    const file = key(expected);
    const dutch = key(ours.value);
    const same = file.join(' ') === dutch.join(' ') && expected.bye === ours.value.bye;
    checks.push({
      round,
      difference: same
        ? null
        : `the file has ${describe(
            expected,
            file.filter((x) => !dutch.includes(x)),
          )}; the Dutch system pairs ${describe(
            ours.value,
            dutch.filter((x) => !file.includes(x)),
          )}`,
    });
  }
  return checks;
}

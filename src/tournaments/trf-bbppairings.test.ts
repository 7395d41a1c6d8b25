import { unwrap } from '@hexarena/engines/engine/result.ts';
import { describe, expect, it } from 'vitest';
import { BBP_MISSING, BBP_PAIRINGS, checkTournament, generateTournament } from '../../scripts/bbp-pairings.ts';
import { formatTrf, parseTrf, type Tournament, type TrfPlayer, type TrfRound } from './trf.ts';

/**
 * TRF checked against bbpPairings run as a child process: an integration test, beside the suite's
 * rules lane (the format itself is tested in trf.test.ts).
 */
const setRound = (t: Tournament, rank: number, k: number, r: TrfRound): Tournament => ({
  ...t,
  players: t.players.map((p) => (p.startRank === rank ? { ...p, rounds: p.rounds.map((x, i) => (i === k ? r : x)) } : p)),
});

describe.skipIf(BBP_PAIRINGS === null)(`TRF against bbpPairings${BBP_PAIRINGS === null ? ` — ${BBP_MISSING}` : ''}`, () => {
  it('reads the tool’s random tournaments and writes them back byte for byte, and the tool accepts what it writes', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const text = generateTournament(seed);
      const t = unwrap(parseTrf(text));
      expect(t.players.length, `seed ${seed}`).toBeGreaterThan(1);
      expect(formatTrf(t, '\r'), `seed ${seed}`).toBe(text);
      // Our own line ends and the round count added, as a pairing run would write it.
      const written = formatTrf({ ...t, totalRounds: Math.max(...t.players.map((p) => p.rounds.length)) });
      const check = checkTournament(written);
      expect(check.ok, `seed ${seed}: ${check.output}`).toBe(true);
    }
  });

  it('the tool refuses a file whose recorded pairing we changed, so the check means something', () => {
    const t = unwrap(parseTrf(generateTournament(3)));
    // Swap the first round's colours of player 1 and their opponent: legal TRF, but not the Dutch pairing.
    const first = (t.players[0] as TrfPlayer).rounds[0] as TrfRound;
    const swap = (r: TrfRound): TrfRound => ({ ...r, colour: r.colour === 'w' ? 'b' : 'w' });
    const opponent = first.opponent as number;
    const changed = setRound(
      setRound(t, 1, 0, swap(first)),
      opponent,
      0,
      swap((t.players[opponent - 1] as TrfPlayer).rounds[0] as TrfRound),
    );
    expect(checkTournament(formatTrf(changed)).ok).toBe(false);
  });
});

if (BBP_PAIRINGS === null) console.warn(`src/tournaments/trf-bbppairings.test.ts: ${BBP_MISSING}`);

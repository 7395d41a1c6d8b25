import { pointsOf, STANDARD_POINTS, type Tournament, type TrfPlayer, type TrfRound } from '../../tournaments/trf.ts';
import type { Entry, Pairing, PairingResult, StoredTournament } from './store.ts';

/**
 * A hexarena Swiss as FIDE's Tournament Report File: what the Dutch pairing reads (swiss-dutch.ts)
 * and what `hexarena swiss export` writes for any outside tool (bbpPairings -c) to check. Players
 * are the seeded entries, their start rank the seed; a round is written once all its games are over.
 */

/** What each side of a result writes: [first seat's, second seat's]. */
const LETTERS: Record<Exclude<PairingResult, 'bye' | 'table'>, readonly [TrfRound['result'], TrfRound['result']]> = {
  white: ['1', '0'],
  black: ['0', '1'],
  draw: ['=', '='],
  'white-forfeit': ['+', '-'],
  'black-forfeit': ['-', '+'],
  void: ['-', '-'],
};

/** Absent from a round (not yet entered, paused, withdrawn): a zero-point bye. */
const ABSENT: TrfRound = { opponent: 0, colour: '-', result: 'Z' };

/** Rounds whose every result is in: the first `complete` of them. */
export function completeRounds(t: Pick<StoredTournament, 'round'>, pairings: readonly Pairing[]): number {
  for (let r = 1; r <= t.round; r++) if (pairings.some((p) => p.round === r && p.result === null)) return r - 1;
  return t.round;
}

/** A seeded entry's TRF round: its pairing's colour, opponent and result, or an absence. */
function entryRound(account: string, pairings: readonly Pairing[], seedOf: ReadonlyMap<string, number>): TrfRound {
  const p = pairings.find((x) => x.white === account || x.black === account);
  // A Swiss never seats more than two at a game (tournament-body.ts): a table is not a TRF round.
  if (!p || p.result === null || p.result === 'table') return ABSENT;
  if (p.result === 'bye' || p.black === null) return { opponent: 0, colour: '-', result: 'U' };
  const first = p.white === account;
  const letter = LETTERS[p.result][first ? 0 : 1];
  const played = p.result === 'white' || p.result === 'black' || p.result === 'draw';
  return { opponent: seedOf.get(first ? p.black : p.white) ?? 0, colour: played ? (first ? 'w' : 'b') : '-', result: letter };
}

/**
 * The tournament as TRF through its complete rounds; with `pairing`, the round to be paired next,
 * those not active then marked absent from it (so the pairing leaves them out).
 */
export function swissTournament(
  t: StoredTournament,
  entries: readonly Entry[],
  pairings: readonly Pairing[],
  pairing?: number,
): Tournament {
  const rounds = completeRounds(t, pairings);
  const seeded = entries.filter((e): e is Entry & { seed: number } => e.seed !== null);
  const seedOf = new Map(seeded.map((e) => [e.account, e.seed]));
  const points = { ...STANDARD_POINTS, pairingAllocatedBye: t.settings.byePoints ?? 1 };
  const players = seeded.map((e): TrfPlayer => {
    const played = Array.from({ length: rounds }, (_, i) =>
      entryRound(
        e.account,
        pairings.filter((p) => p.round === i + 1),
        seedOf,
      ),
    );
    const absent = pairing !== undefined && e.state !== 'active' ? [ABSENT] : [];
    const player = {
      startRank: e.seed,
      sex: '',
      title: '',
      name: e.name.slice(0, 33),
      rating: Math.max(0, Math.min(9999, Math.round(e.rating))),
      federation: '',
      fideId: '',
      birthDate: '',
      points: 0,
      place: null,
      rounds: [...played, ...absent],
    };
    return { ...player, points: pointsOf({ ...player, rounds: played }, points) };
  });
  return {
    name: t.name.slice(0, 80),
    system: 'FIDE_DUTCH_2025',
    totalRounds: t.rounds,
    initialColour: 'white',
    useRank: false,
    points,
    players: players.sort((a, b) => a.startRank - b.startRank),
    otherLines: [],
  };
}

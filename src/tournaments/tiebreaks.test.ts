import { unwrap } from '@hexarena/engines/engine/result.ts';
import { describe, expect, it } from 'vitest';
import { buchholz, buchholzCut1, sonnebornBergerOf, swissStandings } from './tiebreaks.ts';
import { formatTrf, parseTrf, STANDARD_POINTS, type Tournament, type TrfRound } from './trf.ts';

/** Entries in short: `4w1` opponent 4, white, won; `U` a pairing-allocated bye; `Z` absent; `2b+` forfeit won. */
function entry(text: string): TrfRound {
  if (text.length === 1) return { opponent: text === 'Z' ? null : 0, colour: text === 'Z' ? ' ' : '-', result: text as TrfRound['result'] };
  const m = /^(\d+)([wb])(.)$/.exec(text);
  if (!m) throw new Error(text);
  return { opponent: Number(m[1]), colour: m[2] as 'w' | 'b', result: m[3] as TrfRound['result'] };
}

/** A tournament from each player's points and entries; read back through the TRF so it is consistent. */
function swiss(rows: [number, string][]): Tournament {
  const t: Tournament = {
    name: 'worked example',
    system: null,
    totalRounds: null,
    initialColour: null,
    useRank: false,
    points: STANDARD_POINTS,
    otherLines: [],
    players: rows.map(([points, entries], i) => ({
      startRank: i + 1,
      sex: '',
      title: '',
      name: `P${i + 1}`,
      rating: 2000 - i * 10,
      federation: '',
      fideId: '',
      birthDate: '',
      points,
      place: null,
      rounds: entries.split(' ').map(entry),
    })),
  };
  return unwrap(parseTrf(formatTrf(t)));
}

// Five players, three rounds:
//   R1: 1–4 1-0, 2–5 ½-½, 3 the bye.   R2: 3–1 0-1, 4–2 forfeit (2 wins it), 5 the bye.
//   R3: 1–2 ½-½, 3–5 1-0, 4 withdrawn.
// Points: 1 2½, 2 2, 3 2, 4 0, 5 1½. Player 4's last two rounds (a forfeit loss, an absence) are
// voluntarily unplayed: the score others' Buchholz takes for 4 is 0 + ½ + ½ = 1.
const FIVE = swiss([
  [2.5, '4w1 3b1 2w='],
  [2, '5w= 4b+ 1b='],
  [2, 'U 1w0 5w1'],
  [0, '1b0 2w- Z'],
  [1.5, '2b= U 3b0'],
]);

describe('Swiss tie-breaks (FIDE C.07)', () => {
  it('Buchholz: opponents’ scores; an own unplayed round counts the player’s own score', () => {
    // 1: 1 (4 adjusted) + 2 + 2 = 5.   2: 1½ + 2 (own, the forfeit win) + 2½ = 6.
    // 3: 2 (own, the bye) + 2½ + 1½ = 6.   4: 2½ + 0 + 0 (own) = 2½.   5: 2 + 1½ (own) + 2 = 5½.
    expect([1, 2, 3, 4, 5].map((p) => buchholz(FIVE, p))).toEqual([5, 6, 6, 2.5, 5.5]);
  });

  it('Buchholz cut 1: the least contribution, a voluntarily unplayed round first', () => {
    // 4 cuts one of its own unplayed rounds (0), not the least of all; the others their weakest opponent.
    expect([1, 2, 3, 4, 5].map((p) => buchholzCut1(FIVE, p))).toEqual([4, 4.5, 4.5, 2.5, 4]);
  });

  it('Sonneborn–Berger: a win takes the opponent’s score, a draw half; an unplayed round against the dummy', () => {
    // 1: 1 + 2 + 2/2 = 4.   2: 1½/2 + 2 (own, forfeit win) + 2½/2 = 4.   3: 2 (own, bye) + 0 + 1½ = 3½.
    // 4: 0.   5: 2/2 + 1½ (own, bye) + 0 = 2½.
    expect([1, 2, 3, 4, 5].map((p) => sonnebornBergerOf(FIVE, p))).toEqual([4, 4, 3.5, 0, 2.5]);
  });

  it('standings: 2 and 3 tie on points, Buchholz cut 1 and Buchholz too; Sonneborn–Berger puts 2 first', () => {
    const s = swissStandings(FIVE, ['buchholz-cut1', 'buchholz', 'sonneborn-berger', 'wins', 'games-won']);
    expect(s.map((x) => [x.startRank, x.place, x.points, x.tiebreaks])).toEqual([
      [1, 1, 2.5, [4, 5, 4, 2, 2]],
      [2, 2, 2, [4.5, 6, 4, 1, 0]],
      [3, 3, 2, [4.5, 6, 3.5, 2, 1]],
      [5, 4, 1.5, [4, 5.5, 2.5, 1, 0]],
      [4, 5, 0, [2.5, 2.5, 0, 0, 0]],
    ]);
  });

  it('wins count a forfeit win and a pairing-allocated bye; games won only the board', () => {
    const s = swissStandings(FIVE, ['wins', 'games-won']);
    const of = (rank: number) => s.find((x) => x.startRank === rank)?.tiebreaks;
    expect(of(3)).toEqual([2, 1]);
    expect(of(2)).toEqual([1, 0]);
  });

  it('direct encounter: among tied players who all met, their points against each other', () => {
    // R1: 1–2 0-1, 3–4 1-0.   R2: 1–4 1-0, 2–3 0-1.   1 and 2 tie on 1 point; 2 beat 1.
    const four = swiss([
      [1, '2w0 4w1'],
      [1, '1b1 3w0'],
      [2, '4w1 2b1'],
      [0, '3b0 1b0'],
    ]);
    const s = swissStandings(four, ['direct-encounter']);
    expect(s.map((x) => [x.startRank, x.place, x.tiebreaks[0]])).toEqual([
      [3, 1, 0],
      [2, 2, 1],
      [1, 3, 0],
      [4, 4, 0],
    ]);
    // 2 and 3 in FIVE never met: the direct encounter does not separate them.
    const tied = swissStandings(FIVE, ['direct-encounter']);
    expect(tied.filter((x) => x.points === 2).map((x) => [x.startRank, x.place])).toEqual([
      [2, 2],
      [3, 2],
    ]);
  });
});

import type { Tournament, TrfPlayer, TrfRound } from './trf.ts';

/**
 * The facts the Dutch system pairs a round on, per player, read from a TRF's rounds before that
 * round as bbpPairings reads them: scores in tenths (exact sums), colour history and preference,
 * floats, whether a pairing-allocated bye is still allowed, and who they have already met.
 */

export type Colour = 'white' | 'black';

export const other = (c: Colour): Colour => (c === 'white' ? 'black' : 'white');

/** One round of a player's history, as bbpPairings keeps it. */
interface Match {
  readonly opponent: number | null;
  readonly colour: Colour | null;
  readonly played: boolean;
  /** Paired in that round: met someone (even by forfeit) or got the pairing-allocated bye. */
  readonly participated: boolean;
  /** The points it gave, in tenths. */
  readonly tenths: number;
}

export interface DutchPlayer {
  readonly startRank: number;
  /** Place in the pairing order among the players taking part in the tournament (bbpPairings's rank index), from 0. */
  readonly rank: number;
  /** Score before the round, in tenths. */
  readonly score: number;
  readonly history: readonly Match[];
  readonly colours: readonly Colour[];
  readonly preference: Colour | null;
  /** |whites − blacks| over games played. */
  readonly imbalance: number;
  /** The colour of the last two games played when they were the same, else null. */
  readonly repeated: Colour | null;
  readonly strong: boolean;
  readonly playedGames: number;
  /** May get the pairing-allocated bye: no bye, forfeit win or full-point bye yet. */
  readonly byeEligible: boolean;
  /** Start ranks of the players met over the board. */
  readonly met: ReadonlySet<number>;
}

export const absolute = (p: DutchPlayer): boolean => p.imbalance > 1 || p.repeated !== null;

const tenths = (x: number): number => Math.round(x * 10);

function pointsOf(r: TrfRound, t: Tournament, participated: boolean, played: boolean): number {
  const pts = t.points;
  switch (r.result) {
    case '1':
    case 'W':
    case '+':
    case 'F':
      return tenths(pts.win);
    case '=':
    case 'D':
    case 'H':
      return tenths(pts.draw);
    case 'U':
      return tenths(pts.pairingAllocatedBye);
    default:
      if (!participated) return tenths(pts.zeroPointBye);
      return tenths(played ? pts.loss : pts.forfeitLoss);
  }
}

function matchOf(r: TrfRound | undefined, t: Tournament): Match {
  if (r === undefined) return { opponent: null, colour: null, played: false, participated: false, tenths: tenths(t.points.zeroPointBye) };
  const opponent = r.opponent !== null && r.opponent > 0 ? r.opponent : null;
  const colour: Colour | null = r.colour === 'w' ? 'white' : r.colour === 'b' ? 'black' : null;
  const played = opponent !== null && colour !== null && !['+', '-', 'H', 'F', 'U', 'Z', ' '].includes(r.result);
  const participated = opponent !== null || r.result === 'U' || r.result === '+';
  return { opponent, colour: played ? colour : null, played, participated, tenths: pointsOf(r, t, participated, played) };
}

/** Whether a round's entry took part in that round's pairing. */
export const participatedIn = (r: TrfRound | undefined): boolean =>
  r !== undefined && ((r.opponent !== null && r.opponent > 0) || r.result === 'U' || r.result === '+');

/** Whether a player is paired in `round`: nothing recorded for it yet, or an entry that was paired. */
export function isPairedIn(p: TrfPlayer, round: number): boolean {
  const r = p.rounds[round - 1];
  if (r === undefined) return true;
  // A blank entry is nothing recorded yet, unless a later round is: then it was an absence (bbpPairings reads it so).
  if (r.result === ' ' && r.opponent === null) return !p.rounds.slice(round).some((x) => x.opponent !== null || x.result !== ' ');
  return participatedIn(r);
}

export interface DutchField {
  /** Every player of the file by start rank (floats look up opponents who have since left). */
  readonly all: ReadonlyMap<number, DutchPlayer>;
  /** The players paired in the round, in the file's pairing order. */
  readonly paired: readonly DutchPlayer[];
}

/**
 * The players as the pairing of `round` (from 1) sees them. Rank indices count, in the file's
 * pairing order, only the players the tournament still counts (paired in this round or in one
 * before), as bbpPairings counts them: one never paired and absent now shifts no one.
 */
export function dutchField(t: Tournament, round: number): DutchField {
  const order = t.useRank ? t.players : [...t.players].sort((a, b) => a.startRank - b.startRank);
  let rank = 0;
  const all = new Map<number, DutchPlayer>();
  const paired: DutchPlayer[] = [];
  for (const p of order) {
    const counted = isPairedIn(p, round) || p.rounds.slice(0, round).some(participatedIn);
    const player = playerOf(t, p, counted ? rank++ : -1, round);
    all.set(p.startRank, player);
    if (isPairedIn(p, round)) paired.push(player);
  }
  return { all, paired };
}

function playerOf(t: Tournament, p: TrfPlayer, rank: number, round: number): DutchPlayer {
  const history = Array.from({ length: round - 1 }, (_, k) => matchOf(p.rounds[k], t));
  const colours = history.filter((m) => m.played).map((m) => m.colour as Colour);
  const whites = colours.filter((c) => c === 'white').length;
  const blacks = colours.length - whites;
  const lower: Colour = whites > blacks ? 'black' : 'white';
  const imbalance = Math.abs(whites - blacks);
  const last = colours.at(-1) ?? null;
  const repeated = colours.length >= 2 && colours.at(-2) === last ? last : null;
  const preference =
    imbalance > 1 ? lower : repeated !== null ? other(repeated) : imbalance > 0 ? lower : last !== null ? other(last) : null;
  const win = tenths(t.points.win);
  const byeEligible = !history.some((m) => !m.played && (m.tenths >= win || (m.participated && m.opponent === null)));
  return {
    startRank: p.startRank,
    rank,
    score: history.reduce((s, m) => s + m.tenths, 0),
    history,
    colours,
    preference,
    imbalance,
    repeated,
    strong: imbalance === 1 && repeated === null,
    playedGames: colours.length,
    byeEligible,
    met: new Set(history.filter((m) => m.played).map((m) => m.opponent as number)),
  };
}

/** Score `roundsBack` rounds before the current one (0: now), in tenths. */
export function scoreBack(p: DutchPlayer, roundsBack: number): number {
  let s = p.score;
  for (let k = 0; k < roundsBack; k++) s -= (p.history[p.history.length - 1 - k] as Match).tenths;
  return s;
}

export type Float = 'down' | 'up' | null;

/** The float of `roundsBack` rounds ago (1: the last round): down when paired with a lower score or given points unplayed. */
export function floatOf(p: DutchPlayer, roundsBack: number, byRank: ReadonlyMap<number, DutchPlayer>, lossTenths: number): Float {
  const m = p.history[p.history.length - roundsBack] as Match;
  if (!m.played) return m.tenths > lossTenths ? 'down' : null;
  const opponent = byRank.get(m.opponent as number);
  const mine = scoreBack(p, roundsBack);
  const theirs = opponent === undefined ? mine : scoreBack(opponent, roundsBack);
  return mine > theirs ? 'down' : mine < theirs ? 'up' : null;
}

/** Pairing order: higher score first, then the lower rank index. */
export const higherFirst = (a: DutchPlayer, b: DutchPlayer): number => b.score - a.score || a.rank - b.rank;

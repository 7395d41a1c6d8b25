/**
 * How well a rating method for free-for-all games finds strengths it was not told: simulated games
 * among a population whose true strengths are set, each game's finishing order drawn from them with
 * noise, rated game by game from new ratings. Every method rates the same games (and is judged on
 * the same held-out games and newcomers), so the differences between methods are theirs, not the
 * dice's. Deterministic from a seed; pure (bench/free-for-all.ts prints it, the test checks it).
 */
import { Rng } from '../engine/rng.ts';
import { type PeriodResult, rateFreeForAll, ratingPeriod } from './free-for-all.ts';
import { type Glicko, LICHESS, NEW_PLAYER, rateGame } from './glicko2.ts';

/** A way to rate one game: the seats' ratings before and their places (0 = winner) → after. */
export interface RatingMethod {
  readonly name: string;
  rate(before: readonly Glicko[], places: readonly number[]): Glicko[];
}

export interface SimulationOptions {
  readonly seed: string;
  /** The population. */
  readonly players: number;
  /** The figures are taken after each of these numbers of games rated (ascending; the last is how many are rated). */
  readonly checkpoints: readonly number[];
  readonly minSeats: number;
  readonly maxSeats: number;
  /**
   * Standard deviation of the true strengths (normal, mean 0). A strength is a log-weight: under
   * Gumbel noise a player stronger by 1 finishes ahead of another in e/(1+e) = 73% of their meetings.
   */
  readonly spread: number;
  /**
   * How a game's finishing order comes from the strengths: each seat performs its strength plus
   * noise, best first. 'gumbel' is Plackett–Luce with weights exp(strength) (draw the winner in
   * proportion to the weights, then the second from the rest…); 'normal' is Thurstone's, with the
   * same variance (π²/6).
   */
  readonly noise: 'gumbel' | 'normal';
  /** Games kept apart (never rated) whose pairwise orders the ratings predict. */
  readonly heldOut: number;
  /** New players added to the rated population, each alone, and their game counts to judge them at. */
  readonly newcomers: number;
  readonly newcomerCheckpoints: readonly number[];
}

export const DEFAULT_SIMULATION: SimulationOptions = {
  seed: 'free-for-all',
  players: 200,
  checkpoints: [100, 250, 500, 1000, 2000, 5000],
  minSeats: 3,
  maxSeats: 8,
  spread: 1,
  noise: 'gumbel',
  heldOut: 2000,
  newcomers: 100,
  newcomerCheckpoints: [1, 2, 5, 10, 20, 40],
};

export interface Checkpoint {
  /** Games rated so far, and on average per player. */
  readonly games: number;
  readonly gamesPerPlayer: number;
  /** Spearman's rank correlation between the true strengths and the ratings. */
  readonly spearman: number;
  /** Share of the held-out games' pairs whose order the ratings foretell (the higher rated ahead; equal: half). */
  readonly pairwise: number;
  /** The ratings' standard deviation across the population (how wide the scale came out). */
  readonly ratingSpread: number;
  /** The deviations' mean, and the share of the population established (deviation under 75, as the leaderboard asks). */
  readonly meanDeviation: number;
  readonly established: number;
}

export interface MethodResult {
  readonly method: string;
  readonly checkpoints: readonly Checkpoint[];
  /**
   * After its first games, how far a newcomer's place in the population's ratings is from its place
   * in the true strengths, in percentiles (mean absolute error over the newcomers).
   */
  readonly newcomer: readonly { readonly games: number; readonly error: number }[];
}

export interface SimulationResult {
  /** The same share foretold from the true strengths: the most any rating can reach. */
  readonly oraclePairwise: number;
  /** A newcomer's error before any game (every rating method puts it at 1500 then). */
  readonly newcomerStart: number;
  readonly methods: readonly MethodResult[];
}

/** One simulated game: its players, seat by seat, and their places (0 = the winner). */
export interface SimulatedGame {
  readonly seats: readonly number[];
  readonly places: readonly number[];
}

/** A standard normal draw (Box–Muller). */
function normal(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** The leaderboard lists ratings whose deviation is under this (lichess's rule). */
const ESTABLISHED_DEVIATION = 75;

const gumbel = (rng: Rng) => -Math.log(-Math.log(1 - rng.next()));
const NORMAL_SCALE = Math.PI / Math.sqrt(6);

/** `count` distinct players of `population`, not `except`. */
function drawSeats(rng: Rng, population: number, count: number, except = -1): number[] {
  const seats: number[] = [];
  while (seats.length < count) {
    const p = rng.int(population);
    if (p !== except && !seats.includes(p)) seats.push(p);
  }
  return seats;
}

/** The places of `seats` (players by their strengths) in one game: strength plus noise, best first. */
function playGame(rng: Rng, seats: readonly number[], strengths: readonly number[], noise: SimulationOptions['noise']): SimulatedGame {
  const performance = seats.map((p) => (strengths[p] as number) + (noise === 'gumbel' ? gumbel(rng) : NORMAL_SCALE * normal(rng)));
  const order = seats.map((_, i) => i).sort((a, b) => (performance[b] as number) - (performance[a] as number));
  const places = new Array<number>(seats.length);
  order.forEach((seat, place) => {
    places[seat] = place;
  });
  return { seats, places };
}

/** Ranks from 1, ties sharing their average rank. */
function ranks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((a, b) => (values[a] as number) - (values[b] as number));
  const result = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && values[order[j + 1] as number] === values[order[i] as number]) j++;
    for (let k = i; k <= j; k++) result[order[k] as number] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return result;
}

/** Spearman's rank correlation (Pearson's over the ranks, so ties are fair). */
export function spearman(xs: readonly number[], ys: readonly number[]): number {
  const [a, b] = [ranks(xs), ranks(ys)];
  const mean = (a.length + 1) / 2;
  let [sab, saa, sbb] = [0, 0, 0];
  for (let i = 0; i < a.length; i++) {
    const [da, db] = [(a[i] as number) - mean, (b[i] as number) - mean];
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return saa === 0 || sbb === 0 ? 0 : sab / Math.sqrt(saa * sbb);
}

/** Share of the games' pairs (seats at different places) ordered as `score` orders them (equal scores: half). */
export function pairwiseAccuracy(games: readonly SimulatedGame[], score: (player: number) => number): number {
  let [right, pairs] = [0, 0];
  for (const { seats, places } of games)
    for (let i = 0; i < seats.length; i++)
      for (let j = i + 1; j < seats.length; j++) {
        if (places[i] === places[j]) continue;
        const [better, worse] = (places[i] as number) < (places[j] as number) ? [i, j] : [j, i];
        const d = score(seats[better] as number) - score(seats[worse] as number);
        right += d > 0 ? 1 : d === 0 ? 0.5 : 0;
        pairs++;
      }
  return right / pairs;
}

/** Where `value` falls among `values`, in percentiles (equal values count half). */
function percentile(value: number, values: readonly number[]): number {
  let below = 0;
  for (const v of values) below += v < value ? 1 : v === value ? 0.5 : 0;
  return (100 * below) / values.length;
}

/** Rates `games` among `players` new players with `method`, and measures it (see SimulationResult). */
export function simulate(methods: readonly RatingMethod[], options: SimulationOptions = DEFAULT_SIMULATION): SimulationResult {
  const o = options;
  const rng = Rng.fromSeed(o.seed);
  const strengths = Array.from({ length: o.players }, () => o.spread * normal(rng));
  const seatCount = () => rng.between(o.minSeats, o.maxSeats);
  const total = o.checkpoints[o.checkpoints.length - 1] ?? 0;
  const games = Array.from({ length: total }, () => playGame(rng, drawSeats(rng, o.players, seatCount()), strengths, o.noise));
  const heldOut = Array.from({ length: o.heldOut }, () => playGame(rng, drawSeats(rng, o.players, seatCount()), strengths, o.noise));
  // Each newcomer (player number `players`, strength its own) plays its games against the rated population.
  const lastNewcomerGame = o.newcomerCheckpoints[o.newcomerCheckpoints.length - 1] ?? 0;
  const newcomers = Array.from({ length: o.newcomers }, () => {
    const strength = o.spread * normal(rng);
    const all = [...strengths, strength];
    const played = Array.from({ length: lastNewcomerGame }, () =>
      playGame(rng, [o.players, ...drawSeats(rng, o.players, seatCount() - 1, o.players)], all, o.noise),
    );
    return { place: percentile(strength, strengths), played };
  });

  const results = methods.map((method): MethodResult => {
    const ratings: Glicko[] = Array.from({ length: o.players }, () => NEW_PLAYER);
    const checkpoints: Checkpoint[] = [];
    let rated = 0;
    for (const at of o.checkpoints) {
      for (; rated < at; rated++) {
        const { seats, places } = games[rated] as SimulatedGame;
        const after = method.rate(
          seats.map((p) => ratings[p] as Glicko),
          places,
        );
        seats.forEach((p, i) => {
          ratings[p] = after[i] as Glicko;
        });
      }
      const values = ratings.map((r) => r.rating);
      const mean = values.reduce((sum, x) => sum + x, 0) / o.players;
      checkpoints.push({
        games: at,
        gamesPerPlayer: games.slice(0, at).reduce((sum, g) => sum + g.seats.length, 0) / o.players,
        spearman: spearman(strengths, values),
        pairwise: pairwiseAccuracy(heldOut, (p) => values[p] as number),
        ratingSpread: Math.sqrt(values.reduce((sum, x) => sum + (x - mean) ** 2, 0) / o.players),
        meanDeviation: ratings.reduce((sum, r) => sum + r.deviation, 0) / o.players,
        established: ratings.filter((r) => r.deviation < ESTABLISHED_DEVIATION).length / o.players,
      });
    }
    const values = ratings.map((r) => r.rating);
    const errors = o.newcomerCheckpoints.map(() => 0);
    for (const { place, played } of newcomers) {
      let mine: Glicko = NEW_PLAYER;
      let k = 0;
      played.forEach(({ seats, places }, g) => {
        mine = method.rate(
          seats.map((p) => (p === o.players ? mine : (ratings[p] as Glicko))),
          places,
        )[0] as Glicko;
        if (o.newcomerCheckpoints[k] === g + 1) errors[k++] += Math.abs(percentile(mine.rating, values) - place);
      });
    }
    return {
      method: method.name,
      checkpoints,
      newcomer: o.newcomerCheckpoints.map((games, k) => ({ games, error: (errors[k] as number) / o.newcomers })),
    };
  });
  const start = newcomers.reduce((sum, { place }) => sum + Math.abs(50 - place), 0) / Math.max(1, o.newcomers);
  return { oraclePairwise: pairwiseAccuracy(heldOut, (p) => strengths[p] as number), newcomerStart: start, methods: results };
}

/** The mean of simulations alike but for their seeds (each figure averaged). */
export function averaged(runs: readonly SimulationResult[]): SimulationResult {
  const first = runs[0];
  if (!first) throw new RangeError('averaged: no runs');
  const mean = (pick: (r: SimulationResult) => number) => runs.reduce((sum, r) => sum + pick(r), 0) / runs.length;
  return {
    oraclePairwise: mean((r) => r.oraclePairwise),
    newcomerStart: mean((r) => r.newcomerStart),
    methods: first.methods.map((m, i) => ({
      method: m.method,
      checkpoints: m.checkpoints.map((c, k) => {
        const at = (r: SimulationResult) => r.methods[i]?.checkpoints[k] as Checkpoint;
        return {
          games: c.games,
          gamesPerPlayer: mean((r) => at(r).gamesPerPlayer),
          spearman: mean((r) => at(r).spearman),
          pairwise: mean((r) => at(r).pairwise),
          ratingSpread: mean((r) => at(r).ratingSpread),
          meanDeviation: mean((r) => at(r).meanDeviation),
          established: mean((r) => at(r).established),
        };
      }),
      newcomer: m.newcomer.map((n, k) => ({ games: n.games, error: mean((r) => r.methods[i]?.newcomer[k]?.error as number) })),
    })),
  };
}

// The methods compared.

/** Glicko-2 over the game's pairs averaged into one game: what hexarena rates free-for-all games with (free-for-all.ts). */
export const glickoAveraged: RatingMethod = {
  name: 'Glicko-2, pairs averaged into one game',
  rate: (before, places) => rateFreeForAll(before, places),
};

const scoreOf = (mine: number, theirs: number) => (mine < theirs ? 1 : mine === theirs ? 0.5 : 0);

/** Glicko-2 over the game's pairs, every pair a whole game, the game one rating period. */
export const glickoEveryPair: RatingMethod = {
  name: 'Glicko-2, every pair a game (one period)',
  rate: (before, places) =>
    before.map((r, i) =>
      ratingPeriod(
        r,
        before.flatMap((opponent, j): PeriodResult[] =>
          j === i ? [] : [{ opponent, score: scoreOf(places[i] as number, places[j] as number), weight: 1 }],
        ),
      ),
    ),
};

/**
 * Glicko-2 as the two-player ratings run it, every pair a game one after another (rateGame, the
 * pairs from the best places down): rating a free-for-all with nothing new.
 */
export const glickoSequential: RatingMethod = {
  name: 'Glicko-2, every pair a game (one by one)',
  rate: (before, places) => {
    const now = [...before];
    const order = before.map((_, i) => i).sort((a, b) => (places[a] as number) - (places[b] as number));
    for (let x = 0; x < order.length; x++)
      for (let y = x + 1; y < order.length; y++) {
        const [i, j] = [order[x] as number, order[y] as number];
        [now[i], now[j]] = rateGame(now[i] as Glicko, now[j] as Glicko, scoreOf(places[i] as number, places[j] as number), LICHESS);
      }
    return now as Glicko[];
  },
};

/** The baseline: only the winner's wins count (one over each other seat, one period); the other places are not used. */
export const glickoWinnerOnly: RatingMethod = {
  name: 'Glicko-2, the winner’s wins only',
  rate: (before, places) => {
    const best = Math.min(...places);
    const winners = before.map((_, i) => i).filter((i) => places[i] === best);
    return before.map((r, i) =>
      ratingPeriod(
        r,
        winners.includes(i)
          ? before.flatMap((opponent, j): PeriodResult[] => (winners.includes(j) ? [] : [{ opponent, score: 1, weight: 1 }]))
          : winners.map((w) => ({ opponent: before[w] as Glicko, score: 0, weight: 1 })),
      ),
    );
  },
};

/**
 * Weng and Lin's Bayesian approximation ("A Bayesian Approximation Method for Online Ranking",
 * 2011), the rating OpenSkill computes, on the scale of the two-player ratings: OpenSkill's new
 * player (μ 25, σ 25/3) shown as 1500 ± 500 is 60 points a unit of μ, which makes its defaults
 * β = 25/6 and τ = 25/300 here 250 and 5 (the method's results do not depend on the unit).
 */
export interface WengLinSettings {
  /** The spread of one game's performance about a player's rating. */
  readonly beta: number;
  /** Added, in squares, to each deviation before each game. */
  readonly tau: number;
  /** A game multiplies a deviation's square by at least this. */
  readonly kappa: number;
}

export const OPENSKILL_DEFAULTS: WengLinSettings = { beta: 250, tau: 5, kappa: 0.0001 };

const bounded = (r: Glicko): Glicko => ({
  rating: Math.min(LICHESS.maxRating, Math.max(LICHESS.minRating, r.rating)),
  deviation: Math.min(LICHESS.maxDeviation, Math.max(LICHESS.minDeviation, r.deviation)),
  volatility: r.volatility,
});

/**
 * Weng–Lin under Plackett–Luce (their algorithm 4; OpenSkill's default model): the finishing order
 * read as draws without replacement, the winner drawn from all the seats with chances in proportion
 * to exp(rating / c), c² the sum of every seat's deviation² + β², the second from those left, and so
 * on. Seats tied for a place share it: each is taken in turn as the one drawn there, and the terms
 * averaged (as OpenSkill does).
 */
export function wengLinPlackettLuce(before: readonly Glicko[], places: readonly number[], settings = OPENSKILL_DEFAULTS): Glicko[] {
  const variance = before.map((r) => r.deviation * r.deviation + settings.tau * settings.tau);
  const beta2 = settings.beta * settings.beta;
  const c = Math.sqrt(variance.reduce((sum, v) => sum + v + beta2, 0));
  // exp(rating / c), shifted by the best rating (the chances are the same, and exp stays ≤ 1).
  const top = Math.max(...before.map((r) => r.rating));
  const strength = before.map((r) => Math.exp((r.rating - top) / c));
  // The places that occur, best first; for each, how many share it and the strength of the seats not ahead of it.
  const levels = [...new Set(places)].sort((a, b) => a - b);
  const sharing = levels.map((level) => places.filter((p) => p === level).length);
  const remaining = levels.map((level) => strength.reduce((sum, s, i) => ((places[i] as number) >= level ? sum + s : sum), 0));
  return before.map((r, i) => {
    const place = places[i] as number;
    let [omega, delta] = [0, 0];
    for (let l = 0; l < levels.length && (levels[l] as number) <= place; l++) {
      const chance = (strength[i] as number) / (remaining[l] as number);
      omega += (levels[l] === place ? 1 / (sharing[l] as number) : 0) - chance;
      delta += chance * (1 - chance);
    }
    const v = variance[i] as number;
    const shrink = Math.max(1 - (Math.sqrt(v) / c) * (v / (c * c)) * delta, settings.kappa);
    return bounded({ rating: r.rating + (v / c) * omega, deviation: Math.sqrt(v * shrink), volatility: r.volatility });
  });
}

/**
 * Weng–Lin under Bradley–Terry over every pair of the game (their "full pairing", algorithm 1):
 * each pair a two-player comparison with its own c, a tie scoring half.
 */
export function wengLinBradleyTerry(before: readonly Glicko[], places: readonly number[], settings = OPENSKILL_DEFAULTS): Glicko[] {
  const variance = before.map((r) => r.deviation * r.deviation + settings.tau * settings.tau);
  const beta2 = settings.beta * settings.beta;
  return before.map((r, i) => {
    const vi = variance[i] as number;
    let [omega, delta] = [0, 0];
    before.forEach((q, j) => {
      if (j === i) return;
      const c = Math.sqrt(vi + (variance[j] as number) + 2 * beta2);
      const p = 1 / (1 + Math.exp((q.rating - r.rating) / c));
      omega += (vi / c) * (scoreOf(places[i] as number, places[j] as number) - p);
      delta += (Math.sqrt(vi) / c) * (vi / (c * c)) * p * (1 - p);
    });
    return bounded({ rating: r.rating + omega, deviation: Math.sqrt(vi * Math.max(1 - delta, settings.kappa)), volatility: r.volatility });
  });
}

export const openSkillPlackettLuce: RatingMethod = {
  name: 'Weng–Lin, Plackett–Luce (OpenSkill’s default)',
  rate: (before, places) => wengLinPlackettLuce(before, places),
};

export const openSkillBradleyTerry: RatingMethod = {
  name: 'Weng–Lin, Bradley–Terry pairs',
  rate: (before, places) => wengLinBradleyTerry(before, places),
};

/** Every method measured, the chosen one first. */
export const METHODS: readonly RatingMethod[] = [
  glickoAveraged,
  openSkillPlackettLuce,
  openSkillBradleyTerry,
  glickoEveryPair,
  glickoSequential,
  glickoWinnerOnly,
];

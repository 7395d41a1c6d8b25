/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system"), as lichess runs it: no rating periods
 * gathered in batches — each rated game updates both players at once — with the deviation grown
 * for the time since a player's last game (fractional periods), the bounds lichess keeps, and a
 * first-move advantage added to the first player's and taken from the second's rating when their
 * expected scores are worked out.
 */

export interface Glicko {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

export interface GlickoSettings {
  /** How fast volatility may change. */
  readonly tau: number;
  /**
   * Rating points between the first and the second player's expected-score ratings beyond their
   * ratings: half is added to the first player's, half taken from the second's. Each game of
   * hexarena has its own (zero until fitted from its games).
   */
  readonly firstMoveAdvantage: number;
  readonly minDeviation: number;
  readonly maxDeviation: number;
  readonly maxVolatility: number;
  /** A game moves a rating by at most this much. */
  readonly maxChange: number;
  readonly minRating: number;
  readonly maxRating: number;
  /** Rating periods a day, for the deviation's growth with inactivity. */
  readonly periodsPerDay: number;
}

export const LICHESS: GlickoSettings = {
  tau: 0.75,
  firstMoveAdvantage: 0,
  minDeviation: 45,
  maxDeviation: 500,
  maxVolatility: 0.1,
  maxChange: 700,
  minRating: 400,
  maxRating: 4000,
  periodsPerDay: 0.21436,
};

/**
 * The first-move advantage that reproduces lichess's published test vectors (rating.glicko tests):
 * all ten, to ±0.5 rating, ±0.0001 deviation and ±0.00001 volatility, for any value from 7.765 to
 * 7.801. lichess's code names 11.782457 for standard chess; applied as its code reads (half on each
 * side) that gives 1737/1263 for the first vector, not its 1739/1261.
 */
export const LICHESS_VECTORS_ADVANTAGE = 7.786;

export const NEW_PLAYER: Glicko = { rating: 1500, deviation: 500, volatility: 0.09 };

/** A rating is provisional (shown with "?") while its deviation is this or more. */
export const PROVISIONAL_DEVIATION = 110;

const SCALE = 173.7178;
const TOLERANCE = 0.000001;
const MAX_ITERATIONS = 1000;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muOpponent: number, phiOpponent: number) => 1 / (1 + Math.exp(-g(phiOpponent) * (mu - muOpponent)));

/** The deviation after `periods` rating periods without a game (step 6 alone), on the Glicko scale. */
export function deviationAfter(r: Glicko, periods: number, settings: GlickoSettings = LICHESS): number {
  const phi = r.deviation / SCALE;
  const grown = Math.sqrt(phi * phi + periods * r.volatility * r.volatility) * SCALE;
  return Math.min(settings.maxDeviation, Math.max(settings.minDeviation, grown));
}

/**
 * Step 5 of Glicko-2: the new volatility, by the Illinois algorithm, from the volatility σ, the
 * deviation φ (Glicko-2 scale), the period's variance v and improvement Δ; at most the settings' cap.
 */
export function newVolatility(sigma: number, phi: number, v: number, delta: number, settings: GlickoSettings): number {
  const a = Math.log(sigma * sigma);
  const tau = settings.tau;
  const f = (x: number) => {
    const ex = Math.exp(x);
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; Math.abs(B - A) > TOLERANCE && i < MAX_ITERATIONS; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  return Math.min(settings.maxVolatility, Math.exp(A / 2));
}

/**
 * One player's new rating after one game against `opponent`, scoring `score` (1, ½ or 0), with
 * `edge` rating points added to the player's rating for the expected score (the first-move
 * advantage: plus half for the first player, minus half for the second).
 */
function updateOne(player: Glicko, opponent: Glicko, score: number, edge: number, settings: GlickoSettings): Glicko {
  // The expected score compares the two ratings with the first-move advantage on both sides of it.
  const mu = (player.rating + edge - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  const muJ = (opponent.rating - edge - 1500) / SCALE;
  const phiJ = opponent.deviation / SCALE;
  const gJ = g(phiJ);
  const e = expected(mu, muJ, phiJ);
  const v = 1 / (gJ * gJ * e * (1 - e));
  const delta = v * gJ * (score - e);

  const newSigma = newVolatility(sigma, phi, v, delta, settings);
  // Step 6: no time passes within the game (the growth for inactivity before it is deviationAfter's).
  const phiStar = phi;
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = (player.rating - 1500) / SCALE + newPhi * newPhi * gJ * (score - e);
  const rating = clamp(newMu * SCALE + 1500, player.rating - settings.maxChange, player.rating + settings.maxChange);
  return {
    rating: clamp(rating, settings.minRating, settings.maxRating),
    deviation: clamp(newPhi * SCALE, settings.minDeviation, settings.maxDeviation),
    volatility: newSigma,
  };
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Both players' ratings after one game; `score` is the first player's (1, ½ or 0). */
export function rateGame(first: Glicko, second: Glicko, score: number, settings: GlickoSettings = LICHESS): [Glicko, Glicko] {
  const half = settings.firstMoveAdvantage / 2;
  return [updateOne(first, second, score, half, settings), updateOne(second, first, 1 - score, -half, settings)];
}

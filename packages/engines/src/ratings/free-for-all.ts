/**
 * Ratings for free-for-all games (DiceWars with 3 to 8 players): Glicko-2 over the game's pairs,
 * averaged into one game. Each seat's results against every other seat — a win over each seat it
 * finished ahead of, a loss to each seat ahead of it, a draw with each seat it tied with — make up
 * one rating period in which every result counts 1/(seats − 1) of a game: the whole table is worth
 * one game to each player, scored by the share of the others it finished ahead of, against
 * opponents as strong as the others were. Among two seats this is the two-player rating exactly
 * (rateGame, without a first-move advantage).
 *
 * So a free-for-all rating is a Glicko-2 rating like the others: stored alike, bounded alike (lichess's
 * bounds: ratings 400..4000, deviations 45..500, volatility at most 0.1, a game moves a rating by at
 * most 700), grown for time away with deviationAfter, and a rating point means what it means for two
 * players. docs/ratings.md says why this method and not Weng–Lin's (OpenSkill's), with the
 * measurements that chose it (src/ratings/free-for-all.simulation.ts).
 */
import type { Outcome, Player } from '../engine/game.ts';
import { type Glicko, type GlickoSettings, LICHESS, NEW_PLAYER, newVolatility } from './glicko2.ts';

/** One result of a rating period: against `opponent`'s rating before it, scoring 1, ½ or 0, counting `weight` games. */
export interface PeriodResult {
  readonly opponent: Glicko;
  readonly score: number;
  readonly weight: number;
}

const SCALE = 173.7178;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * Glicko-2's update of one rating period (Glickman's steps 3 to 8), each result counted `weight`
 * times, with the bounds of `settings`; no time passes within the period (the growth for the time
 * before it is deviationAfter's). The first-move advantage of `settings` is not used here.
 */
export function ratingPeriod(player: Glicko, results: readonly PeriodResult[], settings: GlickoSettings = LICHESS): Glicko {
  if (results.length === 0) return player;
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  // Steps 3 and 4: the estimated variance v from the results' information, and the improvement.
  let information = 0;
  let improvement = 0;
  for (const { opponent, score, weight } of results) {
    const phiJ = opponent.deviation / SCALE;
    const g = 1 / Math.sqrt(1 + (3 * phiJ * phiJ) / (Math.PI * Math.PI));
    const e = 1 / (1 + Math.exp(-g * (mu - (opponent.rating - 1500) / SCALE)));
    information += weight * g * g * e * (1 - e);
    improvement += weight * g * (score - e);
  }
  const v = 1 / information;
  const delta = v * improvement;

  // Step 5.
  const volatility = newVolatility(sigma, phi, v, delta, settings);
  // Steps 6 to 8, the deviation before the period unchanged (φ* = φ).
  const newPhi = 1 / Math.sqrt(1 / (phi * phi) + 1 / v);
  const newMu = mu + newPhi * newPhi * improvement;
  const rating = clamp(newMu * SCALE + 1500, player.rating - settings.maxChange, player.rating + settings.maxChange);
  return {
    rating: clamp(rating, settings.minRating, settings.maxRating),
    deviation: clamp(newPhi * SCALE, settings.minDeviation, settings.maxDeviation),
    volatility,
  };
}

/**
 * Each seat's place from a game's outcome, 0 for the winner: by the ranking when the outcome has
 * one (seats it leaves out share the place after it), else the winner first and every other seat
 * second; a draw puts every seat first.
 */
export function placesOf(outcome: Outcome, seats: number): number[] {
  if (!Number.isInteger(seats) || seats < 1) throw new RangeError(`placesOf: ${seats} seats`);
  if (outcome.kind === 'draw') return new Array<number>(seats).fill(0);
  const ranking = outcome.ranking ?? [outcome.winner];
  if (ranking[0] !== outcome.winner)
    throw new RangeError(`placesOf: the ranking ${ranking.join(',')} does not start with ${outcome.winner}`);
  const places = new Array<number>(seats).fill(ranking.length);
  ranking.forEach((seat: Player, place) => {
    if (!Number.isInteger(seat) || seat < 0 || seat >= seats) throw new RangeError(`placesOf: no seat ${seat} of ${seats}`);
    if (places[seat] !== ranking.length) throw new RangeError(`placesOf: seat ${seat} ranked twice`);
    places[seat] = place;
  });
  return places;
}

/** A seat's score against another from their places: ahead 1, level ½, behind 0. */
const scoreOf = (mine: number, theirs: number) => (mine < theirs ? 1 : mine === theirs ? 0.5 : 0);

/**
 * Every seat's rating after one free-for-all game: `before`, seat by seat (null: a player not rated
 * yet, rated from NEW_PLAYER), and `places`, seat by seat (0 for the winner; equal places are a
 * tie). Deviations should already be grown for the time since each player's last game
 * (deviationAfter), as for two players.
 */
export function rateFreeForAll(
  before: readonly (Glicko | null)[],
  places: readonly number[],
  settings: GlickoSettings = LICHESS,
): Glicko[] {
  const n = before.length;
  if (n < 2 || places.length !== n) throw new RangeError(`rateFreeForAll: ${n} ratings and ${places.length} places`);
  for (const p of places) if (!Number.isInteger(p) || p < 0) throw new RangeError(`rateFreeForAll: bad place ${p}`);
  const players = before.map((r) => r ?? NEW_PLAYER);
  const weight = 1 / (n - 1);
  return players.map((player, i) =>
    ratingPeriod(
      player,
      players.flatMap((opponent, j) => (j === i ? [] : [{ opponent, score: scoreOf(places[i] as number, places[j] as number), weight }])),
      settings,
    ),
  );
}

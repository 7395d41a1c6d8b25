/**
 * A strength ladder: a rated round-robin among players of one game (hexarena's levels, outside
 * engines, bot accounts). Each pair meets `rounds` times with each colour; the games are played in
 * an order drawn from the seed and rated one after another with Glicko-2, so that the same games give
 * the same table. How a game is played is the caller's (in this process, on a server): the ladder
 * schedules, counts and rates.
 */
import { deriveSeed, Rng } from '../engine/rng.ts';
import { type Glicko, type GlickoSettings, LICHESS, NEW_PLAYER, PROVISIONAL_DEVIATION, rateGame } from './glicko2.ts';

/** One game of the schedule: entrants by their place in the list, `first` moving first. */
export interface LadderPairing {
  /** Place in the schedule, from 0: the order the games are rated in. */
  readonly index: number;
  /** From 0: every pair meets once with each colour in every round. */
  readonly round: number;
  readonly first: number;
  readonly second: number;
  /** The game's own seed (its set-up and the players' random choices). */
  readonly seed: string;
}

/** How a game ended, as the ladder rates it. */
export interface LadderOutcome {
  /** The first player's score: 1, ½ or 0. */
  readonly score: number;
  /** A player that could not play (did not start, crashed, answered nonsense) lost the game so. */
  readonly forfeit?: { readonly by: 'first' | 'second'; readonly reason: string };
}

/** A game played: its pairing, its outcome and what the caller keeps of it (moves, termination). */
export type LadderGame<D = unknown> = LadderPairing & LadderOutcome & { readonly detail?: D };

export interface LadderStanding {
  /** 1 for the highest rating; equal ratings share no rank (the earlier entrant first). */
  readonly rank: number;
  readonly entrant: string;
  /** Place in the list of entrants. */
  readonly index: number;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  /** About 95% sure the strength lies here: the rating ± twice the deviation. */
  readonly interval: readonly [number, number];
  /** The deviation is still that of a player the site shows with "?". */
  readonly provisional: boolean;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Wins plus half the draws. */
  readonly points: number;
  /** Games lost because this entrant could not play, and why (each reason once). */
  readonly forfeits: number;
  readonly forfeitReasons: readonly string[];
}

export interface LadderTally {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

type Tally = { -readonly [K in keyof LadderTally]: LadderTally[K] };

export interface LadderTable {
  readonly entrants: readonly string[];
  /** Highest rating first. */
  readonly standings: readonly LadderStanding[];
  /** `matrix[i][j]`: how entrant i fared against entrant j (places in the list of entrants). */
  readonly matrix: readonly (readonly LadderTally[])[];
  /** Games rated so far, and in the whole schedule. */
  readonly played: number;
  readonly scheduled: number;
}

/** Every pair, `rounds` times with each colour; each round in its own order drawn from the seed. */
export function ladderSchedule(entrants: number, rounds: number, seed: string): LadderPairing[] {
  if (!Number.isInteger(entrants) || entrants < 2) throw new RangeError(`a ladder needs two entrants or more, got ${entrants}`);
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`a ladder needs a round or more, got ${rounds}`);
  const schedule: LadderPairing[] = [];
  for (let round = 0; round < rounds; round++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < entrants; i++)
      for (let j = i + 1; j < entrants; j++) {
        pairs.push([i, j]);
        pairs.push([j, i]);
      }
    // Rounds stay whole, so a ladder stopped early has met every pair as often, give or take one.
    Rng.fromSeed(deriveSeed(seed, 'ladder', 'round', round)).shuffle(pairs);
    for (const [first, second] of pairs) {
      const index = schedule.length;
      schedule.push({ index, round, first, second, seed: deriveSeed(seed, 'ladder', 'game', index) });
    }
  }
  return schedule;
}

/**
 * The table after `games`, rated in the order given (the schedule's): everyone starts as a new
 * player, and no deviation grows between games (a ladder is one sitting).
 */
export function rateLadder(
  entrants: readonly string[],
  games: readonly LadderGame[],
  settings: GlickoSettings = LICHESS,
  scheduled = games.length,
): LadderTable {
  const n = entrants.length;
  const ratings: Glicko[] = entrants.map(() => NEW_PLAYER);
  const matrix: Tally[][] = entrants.map(() => entrants.map(() => ({ wins: 0, draws: 0, losses: 0 })));
  const forfeits = entrants.map(() => ({ count: 0, reasons: new Set<string>() }));
  for (const g of games) {
    if (!(g.first >= 0 && g.first < n && g.second >= 0 && g.second < n && g.first !== g.second))
      throw new RangeError(`game ${g.index} pairs ${g.first} with ${g.second}, not two of the ${n} entrants`);
    if (g.score !== 0 && g.score !== 0.5 && g.score !== 1) throw new RangeError(`game ${g.index} scores ${g.score}, not 1, ½ or 0`);
    const [a, b] = rateGame(ratings[g.first] as Glicko, ratings[g.second] as Glicko, g.score, settings);
    ratings[g.first] = a;
    ratings[g.second] = b;
    const ab = matrix[g.first]?.[g.second] as Tally;
    const ba = matrix[g.second]?.[g.first] as Tally;
    if (g.score === 1) {
      ab.wins++;
      ba.losses++;
    } else if (g.score === 0) {
      ab.losses++;
      ba.wins++;
    } else {
      ab.draws++;
      ba.draws++;
    }
    if (g.forfeit) {
      const f = forfeits[g.forfeit.by === 'first' ? g.first : g.second] as (typeof forfeits)[number];
      f.count++;
      f.reasons.add(g.forfeit.reason);
    }
  }
  const unranked = entrants.map((entrant, index) => {
    const r = ratings[index] as Glicko;
    const row = matrix[index] as LadderTally[];
    const wins = row.reduce((s, t) => s + t.wins, 0);
    const draws = row.reduce((s, t) => s + t.draws, 0);
    const losses = row.reduce((s, t) => s + t.losses, 0);
    const f = forfeits[index] as (typeof forfeits)[number];
    return {
      entrant,
      index,
      rating: r.rating,
      deviation: r.deviation,
      volatility: r.volatility,
      interval: [Math.round(r.rating - 2 * r.deviation), Math.round(r.rating + 2 * r.deviation)] as const,
      provisional: r.deviation >= PROVISIONAL_DEVIATION,
      games: wins + draws + losses,
      wins,
      draws,
      losses,
      points: wins + draws / 2,
      forfeits: f.count,
      forfeitReasons: [...f.reasons],
    };
  });
  const standings = unranked.sort((x, y) => y.rating - x.rating || x.index - y.index).map((s, i) => ({ rank: i + 1, ...s }));
  return { entrants: [...entrants], standings, matrix, played: games.length, scheduled };
}

export interface LadderRun<D> {
  readonly entrants: readonly string[];
  /** Each pair meets this many times with each colour. */
  readonly rounds: number;
  readonly seed: string;
  /**
   * Plays one game; a player that cannot play should forfeit (an outcome), not throw. The signal is
   * the ladder's: a game may stop when it fires (it is then not rated).
   */
  readonly play: (pairing: LadderPairing, signal?: AbortSignal) => Promise<LadderOutcome & { readonly detail?: D }>;
  /** Glicko-2 settings: lichess's by default; give the game's first-move advantage. */
  readonly settings?: GlickoSettings;
  /** Games played at once (1 by default); they are rated in the schedule's order all the same. */
  readonly concurrency?: number;
  /** Hears each game as it ends, with how many have ended of how many. */
  readonly onGame?: (game: LadderGame<D>, done: number, total: number) => void;
  /** Stops the ladder: the games that ended before it are rated, the one being played is not. */
  readonly signal?: AbortSignal;
}

export interface LadderResult<D> {
  readonly table: LadderTable;
  /** In the schedule's order (the order they were rated in). */
  readonly games: readonly LadderGame<D>[];
  /** Whether the signal stopped the ladder before every game was played. */
  readonly stopped: boolean;
}

/** Plays the whole schedule (or until the signal) and rates it. */
export async function runLadder<D>(run: LadderRun<D>): Promise<LadderResult<D>> {
  const schedule = ladderSchedule(run.entrants.length, run.rounds, run.seed);
  const played: (LadderGame<D> | undefined)[] = new Array(schedule.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (;;) {
      if (run.signal?.aborted || next >= schedule.length) return;
      const pairing = schedule[next++] as LadderPairing;
      let outcome: LadderOutcome & { readonly detail?: D };
      try {
        outcome = await run.play(pairing, run.signal);
      } catch (e) {
        if (run.signal?.aborted) return;
        throw e;
      }
      // A game the signal cut short may have been decided by the stop: it is not rated.
      if (run.signal?.aborted) return;
      const game: LadderGame<D> = { ...pairing, ...outcome };
      played[pairing.index] = game;
      run.onGame?.(game, ++done, schedule.length);
    }
  };
  const workers = Math.max(1, Math.min(run.concurrency ?? 1, schedule.length));
  await Promise.all(Array.from({ length: workers }, worker));
  // A game after one left unplayed (stopped) is rated only if every game before it was played.
  const games: LadderGame<D>[] = [];
  for (const g of played) {
    if (g === undefined) break;
    games.push(g);
  }
  const table = rateLadder(run.entrants, games, run.settings, schedule.length);
  return { table, games, stopped: games.length < schedule.length };
}

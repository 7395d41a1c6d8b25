import { type Agent, AgentFailure, type ChooseContext } from './agent.ts';
import type { GameDefinition, GameRules, Outcome, Player } from './game.ts';
import { type GameRecord, makeRecord } from './record.ts';
import { resignationOutcome } from './resign.ts';
import { deriveSeed, Rng } from './rng.ts';

export interface MatchSettings<S, M, O> {
  readonly game: GameDefinition<S, M, O>;
  readonly options?: O;
  /** One entry per seat of a game; entries rotate over the seats from game to game. */
  readonly agents: readonly Agent<S, M>[];
  readonly games: number;
  readonly seed: string;
  /**
   * A game still running after this many moves is stopped and counted as a draw. By default
   * 10,000, and no cap for games that always end by their own rules.
   */
  readonly maxMoves?: number;
  /**
   * A game in which `progress` (what a game going somewhere changes: Hive's queens' neighbours and
   * hands) has stood the same for `plies` moves is adjudicated a draw, as cutechess's draw
   * adjudication ends a game going nowhere before the move cap. None by default.
   */
  readonly adjudicate?: { readonly plies: number; progress(state: S): string };
  readonly timeMs?: number;
  /**
   * A move not given within this many milliseconds loses the game on time (termination `time`),
   * and the match goes on: an outside engine that hangs costs one game, not the match. None by default.
   */
  readonly moveTimeoutMs?: number;
  /**
   * The moves each set of games starts from, before the agents move: games g of one set (g divided
   * by the number of seats) start alike, from the same seed, each with the seats rotated, so every
   * agent plays every side of every opening. None by default.
   */
  readonly opening?: (set: number, start: S) => readonly M[];
  /** Asked after every game with the tallies so far: true ends the match there (a sequential test that has decided). */
  readonly stop?: (tallies: readonly AgentTally[], done: number) => boolean;
  readonly depth?: number;
  readonly signal?: AbortSignal;
  /**
   * Called as each game ends (in the order they end), with how many have ended and the game's own
   * number (from 0: which seats its entries took, which opening it played).
   */
  readonly onGame?: (done: number, total: number, record: GameRecord, game: number) => void;
  /**
   * Games played at once (1 by default), as cutechess and fastchess do where cores allow. Every
   * game stays its own: its seed, its seats and its opening are those of its number.
   */
  readonly concurrency?: number;
  /**
   * The agents of each further lane of games (lane 1 up; lane 0 plays `agents`): an agent that keeps
   * state between moves (an outside engine's process, a search's table) plays one game at a time.
   * Without it every lane shares `agents`.
   */
  readonly agentsFor?: (lane: number) => readonly Agent<S, M>[];
}

export interface Tally {
  wins: number;
  draws: number;
  losses: number;
}

export interface AgentTally extends Tally {
  readonly agent: string;
  /** How many games this entry played from each seat. */
  readonly seats: number[];
  /** Games in which this entry made the first move, and how those ended for it. */
  readonly first: Tally;
}

export interface MatchResult {
  /** Games played: fewer than asked when `stop` ended the match. */
  readonly games: number;
  /** Games stopped by the move cap (already counted as draws). */
  readonly capped: number;
  /** One tally per entry of `agents`, in the same order. */
  readonly agents: AgentTally[];
  /** One tally per seat, whoever sat there. */
  readonly seats: Tally[];
  /**
   * How games ended for whoever moved first. Where the turn order is drawn (DiceWars) the
   * first-move advantage shows here, not in the seats.
   */
  readonly firstMover: Tally;
  readonly records: GameRecord[];
}

/** In game g, seat s is played by entry (s + g) mod n: every entry takes every seat in turn. */
export const entryAtSeat = (game: number, seat: number, entries: number): number => (seat + game) % entries;

/** The games a tally counts. */
export const played = (t: Tally): number => t.wins + t.draws + t.losses;

/** Adds `t` into `sum`: tallies of one agent's seats, or of a match run in parts. */
export function addTally(sum: Tally, t: Tally): void {
  sum.wins += t.wins;
  sum.draws += t.draws;
  sum.losses += t.losses;
}

function credit(t: Tally, outcome: Outcome, seat: Player): void {
  if (outcome.kind === 'draw') t.draws++;
  else if (outcome.winner === seat) t.wins++;
  else t.losses++;
}

/**
 * Plays agents against each other over many games, rotating seats so that no agent keeps
 * a lucky seat. Deterministic for a given seed when the agents are.
 */
export async function runMatch<S, M, O>(settings: MatchSettings<S, M, O>): Promise<MatchResult> {
  const { game, agents, games, seed } = settings;
  const chosen = settings.options ?? game.defaultOptions;
  const options = game.headlessOptions ? game.headlessOptions(chosen) : chosen;
  const seatCount = game.seatNames(options).length;
  if (agents.length !== seatCount) throw new RangeError(`${game.id} needs ${seatCount} agents, got ${agents.length}`);
  const maxMoves = settings.maxMoves ?? (game.alwaysEnds ? Number.POSITIVE_INFINITY : 10_000);
  const tally = (): Tally => ({ wins: 0, draws: 0, losses: 0 });
  const tallies: AgentTally[] = agents.map((a) => ({ agent: a.name, seats: Array(seatCount).fill(0), first: tally(), ...tally() }));
  const firstMover = tally();
  const seatTallies: Tally[] = Array.from({ length: seatCount }, tally);
  let capped = 0;
  const limits = {
    ...(settings.timeMs === undefined ? {} : { timeMs: settings.timeMs }),
    ...(settings.depth === undefined ? {} : { depth: settings.depth }),
    ...(settings.signal === undefined ? {} : { signal: settings.signal }),
  };

  /** One game, from its number: its seed, seats and opening are the number's whoever plays it. */
  const playOne = async (g: number, entries: readonly Agent<S, M>[]) => {
    const set = Math.floor(g / seatCount);
    // The games of one opening share their seed, so a game of chance deals them the same start too.
    const gameSeed = settings.opening ? deriveSeed(seed, 'opening', set) : deriveSeed(seed, g);
    // One context per seat and game: a DiceWars game asks its agents thousands of times.
    const contexts = Array.from({ length: seatCount }, (_, s) => ({ rng: Rng.fromSeed(deriveSeed(gameSeed, 'seat', s)), ...limits }));
    const entryOf = (seat: number) => entryAtSeat(g, seat, entries.length);
    let state = game.newGame(options, gameSeed);
    const first = game.toMove(state);
    const moves: string[] = [];
    let outcome = game.result(state);
    for (const move of settings.opening?.(set, state) ?? []) {
      if (outcome !== null) throw new RangeError(`opening ${set + 1} goes on after the game has ended`);
      moves.push(game.formatMove(state, move));
      state = game.play(state, move);
      outcome = game.result(state);
    }
    let ending: 'forfeit' | 'time' | 'adjudication' | null = null;
    const still = settings.adjudicate;
    let progress = still?.progress(state);
    let since = moves.length;
    while (outcome === null && moves.length < maxMoves) {
      if (still && moves.length - since >= still.plies) {
        outcome = { kind: 'draw', reason: `adjudicated: nothing changed in ${still.plies} moves` };
        ending = 'adjudication';
        break;
      }
      const seat = game.toMove(state);
      if (seat === null) throw new Error(`${game.id}: no player to move in an unfinished game`);
      const agent = entries[entryOf(seat)] as Agent<S, M>;
      let move: M;
      try {
        move = await chooseInTime(agent, game, state, contexts[seat] as ChooseContext, settings.moveTimeoutMs);
      } catch (e) {
        if (!(e instanceof AgentFailure)) throw e;
        // A player that cannot move loses this game; the match goes on.
        const lost = resignationOutcome(game, state, seat, game.seatNames(options));
        const late = e instanceof MoveTimeout;
        outcome = { ...lost, reason: late ? `${agent.name} lost on time: ${e.message}` : `${agent.name} forfeits: ${e.message}` };
        ending = late ? 'time' : 'forfeit';
        break;
      }
      moves.push(game.formatMove(state, move));
      state = game.play(state, move);
      outcome = game.result(state);
      if (still) {
        const now = still.progress(state);
        if (now !== progress) {
          progress = now;
          since = moves.length;
        }
      }
    }
    const stopped = outcome === null;
    const final: Outcome = outcome ?? { kind: 'draw', reason: `stopped after ${maxMoves} moves` };
    const record = makeRecord(game, options, gameSeed, moves, final, {
      termination: stopped ? 'move-cap' : (ending ?? 'rules'),
      players: Array.from({ length: seatCount }, (_, s) => (entries[entryOf(s)] as Agent<S, M>).name),
    });
    return { g, first, stopped, final, record, entryOf };
  };

  // Games are handed out by number to the lanes; each is counted as it ends. A sequential test that
  // decides stops the handing out, and the games under way are played out and counted too.
  let next = 0;
  let halted = false;
  const ended: { g: number; record: GameRecord }[] = [];
  const lane = async (entries: readonly Agent<S, M>[]) => {
    while (!halted && next < games) {
      settings.signal?.throwIfAborted();
      const played = await playOne(next++, entries);
      if (played.stopped) capped++;
      for (let seat = 0; seat < seatCount; seat++) {
        const t = tallies[played.entryOf(seat)] as AgentTally;
        t.seats[seat] = (t.seats[seat] ?? 0) + 1;
        credit(t, played.final, seat);
        credit(seatTallies[seat] as Tally, played.final, seat);
        if (seat === played.first) {
          credit(t.first, played.final, seat);
          credit(firstMover, played.final, seat);
        }
      }
      ended.push({ g: played.g, record: played.record });
      settings.onGame?.(ended.length, games, played.record, played.g);
      if (settings.stop?.(tallies, ended.length)) halted = true;
    }
  };
  const lanes = Math.max(1, Math.min(settings.concurrency ?? 1, games));
  await Promise.all(Array.from({ length: lanes }, (_, i) => lane(i === 0 || !settings.agentsFor ? agents : settings.agentsFor(i))));
  const records = ended.sort((a, b) => a.g - b.g).map((e) => e.record);
  const playedGames = records.length;
  return { games: playedGames, capped, agents: tallies, seats: seatTallies, firstMover, records };
}

/** A move not given in time: the player loses that game on time. */
export class MoveTimeout extends AgentFailure {}

/**
 * The agent's move, or a `MoveTimeout` when none comes within `timeoutMs`: the agent is told to
 * stop through its signal, and the game goes on without waiting for it.
 */
async function chooseInTime<S, M>(
  agent: Agent<S, M>,
  game: GameRules<S, M>,
  state: S,
  context: ChooseContext,
  timeoutMs: number | undefined,
): Promise<M> {
  if (timeoutMs === undefined) return agent.choose(game, state, context);
  const stop = new AbortController();
  const signal = context.signal ? AbortSignal.any([context.signal, stop.signal]) : stop.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      stop.abort();
      reject(new MoveTimeout(`no move within ${timeoutMs / 1000} s`));
    }, timeoutMs);
  });
  try {
    const answer = agent.choose(game, state, { ...context, signal });
    // An answer that comes after the verdict is let go.
    answer.catch(() => {});
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `plies` random legal moves from `start`, from `rng`: a varied opening. Lines that end the game
 * are drawn again (up to 1,000 times); where none can be found the game is too short for it.
 */
export function randomOpening<S, M>(game: GameRules<S, M>, start: S, plies: number, rng: Rng): M[] {
  for (let attempt = 0; attempt < 1000; attempt++) {
    let state = start;
    const moves: M[] = [];
    while (moves.length < plies && game.result(state) === null) {
      const move = rng.pick(game.legalMoves(state));
      moves.push(move);
      state = game.play(state, move);
    }
    if (game.result(state) === null) return moves;
  }
  throw new RangeError(`no line of ${plies} random moves leaves a ${game.id} game unfinished`);
}

/** Wilson score interval for a proportion: honest at 0% and 100%, unlike the normal approximation. */
export function wilson95(successes: number, trials: number): [number, number] {
  if (trials === 0) return [0, 1];
  const z = 1.959963984540054;
  const p = successes / trials;
  const z2n = (z * z) / trials;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2n / (4 * trials))) / (1 + z2n);
  // At 0% and 100% the bound is exactly 0 or 1; rounding would leave a speck.
  return [successes === 0 ? 0 : Math.max(0, centre - half), successes === trials ? 1 : Math.min(1, centre + half)];
}

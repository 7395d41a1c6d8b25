import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Agent } from '@hexarena/engines/engine/agent.ts';
import { type AnyGame, describeOutcome } from '@hexarena/engines/engine/game.ts';
import { addTally, played, randomOpening, runMatch, type Tally, wilson95 } from '@hexarena/engines/engine/match.ts';
import type { GameRecord } from '@hexarena/engines/engine/record.ts';
import { deriveSeed, Rng, randomSeed } from '@hexarena/engines/engine/rng.ts';
import { type SprtSettings, type SprtState, sprt } from '@hexarena/engines/engine/sprt.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { resolveAgent } from '../../protocols/agents.ts';
import { ENGINE_SEAT, engineSeat } from '../../protocols/engine-lines/seat.ts';
import { OUTSIDE_GRACE_MS } from '../../protocols/seat-prefixes.ts';
import { hearsEnd, tellEnds } from '../../protocols/seed004/end.ts';
import { displayPath, makeFolder } from '../files.ts';
import { refuseOthersFlags } from '../flags.ts';
import type { GivenFlags } from '../games/cli-game.ts';
import { CLI_GAMES, cliGameOf } from '../games/index.ts';
import { type CliIo, formatCount, UsageError } from '../io.ts';
import { progressBar } from '../progress.ts';

/** match's own flags; a game's (DiceWars's --rules, --players, --map, Hive's --no-tournament) come with it. */
export interface MatchFlags extends GivenFlags {
  readonly a?: string;
  readonly b?: string;
  /** Comma-separated agents, one per seat. */
  readonly seats?: string;
  readonly games: number;
  readonly seed?: string;
  readonly options?: string;
  readonly json?: boolean;
  /** A folder for every game's record, one JSON file each. */
  readonly records?: string;
  /** A budget per move for every agent (outside engines get it as `bestmove depth` or `bestmove time`). */
  readonly depth?: number;
  readonly time?: number;
  /** A game still going after this many moves (plies) is stopped and counted as a draw. */
  readonly maxMoves?: number;
  /** A game in which nothing has changed for this many moves is adjudicated a draw (games with a `progress`). */
  readonly adjudicate?: number;
  /** A player that has not moved after this many seconds loses that game on time. */
  readonly moveTimeout?: number;
  /** Each set of games starts with this many random legal moves. */
  readonly randomOpening?: number;
  /** A file of openings, one a line. */
  readonly openings?: string;
  /** Games played at once (each lane with agents of its own). */
  readonly concurrency?: number;
  /** "elo0,elo1": stop when the sequential test decides. */
  readonly sprt?: string;
  readonly alpha?: number;
  readonly beta?: number;
}

/** --options: a JSON object of the game's options (match's and ladder's). */
export function parseJsonOptions(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  try {
    const json = JSON.parse(text);
    if (typeof json === 'object' && json !== null && !Array.isArray(json)) return json;
  } catch {}
  throw new UsageError(`--options must be a JSON object, such as '{"type":"Base+MLP"}'`);
}

/** The agents named, one per seat, as given (--a/--b or --seats). */
function agentNames(flags: MatchFlags): string[] {
  if (flags.seats !== undefined) return flags.seats.split(',').map((s) => s.trim());
  return [flags.a, flags.b].filter((name): name is string => name !== undefined);
}

/** --options, plus what the game's own flags say (DiceWars's --rules, --players, --map; Hive's --no-tournament). */
function gameOptions(io: CliIo, game: AnyGame, flags: MatchFlags): unknown {
  const json = parseJsonOptions(flags.options);
  const matchFlags = CLI_GAMES.map((g) => ({ id: g.id, flags: g.matchFlags ?? [] }));
  refuseOthersFlags(game.id, matchFlags, flags, (m) => new UsageError(m));
  cliGameOf(game.id)?.matchOptions?.(io, flags, json, agentNames(flags));
  const options = game.parseOptions(Object.keys(json).length > 0 ? json : undefined);
  if (!options.ok) throw new UsageError(`options: ${options.error.message}`);
  return options.value;
}

function seatAgents(io: CliIo, game: AnyGame, flags: MatchFlags, seats: number): Agent<unknown, unknown>[] {
  let names: string[];
  if (flags.seats !== undefined) {
    if (flags.a !== undefined || flags.b !== undefined) throw new UsageError('give --seats or --a/--b, not both');
    names = agentNames(flags);
  } else if (flags.a !== undefined && flags.b !== undefined) names = agentNames(flags);
  else
    throw new UsageError(
      seats === 2 ? 'name the players with --a and --b (or --seats a,b)' : `name the ${seats} players with --seats a,b,…`,
    );
  if (names.length !== seats)
    throw new UsageError(`${game.id} with these options has ${seats} seats, but ${names.length} agents were given`);
  return names.map((name) => {
    const { agent: bare, budget } = parseBudget(name);
    // An outside program is waited for at least the match's move timeout (the match's own timer still
    // decides): asked by depth there is no time to add a grace to, and on a busy machine a start-up
    // alone can take the default grace.
    const grace = flags.moveTimeout === undefined ? undefined : { graceMs: Math.max(OUTSIDE_GRACE_MS, flags.moveTimeout * 1000) };
    // A GTP engine's move played from its own proof (its genmove failed in a won position) is said as it comes.
    const outside = { ...grace, onProvenWin: (note: string) => io.stderr(`${note}\n`) };
    const agent = bare.startsWith(ENGINE_SEAT) ? engineSeat(game, bare, grace) : resolveAgent(game, bare, outside);
    if (!agent.ok) throw new UsageError(agent.error.message);
    return budget ? withBudget(agent.value, name, budget) : agent.value;
  });
}

/** A budget of one agent's own, after its name: `hard@depth=4`, `uhp:nokamute uhp@time=2` (as cutechess-cli's per-engine depth= and st=). */
export interface AgentBudget {
  readonly depth?: number;
  readonly timeMs?: number;
}

const BUDGET = /@(depth|time)=([^@\s]*)$/;

export function parseBudget(name: string): { agent: string; budget: AgentBudget | null } {
  const found = BUDGET.exec(name);
  if (!found) return { agent: name, budget: null };
  const [, kind, value] = found as unknown as [string, 'depth' | 'time', string];
  const n = Number(value);
  if (kind === 'depth' && !(Number.isInteger(n) && n >= 1 && n <= 30))
    throw new UsageError(`${name}: @depth= takes a whole number of plies from 1 to 30`);
  if (kind === 'time' && !(Number.isFinite(n) && n > 0 && n <= 3600))
    throw new UsageError(`${name}: @time= takes seconds, more than 0 and at most 3600`);
  return { agent: name.slice(0, found.index), budget: kind === 'depth' ? { depth: n } : { timeMs: n * 1000 } };
}

/** The agent with its own budget in place of the match's --depth/--time (which it then ignores). */
function withBudget(agent: Agent<unknown, unknown>, name: string, budget: AgentBudget): Agent<unknown, unknown> {
  return {
    ...agent,
    name,
    choose(game, state, context) {
      const { depth: _depth, timeMs: _timeMs, ...rest } = context;
      return agent.choose(game, state, { ...rest, ...budget });
    },
  };
}

export interface AgentSummary {
  readonly agent: string;
  /** Seats this agent fills in each game. */
  readonly seats: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Games won by any of its seats, over all games. */
  readonly winRate: number;
  readonly ci95: [number, number];
  /** The games in which it moved first, and how they ended for it. */
  readonly first: Tally & { readonly games: number };
}

/** The folder for --records: made if missing; one that already holds files is refused, so no earlier game is written over. */
function recordsFolder(io: CliIo, folder: string | undefined): string | null {
  if (folder === undefined) return null;
  const dir = path.resolve(io.cwd, folder);
  if (existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).length > 0)
    throw new UsageError(`--records: ${displayPath(io, dir)} is not empty; give a new or empty folder`);
  makeFolder(io, dir);
  return dir;
}

/** Why the drawn games were drawn, most common first: "40 board full, 2 stopped after 10000 moves". */
function drawReasons(records: readonly GameRecord[]): string {
  const counts = new Map<string, number>();
  for (const r of records) {
    if (r.result?.kind !== 'draw') continue;
    const reason = r.result.reason ?? 'draw';
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${formatCount(n)} ${reason}`)
    .join(', ');
}

/** --sprt elo0,elo1 with --alpha and --beta, or null. */
function sprtSettings(flags: MatchFlags, seats: number): SprtSettings | null {
  if (flags.sprt === undefined) {
    if (flags.alpha !== undefined || flags.beta !== undefined) throw new UsageError('--alpha and --beta are for --sprt');
    return null;
  }
  const parts = flags.sprt.split(',').map((p) => p.trim());
  const [elo0, elo1] = parts.map(Number) as [number, number];
  if (parts.length !== 2 || parts.some((p) => !/^[-+]?\d+(\.\d+)?$/.test(p)) || !(elo0 < elo1))
    throw new UsageError(`--sprt must be two Elo differences elo0,elo1 with elo0 below elo1, such as 0,10 (got "${flags.sprt}")`);
  if (seats !== 2) throw new UsageError(`--sprt compares two agents; this game has ${seats} seats`);
  return { elo0, elo1, alpha: flags.alpha ?? 0.05, beta: flags.beta ?? 0.05 };
}

/** The moves of each opening, from --openings (one a line; # starts a comment) or --random-opening. */
async function openings(
  io: CliIo,
  game: AnyGame,
  options: unknown,
  flags: MatchFlags,
  seed: string,
): Promise<((set: number, start: unknown) => readonly unknown[]) | undefined> {
  if (flags.openings !== undefined && flags.randomOpening !== undefined)
    throw new UsageError('give --openings or --random-opening, not both');
  if (flags.randomOpening !== undefined) {
    const plies = flags.randomOpening;
    if (flags.maxMoves !== undefined && plies >= flags.maxMoves)
      throw new UsageError(`--random-opening ${plies} leaves no move to the agents under --max-moves ${flags.maxMoves}`);
    return (set, start) => {
      try {
        return randomOpening(game, start, plies, Rng.fromSeed(deriveSeed(seed, 'random-opening', set)));
      } catch (e) {
        throw new UsageError(`--random-opening: ${e instanceof Error ? e.message : String(e)}`);
      }
    };
  }
  if (flags.openings === undefined) return undefined;
  if (game.stochastic)
    throw new UsageError(`--openings: ${game.id} deals its start from the seed, so written moves would not fit it; use --random-opening`);
  const file = path.resolve(io.cwd, flags.openings);
  const lines = readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((line, i) => ({ line: line.trim(), number: i + 1 }))
    .filter(({ line }) => line !== '' && !line.startsWith('#'));
  if (lines.length === 0) throw new UsageError(`--openings: ${displayPath(io, file)} holds no opening`);
  const own = cliGameOf(game.id)?.openingMoves;
  const start = game.newGame(options, seed);
  const parsed: unknown[][] = [];
  for (const { line, number } of lines) {
    const where = `--openings: ${displayPath(io, file)} line ${number}`;
    let texts: readonly string[];
    try {
      texts = own
        ? await own(line, options)
        : line
            .split(';')
            .map((m) => m.trim())
            .filter(Boolean);
    } catch (e) {
      throw new UsageError(`${where}: ${e instanceof Error ? e.message : String(e)}`);
    }
    let state = start;
    const moves: unknown[] = [];
    for (const text of texts) {
      if (game.result(state) !== null) throw new UsageError(`${where}: the game is over before ${text}`);
      const move = game.parseMove(state, text);
      if (!move.ok) throw new UsageError(`${where}: ${text}: ${move.error.message}`);
      moves.push(move.value);
      state = game.play(state, move.value);
    }
    if (game.result(state) !== null) throw new UsageError(`${where}: the opening ends the game`);
    parsed.push(moves);
  }
  // A file shorter than the match is played again from its first line.
  return (set) => parsed[set % parsed.length] as unknown[];
}

/** --adjudicate: the game's measure of progress, held to the number of moves given. */
async function adjudication(game: AnyGame, flags: MatchFlags): Promise<{ plies: number; progress(state: unknown): string } | undefined> {
  if (flags.adjudicate === undefined) return undefined;
  const measure = cliGameOf(game.id)?.progress;
  if (!measure) throw new UsageError(`--adjudicate: ${game.id} has no measure of progress (hive has); use --max-moves`);
  return { plies: flags.adjudicate, progress: await measure() };
}

/** "1-0", "0-1", "½-½" for two seats; "White wins" for more. */
function shortResult(record: GameRecord, seats: readonly string[]): string {
  const r = record.result;
  if (!r || r.kind === 'draw') return seats.length === 2 ? '½-½' : 'draw';
  if (seats.length === 2) return r.winner === 0 ? '1-0' : '0-1';
  return `${record.players?.[r.winner] ?? seats[r.winner]} wins`;
}

/** "game 3/20: easy–random 1-0 (queen surrounded, 41 moves) · score 2.5/3": one line a game, for logs. */
function gameLine(
  done: number,
  total: number,
  record: GameRecord,
  seats: readonly string[],
  first: Tally,
  sprtNow: SprtState | null,
): string {
  const reason = record.result?.reason;
  const score = first.wins + first.draws / 2;
  const test = sprtNow ? ` · LLR ${sprtNow.llr.toFixed(2)} (${sprtNow.lower.toFixed(2)}, ${sprtNow.upper.toFixed(2)})` : '';
  return (
    `game ${done}/${total}: ${(record.players ?? []).join('–')} ${shortResult(record, seats)} ` +
    `(${reason ? `${reason}, ` : ''}${formatCount(record.moves.length)} moves) · score ${score}/${played(first)}${test}\n`
  );
}

export async function matchCommand(io: CliIo, gameId: string, flags: MatchFlags): Promise<void> {
  const found = findGame(gameId);
  if (!found.ok) throw new UsageError(found.error.message);
  const game = found.value;
  const options = gameOptions(io, game, flags);
  const seats = game.seatNames(options);
  const agents = seatAgents(io, game, flags, seats.length);
  const concurrency = flags.concurrency ?? 1;
  // Seed 004's players are told each game's end between games: they play one game at a time.
  if (concurrency > 1 && agents.some(hearsEnd))
    throw new UsageError('--concurrency: seed 004 players (http:) hear each game end before the next; play them one game at a time');
  const test = sprtSettings(flags, seats.length);
  const seed = flags.seed ?? randomSeed();
  const opening = await openings(io, game, game.headlessOptions ? game.headlessOptions(options) : options, flags, seed);
  const adjudicate = await adjudication(game, flags);
  const folder = recordsFolder(io, flags.records);
  const bar = progressBar(io, `${game.id} match`);
  // Outside players that hear how each game ended (seed 004's) are told it between games.
  const ends = tellEnds(agents);
  // Numbered from 1 with enough zeros to sort: the browser's "Open a record…" and `play --resume` read each one.
  const width = String(flags.games).length;
  // The first agent's results, for the score on each game's line and the sequential test.
  const first: Tally = { wins: 0, draws: 0, losses: 0 };
  let sprtNow: SprtState | null = null;
  const result = await runMatch({
    game,
    options,
    agents,
    games: flags.games,
    seed,
    ...(flags.depth === undefined ? {} : { depth: flags.depth }),
    ...(flags.time === undefined ? {} : { timeMs: flags.time * 1000 }),
    ...(flags.maxMoves === undefined ? {} : { maxMoves: flags.maxMoves }),
    ...(adjudicate === undefined ? {} : { adjudicate }),
    ...(flags.moveTimeout === undefined ? {} : { moveTimeoutMs: flags.moveTimeout * 1000 }),
    ...(opening === undefined ? {} : { opening }),
    // Each further lane gets agents of its own: an outside engine's process plays one game at a time.
    ...(concurrency > 1 ? { concurrency, agentsFor: () => seatAgents(io, game, flags, seats.length) } : {}),
    onGame: (done, total, record, g) => {
      // Each record is written as its game ends, named by its number: a match stopped later (a crash,
      // ^C, a game that never ends) keeps it.
      if (folder)
        writeFileSync(path.join(folder, `${game.id}-${String(g + 1).padStart(width, '0')}.json`), `${JSON.stringify(record, null, 2)}\n`);
      const r = record.result;
      if (!r || r.kind === 'draw') first.draws++;
      // In game g the first agent sits at the seat s with (s + g) mod n = 0 (entryAtSeat).
      else if (r.winner === (agents.length - (g % agents.length)) % agents.length) first.wins++;
      else first.losses++;
      if (test) sprtNow = sprt(first, test);
      ends.onGame(done, total, record, g);
      if (io.progress) bar.update(done, total);
      else io.stderr(gameLine(done, total, record, seats, first, sprtNow));
    },
    // Checked after every full turn of the seats, so both agents have had each side equally often.
    ...(test ? { stop: (_: unknown, done: number) => done % seats.length === 0 && sprtNow?.verdict != null } : {}),
  });
  await ends.settled();
  bar.finish();
  const draws = result.seats[0]?.draws ?? 0;
  // Entries with the same name are one agent: "hard against 7 gamedesign" reports two agents.
  const byName = new Map<string, { seats: number; wins: number; first: Tally }>();
  for (const t of result.agents) {
    const a = byName.get(t.agent) ?? { seats: 0, wins: 0, first: { wins: 0, draws: 0, losses: 0 } };
    byName.set(t.agent, a);
    a.seats++;
    a.wins += t.wins;
    addTally(a.first, t.first);
  }
  const summary: AgentSummary[] = [...byName].map(([agent, a]) => {
    // A game is lost for an agent only when none of its seats won it.
    const losses = result.games - draws - a.wins;
    const winRate = a.wins / result.games;
    return {
      agent,
      seats: a.seats,
      wins: a.wins,
      draws,
      losses,
      winRate,
      ci95: wilson95(a.wins, result.games),
      first: { games: played(a.first), ...a.first },
    };
  });

  if (flags.json) {
    const results = result.agents.map(({ agent, wins, draws: d, losses }) => ({ agent, wins, draws: d, losses }));
    const sprtJson = test && sprtNow ? { sprt: { ...test, ...(sprtNow as SprtState) } } : {};
    io.stdout(`${JSON.stringify({ games: result.games, draws, results, agents: summary, firstMover: result.firstMover, ...sprtJson })}\n`);
    return;
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const start = opening
    ? `, each opening played ${seats.length === 2 ? 'twice, the colours swapped' : 'from every seat'}`
    : ', seats rotating every game';
  io.stdout(`${game.title}: ${formatCount(result.games)} games, seed ${seed}${start}\n`);
  io.stdout(
    `${'agent'.padEnd(12)}${'seats'.padStart(6)}${'wins'.padStart(8)}${'draws'.padStart(8)}${'losses'.padStart(8)}  win rate (95% CI)   fair share\n`,
  );
  for (const a of summary) {
    io.stdout(
      `${a.agent.padEnd(12)}${String(a.seats).padStart(6)}${formatCount(a.wins).padStart(8)}${formatCount(a.draws).padStart(8)}${formatCount(a.losses).padStart(8)}  ` +
        `${pct(a.winRate).padStart(6)} (${pct(a.ci95[0])}–${pct(a.ci95[1])})  ${pct(a.seats / seats.length).padStart(6)}\n`,
    );
  }
  const bySeat = result.seats.map((t, s) => `${seats[s]} ${t.wins}`).join(', ');
  io.stdout(`wins by seat: ${bySeat}; draws ${draws}${draws > 0 ? ` (${drawReasons(result.records)})` : ''}\n`);
  const { wins: firstWins } = result.firstMover;
  const firstGames = played(result.firstMover);
  if (firstGames > 0) {
    io.stdout(`the first to move won ${formatCount(firstWins)} of ${formatCount(firstGames)} games (${pct(firstWins / firstGames)})\n`);
    // Where moving first decides much (DiceWars duels), an agent's rate means little without its turn order.
    const movers = summary
      .filter((a) => a.first.games > 0)
      .map((a) => `${a.agent} won ${formatCount(a.first.wins)} of ${formatCount(a.first.games)} (${pct(a.first.wins / a.first.games)})`);
    io.stdout(`moving first: ${movers.join(', ')}\n`);
  }
  const last = result.records.at(-1);
  if (last && last.moves.length <= 60) io.stdout(`last game: ${last.moves.join(' ')} (${describeOutcome(last.result, seats)})\n`);
  else if (last) io.stdout(`last game: ${last.moves.length} moves, ${describeOutcome(last.result, seats)}\n`);
  if (folder) io.stdout(`records of the ${formatCount(result.records.length)} games in ${flags.records}\n`);
  if (test && sprtNow) {
    const now = sprtNow as SprtState;
    const verdict =
      now.verdict === 'H1'
        ? `H1 accepted: ${agents[0]?.name} is stronger by ${test.elo1} Elo rather than ${test.elo0}`
        : now.verdict === 'H0'
          ? `H0 accepted: ${agents[0]?.name} is stronger by ${test.elo0} Elo rather than ${test.elo1}`
          : `no decision after ${formatCount(result.games)} games (raise --games)`;
    io.stdout(
      `SPRT [${test.elo0}, ${test.elo1}] α ${test.alpha} β ${test.beta}: LLR ${now.llr.toFixed(2)} (bounds ${now.lower.toFixed(2)}, ${now.upper.toFixed(2)}): ${verdict}\n`,
    );
  }
}

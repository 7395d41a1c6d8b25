import { accessSync, constants, existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { agentNames, LEVELS } from '@hexarena/engines/ai/agents.ts';
import type { Agent } from '@hexarena/engines/engine/agent.ts';
import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { runMatch } from '@hexarena/engines/engine/match.ts';
import { randomSeed } from '@hexarena/engines/engine/rng.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { LICHESS } from '@hexarena/engines/ratings/glicko2.ts';
import { type LadderGame, type LadderOutcome, type LadderPairing, type LadderTable, runLadder } from '@hexarena/engines/ratings/ladder.ts';
import { resolveAgent } from '../../protocols/agents.ts';
import { outsideSeatGame, UHP_SEAT } from '../../protocols/seat-prefixes.ts';
import { displayPath } from '../files.ts';
import { refuseOthersFlags } from '../flags.ts';
import type { GivenFlags } from '../games/cli-game.ts';
import { CLI_GAMES, cliGameOf } from '../games/index.ts';
import { type CliIo, formatCount, UsageError } from '../io.ts';
import { outsideSeatsFromEnv } from '../outside-seats.ts';
import { progressBar } from '../progress.ts';
import { playOnServer, type ServerLadder, serverOf, serverTable } from './ladder-server.ts';
import { parseJsonOptions } from './match.ts';

/**
 * `hexarena ladder <game>`: a rated round-robin among hexarena's levels and outside engines, played
 * here, one game after another; the table (Glicko-2 ratings with their intervals) on stdout, as JSON
 * too for a site to show. The schedule and the rating are packages/engines/src/ratings/ladder.ts's, which a server
 * runs as well.
 */
export interface LadderFlags extends GivenFlags {
  /** Comma-separated: `random,easy,…,uhp:<command>`, each optionally `label=…`. */
  readonly entrants?: string;
  readonly rounds: number;
  /** Milliseconds a move, for every entrant. */
  readonly time: number;
  /** Outside engines are asked for this depth instead of the time. */
  readonly depth?: number;
  readonly seed?: string;
  readonly options?: string;
  readonly json?: boolean;
  readonly out?: string;
  /** Play on this server (its engines, rated there) instead of here. */
  readonly server?: string;
}

/** One entrant: the name the table shows, and the player behind it. */
export interface LadderEntrant {
  readonly name: string;
  /** As `match` names players: a level, `uhp:<command line>`, `http:<address>`. */
  readonly agent: string;
  /** A program outside this process (its process lives for the whole ladder). */
  readonly outside: boolean;
}

const isOutside = (agent: string) => outsideSeatGame(agent) !== undefined;

/** `--entrants`, or the game's levels and (for Hive) the outside programs the operator listed. */
export function ladderEntrants(game: AnyGame, text: string | undefined, env: NodeJS.ProcessEnv): LadderEntrant[] {
  let items: string[];
  if (text === undefined) {
    const known = agentNames(game);
    const levels = LEVELS.filter((l) => known.includes(l));
    const outside = outsideSeatsFromEnv(env.HEXARENA_OUTSIDE_SEATS).filter((seat) => outsideSeatGame(seat) === game.id);
    items = [...levels, ...outside];
  } else items = text.split(',').map((s) => s.trim());
  const entrants = items.map((item): LadderEntrant => {
    if (item === '') throw new UsageError('--entrants: an empty name between commas; give names such as random,easy,uhp:nokamute uhp');
    // `label=agent` names an entrant; a command line's own `=` (uhp:x --threads=1) comes after its colon.
    const labelled = /^([A-Za-z0-9_.-]+)=(.*)$/.exec(item);
    const agent = (labelled ? (labelled[2] as string) : item).trim();
    if (agent === '') throw new UsageError(`--entrants: ${item} names no player after its "="`);
    return { name: labelled ? (labelled[1] as string) : agent, agent, outside: isOutside(agent) };
  });
  const seen = new Set<string>();
  for (const e of entrants) {
    if (seen.has(e.name)) throw new UsageError(`--entrants: ${e.name} is named twice; label one (strong=${e.agent})`);
    seen.add(e.name);
  }
  if (entrants.length < 2) throw new UsageError('a ladder needs two entrants or more: give --entrants a,b,…');
  return entrants;
}

/** An outside engine asked for a depth in place of the time it would be given. */
function atDepth(agent: Agent<unknown, unknown>, depth: number | undefined): Agent<unknown, unknown> {
  if (depth === undefined) return agent;
  return { name: agent.name, choose: (game, state, context) => agent.choose(game, state, { ...context, depth }) };
}

/**
 * A player that ends the game at its next move once the ladder is stopped (an interrupted search
 * would play on at once). Each move first lets the event loop run: a search in this process never
 * waits, and Ctrl-C is heard only between tasks.
 */
function stoppable(agent: Agent<unknown, unknown>, signal: AbortSignal | undefined): Agent<unknown, unknown> {
  if (!signal) return agent;
  return {
    name: agent.name,
    async choose(game, state, context) {
      await new Promise((resolve) => setImmediate(resolve));
      signal.throwIfAborted();
      return agent.choose(game, state, context);
    },
  };
}

/** --out's file, checked before a ladder of minutes is played rather than after. */
function writableFile(io: CliIo, out: string): string {
  const file = path.resolve(io.cwd, out);
  const folder = path.dirname(file);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new UsageError(`--out: there is no folder ${displayPath(io, folder)} to write ${path.basename(file)} in`);
  if (existsSync(file) && statSync(file).isDirectory()) throw new UsageError(`--out: ${displayPath(io, file)} is a folder; name a file`);
  try {
    accessSync(existsSync(file) ? file : folder, constants.W_OK);
  } catch {
    throw new UsageError(`--out: ${displayPath(io, file)} cannot be written here`);
  }
  return file;
}

/** What the ladder keeps of each game beside its score. */
export interface LadderGameDetail {
  readonly moves: readonly string[];
  readonly termination: string;
  readonly reason?: string;
  /** The game on the server, when played there. */
  readonly gameId?: string;
}

export interface LadderReport {
  readonly game: string;
  readonly seed: string;
  readonly rounds: number;
  readonly timeMs: number;
  readonly depth?: number;
  readonly options: unknown;
  readonly entrants: readonly { readonly name: string; readonly agent: string }[];
  readonly firstMoveAdvantage: number;
  readonly played: number;
  readonly scheduled: number;
  /** Stopped (Ctrl-C) before every game was played. */
  readonly stopped: boolean;
  readonly standings: LadderTable['standings'];
  /** Rows and columns in the order of `entrants`. */
  readonly matrix: LadderTable['matrix'];
  readonly games: readonly {
    readonly index: number;
    readonly round: number;
    readonly first: string;
    readonly second: string;
    readonly seed: string;
    /** The first player's. */
    readonly score: number;
    readonly forfeit?: { readonly by: string; readonly reason: string };
    readonly termination: string;
    readonly reason?: string;
    readonly moves: readonly string[];
  }[];
}

export async function ladderCommand(io: CliIo, gameId: string, flags: LadderFlags, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const found = findGame(gameId);
  if (!found.ok) throw new UsageError(found.error.message);
  const game = found.value;
  const entrants = ladderEntrants(game, flags.entrants, env);
  const json = parseJsonOptions(flags.options);
  const gameFlags = CLI_GAMES.map((g) => ({ id: g.id, flags: g.matchFlags ?? [] }));
  refuseOthersFlags(game.id, gameFlags, flags, (m) => new UsageError(m));
  cliGameOf(game.id)?.matchOptions?.(
    io,
    flags,
    json,
    entrants.map((e) => e.agent),
  );
  const parsed = game.parseOptions(Object.keys(json).length > 0 ? json : undefined);
  if (!parsed.ok) throw new UsageError(`options: ${parsed.error.message}`);
  const options = parsed.value;
  const seats = game.seatNames(options).length;
  if (seats !== 2) throw new UsageError(`a ladder pairs two players a game; ${game.id} with these options seats ${seats}`);

  const outside = entrants.filter((e) => e.outside);
  if (flags.depth !== undefined && outside.length === 0)
    throw new UsageError(
      "--depth is the depth outside engines search in place of the time; no outside engine is listed (hexarena's levels keep their own)",
    );
  if (flags.depth === undefined && flags.time % 1000 !== 0 && outside.some((e) => e.agent.startsWith(UHP_SEAT)))
    throw new UsageError(
      `--time ${flags.time}: UHP engines are given whole seconds (bestmove time hh:mm:ss); give a multiple of 1000, or --depth for the outside engines`,
    );

  // Outside engines are started once (on their first move) and kept; hexarena's own players are made
  // afresh for each game, so that a game depends on its seed alone, not on the games before it.
  const make = entrants.map((e): (() => Agent<unknown, unknown>) => {
    const resolved = resolveAgent(game, e.agent);
    if (!resolved.ok) throw new UsageError(`--entrants: ${resolved.error.message}`);
    if (e.outside) {
      const kept = atDepth(resolved.value, flags.depth);
      return () => kept;
    }
    return () => {
      const fresh = resolveAgent(game, e.agent);
      if (!fresh.ok) throw new Error(fresh.error.message);
      return fresh.value;
    };
  });

  const outFile = flags.out === undefined ? null : writableFile(io, flags.out);
  const seed = flags.seed ?? randomSeed();
  const server: ServerLadder | null =
    flags.server === undefined ? null : { base: serverOf(flags.server, env), token: env.HEXARENA_OPERATOR_TOKEN as string, game: game.id };
  if (server && flags.depth !== undefined)
    throw new UsageError("--depth is for a ladder played here; on a server the engines think as the server's operator set them");
  const playHere = async (pairing: LadderPairing, signal?: AbortSignal): Promise<LadderOutcome & { detail: LadderGameDetail }> => {
    const agents = [pairing.first, pairing.second].map((i) => stoppable((make[i] as () => Agent<unknown, unknown>)(), signal));
    const { records } = await runMatch({
      game,
      options,
      agents,
      games: 1,
      seed: pairing.seed,
      timeMs: flags.time,
      ...(signal ? { signal } : {}),
    });
    const record = records[0];
    if (!record?.result) throw new Error(`${game.id}: a ladder game ended without a result`);
    const result = record.result;
    const score = result.kind === 'draw' ? 0.5 : result.winner === 0 ? 1 : 0;
    const termination = record.termination ?? 'rules';
    const detail = { moves: record.moves, termination, ...(result.reason === undefined ? {} : { reason: result.reason }) };
    if (termination !== 'forfeit') return { score, detail };
    // The player who could not move lost; its reason without the name the table already shows.
    const by = score === 1 ? 'second' : 'first';
    const who = (entrants[by === 'first' ? pairing.first : pairing.second] as LadderEntrant).agent;
    const reason = (result.reason ?? 'it could not play').replace(`${who} forfeits: `, '');
    return { score, forfeit: { by, reason }, detail };
  };

  const play = server
    ? (pairing: LadderPairing, signal?: AbortSignal) =>
        playOnServer(
          server,
          [(entrants[pairing.first] as LadderEntrant).agent, (entrants[pairing.second] as LadderEntrant).agent],
          pairing,
          signal,
        )
    : playHere;
  const bar = progressBar(io, `${game.id} ladder`);
  const firstMoveAdvantage = game.firstMoveAdvantage ?? 0;
  // Ctrl-C stops a long ladder with the table of the games ended so far (the one being played is
  // not rated: the outside engines were stopped by the same keys).
  const stop = new AbortController();
  const interrupted = () => {
    bar.finish();
    io.stderr('hexarena: stopping the ladder; the games ended so far are rated\n');
    stop.abort();
  };
  process.once('SIGINT', interrupted);
  const { table, games, stopped } = await runLadder({
    entrants: entrants.map((e) => e.name),
    rounds: flags.rounds,
    seed,
    play,
    settings: { ...LICHESS, firstMoveAdvantage },
    onGame: (_, done, total) => bar.update(done, total),
    signal: stop.signal,
  }).finally(() => process.off('SIGINT', interrupted));
  bar.finish();

  const report: LadderReport = {
    game: game.id,
    seed,
    rounds: flags.rounds,
    timeMs: flags.time,
    ...(flags.depth === undefined ? {} : { depth: flags.depth }),
    // As played: a game no person plays has its headless options (Hive's repetition draw).
    options: game.headlessOptions ? game.headlessOptions(options) : options,
    entrants: entrants.map(({ name, agent }) => ({ name, agent })),
    firstMoveAdvantage,
    played: table.played,
    scheduled: table.scheduled,
    stopped,
    standings: table.standings,
    matrix: table.matrix,
    games: games.map((g: LadderGame<LadderGameDetail>) => ({
      index: g.index,
      round: g.round,
      first: entrants[g.first]?.name as string,
      second: entrants[g.second]?.name as string,
      seed: g.seed,
      score: g.score,
      ...(g.forfeit ? { forfeit: g.forfeit } : {}),
      termination: g.detail?.termination ?? 'rules',
      ...(g.detail?.reason === undefined ? {} : { reason: g.detail.reason }),
      moves: g.detail?.moves ?? [],
    })),
  };
  if (outFile !== null) {
    writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
    if (!flags.json) io.stderr(`the table is in ${displayPath(io, outFile)}\n`);
  }
  // On a server, its table too: the engines' ratings from all their rated games there.
  const site = server ? await serverTable(server) : null;
  if (flags.json) {
    io.stdout(`${JSON.stringify(site ? { ...report, server: server?.base, site } : report)}\n`);
    return;
  }
  io.stdout(formatLadder(game.title, report));
  if (site && server)
    io.stdout(
      `\non ${server.base} (${server.base}/ladder/${game.id}), from every rated game of its engines:\n${site
        .map(
          (e, i) =>
            `${String(i + 1).padStart(4)}  ${e.name.padEnd(20)}  ${String(e.rating).padStart(5)}  ${e.interval[0]}–${e.interval[1]}  ${e.games} games`,
        )
        .join('\n')}\n`,
    );
}

/** The width the score matrix may take and still be printed. */
const MATRIX_WIDTH = 140;

/** The table as people read it: standings, forfeits, and who scored what against whom when it fits. */
export function formatLadder(title: string, report: LadderReport): string {
  const { standings } = report;
  const names = standings.map((s) => s.entrant);
  const nameWidth = Math.max(7, ...names.map((n) => n.length));
  const budget =
    report.depth === undefined
      ? `${formatCount(report.timeMs)} ms a move`
      : `${formatCount(report.timeMs)} ms a move, outside engines depth ${report.depth}`;
  const lines: string[] = [];
  lines.push(
    `${title} ladder: ${report.entrants.length} entrants, ${report.rounds} round${report.rounds === 1 ? '' : 's'} ` +
      `(${formatCount(report.played)} of ${formatCount(report.scheduled)} games${report.stopped ? ', stopped' : ''}), ${budget}, seed ${report.seed}`,
  );
  const wdl = standings.map((s) => `${s.wins}/${s.draws}/${s.losses}`);
  const wdlWidth = Math.max(5, ...wdl.map((t) => t.length));
  lines.push(
    `${'rank'.padStart(4)}  ${'entrant'.padEnd(nameWidth)}  ${'rating'.padStart(7)}  ${'95% interval'.padEnd(11)}  ${'games'.padStart(5)}  ${'W/D/L'.padEnd(wdlWidth)}  points`,
  );
  for (const [i, s] of standings.entries()) {
    const rating = `${Math.round(s.rating)}${s.provisional ? '?' : ' '}`;
    lines.push(
      `${String(s.rank).padStart(4)}  ${s.entrant.padEnd(nameWidth)}  ${rating.padStart(7)}  ${`${s.interval[0]}–${s.interval[1]}`.padEnd(11)}  ` +
        `${String(s.games).padStart(5)}  ${(wdl[i] as string).padEnd(wdlWidth)}  ${s.points}${s.forfeits > 0 ? `  (${s.forfeits} forfeited)` : ''}`,
    );
  }
  if (standings.some((s) => s.provisional)) lines.push('? the rating is provisional: its deviation is still 110 or more');
  for (const s of standings)
    if (s.forfeits > 0)
      lines.push(`${s.entrant} forfeited ${s.forfeits} game${s.forfeits === 1 ? '' : 's'}: ${s.forfeitReasons.slice(0, 3).join('; ')}`);

  // Points of the row's entrant against the column's, columns named by rank.
  const cell = (i: number, j: number): string => {
    if (i === j) return '–';
    const t = report.matrix[i]?.[j];
    if (!t) return '';
    const games = t.wins + t.draws + t.losses;
    return games === 0 ? '' : `${t.wins + t.draws / 2}/${games}`;
  };
  const rows = standings.map((s) => standings.map((o) => cell(s.index, o.index)));
  const cellWidth = Math.max(4, ...rows.flat().map((c) => c.length)) + 2;
  const rowLabel = 4 + 2 + nameWidth;
  if (rowLabel + cellWidth * standings.length <= MATRIX_WIDTH) {
    lines.push('', 'points of each row against each column (by rank):');
    lines.push(`${' '.repeat(rowLabel)}${standings.map((s) => `#${s.rank}`.padStart(cellWidth)).join('')}`);
    for (const [r, s] of standings.entries())
      lines.push(
        `${`#${s.rank}`.padStart(4)}  ${s.entrant.padEnd(nameWidth)}${(rows[r] as string[]).map((c) => c.padStart(cellWidth)).join('')}`,
      );
  }
  return `${lines.map((l) => l.trimEnd()).join('\n')}\n`;
}

import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClientIntent } from '@hexarena/engines/protocol/index.ts';
import Database from 'better-sqlite3';
import pg from 'pg';
import { untilReady } from '../src/server/local-services.ts';
import { Client, freePort, request, type ServerProcess, startServer } from '../src/server/online.testing.ts';
import { startPostgres, type TestPostgres } from '../src/server/postgres.testing.ts';
import { startRedis } from '../src/server/redis.testing.ts';
import { SqliteStore } from '../src/server/sqlite-store.ts';
import { loadBoardgameIo, residentBytes, startBoardgameIo } from './boardgameio.ts';
import { postgresMeter, processMeter } from './costs.ts';
import { busyStretches, profileLines, readProfile, stretchLines, summarizeProfile } from './cpu-profile.ts';
import { jsonPoster } from './http-post.ts';
import { figures, type LoadFigures, ratio, row, TABLE_HEAD } from './load-summary.ts';
import { type CpuMeter, measureWindow, type TableRun, type WindowOptions, type WindowRun } from './load-window.ts';
import { pacer } from './pace.ts';

/**
 * The online server as players load it: `games` tic-tac-toe games at once, each with two WebSocket
 * clients on loopback playing as fast as answers come (a new game when one ends), against one
 * `hexarena serve` process on SQLite, one on PostgreSQL, and boardgame.io's own server, in one run.
 * Prints acknowledged moves a second, the latency from sending a move to its answer, and the CPU a
 * move costs the server process (and PostgreSQL's processes), measured over one window per run
 * that opens once every table has moved (bench/load-window.ts). Each run has a fresh server and
 * fresh connections. Bounded: about 3 minutes for the load runs on 2 cores.
 *
 * HEXARENA_BENCH_QUICK=1: small sizes and 1 s windows (well under a minute), for a smoke test.
 * HEXARENA_BENCH_PROFILE=1 (=postgres: on PostgreSQL): one more run on SQLite at the largest size with `node --cpu-prof` on the
 * server, summed by self time per function and per file (the profile file is kept and named), with
 * its longest busy stretches; HEXARENA_BENCH_PROFILE_PACE=1000 makes that run paced (ms between a
 * table's moves), to see what the tail latency waits for.
 */
const ORDER = ['b2', 'a1', 'c3', 'a3', 'a2', 'c2', 'b1', 'b3', 'c1'];

const QUICK = process.env.HEXARENA_BENCH_QUICK === '1';

/** Sizes and windows: at 1,000 tables set-up alone takes seconds, so the window waits for it. */
const FULL_PLAN = QUICK
  ? { sizes: [1, 20], seconds: 1, warmupSeconds: 0.2, warmupCapSeconds: 15, paces: [] as number[], finished: 1_000, live: 10, starts: 1 }
  : {
      sizes: [1, 100, 1000],
      seconds: 8,
      warmupSeconds: 1,
      warmupCapSeconds: 30,
      paces: [1000, 200],
      finished: 100_000,
      live: 1_000,
      starts: 3,
    };

/**
 * HEXARENA_BENCH_SIZES=1000 (a comma list): only those sizes, unpaced, and none of the runs after the
 * table (start-up, AI flood) — for measuring one change against boardgame.io quickly.
 */
const ONLY = process.env.HEXARENA_BENCH_SIZES?.split(',')
  .map(Number)
  .filter((n) => n > 0);
/**
 * HEXARENA_BENCH_PACES=1000 (a comma list of milliseconds between a table's moves): only the paced
 * runs, at those paces, at the largest size (with HEXARENA_BENCH_SIZES, at its last).
 */
const PACES = process.env.HEXARENA_BENCH_PACES?.split(',')
  .map(Number)
  .filter((n) => n > 0);
const SIZED = ONLY?.length ? { ...FULL_PLAN, sizes: ONLY, paces: [] } : FULL_PLAN;
const PLAN = PACES?.length ? { ...SIZED, paces: PACES } : SIZED;

const LIMITS = {
  HEXARENA_API_RATE: '1000000',
  HEXARENA_WS_RATE: '1000000',
  HEXARENA_CONNECTIONS: '1000000',
  HEXARENA_OPEN_GAMES: '1000000',
};

const root = fileURLToPath(new URL('..', import.meta.url));

const window = (games: number, meters: readonly CpuMeter[]): WindowOptions => ({
  games,
  seconds: PLAN.seconds,
  warmupSeconds: PLAN.warmupSeconds,
  warmupCapSeconds: PLAN.warmupCapSeconds,
  meters,
});

/** What a hexarena load run measured, and the WebSocket bytes a move costs (game set-up included). */
interface HexarenaRun extends WindowRun {
  readonly bytesPerMove: number;
}

/**
 * Plays `games` tables at once against hexarena through one measuring window. With `otherBase`,
 * each table's second player sits on that instance.
 */
async function loadHexarena(base: string, options: WindowOptions, everyMs = 0, otherBase = base): Promise<HexarenaRun> {
  const http = jsonPoster();
  let bytes = 0;
  let moves = 0;
  // Every client still open: closed when the run ends, tables left waiting included.
  const open = new Set<Client>();
  const table = async (run: TableRun) => {
    const pace = pacer(everyMs, ORDER.length);
    while (!run.stopped) {
      const clients: Client[] = [];
      let sent = 0;
      let made = 0;
      // A game that fails (a connection reset under load) is counted, and the table plays on.
      try {
        const created = await http.post(`${base}/api/games`, { game: 'tictactoe', seats: ['open', 'open'], seat: 0 }, run.from);
        const id = created.id as string;
        const tokens = [created.token as string, (await http.post(`${otherBase}/api/games/${id}/seats/1`, {}, run.from)).token as string];
        for (const at of [base, otherBase]) {
          const client = await Client.open(at, id, undefined, run.from, undefined, false);
          clients.push(client);
          open.add(client);
        }
        // A fixed game that fills the board: nine moves, a draw or a win on the way.
        for (let ply = 0; ply < ORDER.length && !run.stopped; ply++) {
          await pace();
          if (run.stopped) break;
          // A player moves once it has seen the move before (from another instance, it may come later).
          if (ply > 0)
            await (clients[ply % 2] as Client).next((m) => m.type === 'event' && (m.event as { version: number }).version >= ply);
          const t = performance.now();
          const intent: ClientIntent = {
            type: 'move',
            seat: ply % 2,
            token: tokens[ply % 2] as string,
            move: ORDER[ply] as string,
            version: ply,
          };
          // What the client sends: the intent with its id (as `ask` adds it).
          sent += JSON.stringify({ ...intent, id: `${Math.random()}` }).length;
          const answer = await (clients[ply % 2] as Client).ask(intent);
          if (answer.ok !== true) break;
          run.moved(performance.now() - t);
          made++;
          if ((answer.event as { kind: string }).kind === 'end') break;
        }
        bytes += sent + clients.reduce((n, c) => n + c.raw.reduce((k, text) => k + text.length, 0), 0);
        moves += made;
      } catch (e) {
        run.broke(e);
      } finally {
        for (const c of clients) {
          c.close();
          open.delete(c);
        }
      }
    }
  };
  try {
    const run = await measureWindow(options, table);
    return { ...run, bytesPerMove: moves > 0 ? bytes / moves : Number.NaN };
  } finally {
    for (const c of open) c.close();
    http.close();
  }
}

/** What the server itself says of its answer times (from a message's arrival to its answer). */
async function ownTimes(base: string): Promise<string> {
  const { intents } = (await (await fetch(`${base}/healthz`)).json()) as { intents: { p50Ms: number | null; p99Ms: number | null } };
  // No answer yet (a run where no table moved): said so, not a crash.
  if (intents.p50Ms === null || intents.p99Ms === null) return 'in the server itself: no answer yet';
  return `in the server itself (last 10,000 answers): p50 ${intents.p50Ms.toFixed(1)} ms, p99 ${intents.p99Ms.toFixed(1)} ms`;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Whether dist/cli is newer than every source, as bin/compiled-is-fresh.js decides it. */
function compiledIsFresh(): boolean {
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((n, e) => {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) return Math.max(n, newest(file));
      return /\.(test|testing)\.ts$/.test(e.name) ? n : Math.max(n, statSync(file).mtimeMs);
    }, 0);
  try {
    return Number(readFileSync(path.join(root, 'dist/cli/built-at'), 'utf8')) >= newest(path.join(root, 'src'));
  } catch {
    return false;
  }
}

/** What bin/hexarena.js runs: the compiled CLI (built now if stale, as in production) or the sources through tsx. */
function compiledServer(): string {
  if (compiledIsFresh()) return 'the compiled CLI (dist/cli)';
  spawnSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: root, stdio: 'inherit' });
  return compiledIsFresh()
    ? 'the compiled CLI (dist/cli, built now)'
    : 'the sources through tsx (the build failed: start-up includes compiling)';
}

/** One load run on a fresh server: what it measured, and lines to print beside its row. */
interface Measured {
  readonly run: WindowRun | null;
  readonly notes: readonly string[];
}

/** A server under test: `measure` starts a fresh one, loads it, and stops it. */
interface Target {
  readonly name: string;
  measure(games: number, everyMs: number): Promise<Measured>;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

/** hexarena on a fresh store: SQLite in a new folder, or a new database on `postgres`. */
function hexarena(name: string, postgres?: TestPostgres): Target {
  return {
    name,
    async measure(games, everyMs) {
      const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-bench-'));
      const db: Record<string, string> = postgres ? { DATABASE_URL: await postgres.createDatabase() } : {};
      const server = await startServer(dir, { ...LIMITS, ...db });
      try {
        const pid = server.child.pid as number;
        const meters = [processMeter(pid), ...(postgres ? [postgresMeter(Number(new URL(postgres.url).port))] : [])];
        const run = await loadHexarena(server.base, window(games, meters), everyMs);
        return {
          run,
          notes: [
            `RSS ${mb(residentBytes(pid))}, ${Number.isFinite(run.bytesPerMove) ? run.bytesPerMove.toFixed(0) : '–'} B a move on the WebSockets (set-up included); ${await ownTimes(server.base)}`,
          ],
        };
      } finally {
        await server.kill();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

const boardgameIo: Target = {
  name: 'boardgame.io (memory)',
  async measure(games, everyMs) {
    const rival = await startBoardgameIo();
    try {
      const pid = rival.child.pid as number;
      const run = await loadBoardgameIo(rival.base, window(games, [processMeter(pid)]), everyMs);
      return { run, notes: [`RSS ${mb(residentBytes(pid))}`] };
    } finally {
      await rival.stop();
    }
  },
};

/** A target that cannot run (PostgreSQL did not start): its rows say why. */
const absent = (name: string, why: string): Target => ({ name, measure: async () => ({ run: null, notes: [why] }) });

interface Row {
  readonly games: number;
  /** Milliseconds between a table's moves; 0: as fast as answers come. */
  readonly everyMs: number;
  readonly name: string;
  readonly measured: Measured;
}

export async function benchServer(): Promise<void> {
  console.log('\n## Online server: tic-tac-toe over WebSocket on loopback, one process each, side by side');
  console.log(`hexarena (${compiledServer()}): SQLite with each move committed (fsync) before it is answered; PostgreSQL in a`);
  console.log('throwaway cluster with fsync off, on the same cores. boardgame.io 0.50.2: its in-memory storage,');
  console.log('socket.io. A new match every game on all; a fresh server and fresh connections every run; the');
  console.log('load generator shares the machine with the server under test. Each run: warm-up until every table');
  console.log(
    `has moved (${PLAN.warmupSeconds}–${PLAN.warmupCapSeconds} s), then a ${PLAN.seconds} s window; CPU is the server process's over the window.`,
  );
  console.log(`load average before: ${loadAverage()}${QUICK ? ' (quick mode)' : ''}`);
  const begun = performance.now();
  let postgres: TestPostgres | undefined;
  let postgresError = '';
  // HEXARENA_BENCH_TARGETS=sqlite,bgio (any of sqlite, postgres, bgio): only those servers.
  const only = process.env.HEXARENA_BENCH_TARGETS?.split(',');
  try {
    if (!only || only.includes('postgres')) postgres = await startPostgres();
  } catch (e) {
    postgresError = `PostgreSQL could not start: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`;
    console.log(postgresError);
  }
  const sqlite = hexarena('hexarena SQLite');
  const targets = [
    sqlite,
    postgres ? hexarena('hexarena PostgreSQL', postgres) : absent('hexarena PostgreSQL', postgresError),
    boardgameIo,
  ].filter((_, i) => !only || only.includes(['sqlite', 'postgres', 'bgio'][i] as string));
  const rows: Row[] = [];
  const measure = async (games: number, everyMs: number) => {
    for (const target of targets) {
      let measured: Measured;
      try {
        measured = await target.measure(games, everyMs);
      } catch (e) {
        measured = { run: null, notes: [`failed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`] };
      }
      rows.push({ games, everyMs, name: target.name, measured });
      console.log(row(target.name, games, measured.run));
      for (const note of measured.notes) console.log(`${''.padEnd(29)}${note}`);
    }
  };
  try {
    console.log(TABLE_HEAD);
    if (!PACES?.length) for (const games of PLAN.sizes) await measure(games, 0);
    // Closed loops at 1,000 tables queue up (latency ≈ tables ÷ throughput, Little's law); players
    // think between moves, so latency is measured at paced loads: 1,000 games each moving once a
    // second (about 1,000 moves/s offered, below what either server sustains: the latency itself),
    // and every 200 ms (5,000/s, above it). The moves/s column is what was achieved.
    const pacedGames = PLAN.sizes.at(-1) as number;
    for (const everyMs of PLAN.paces) {
      console.log(
        `paced: ${pacedGames} games, each a move every ${everyMs} ms (${((pacedGames * 1000) / everyMs).toLocaleString('en-US')} moves/s offered, less the games' set-up)`,
      );
      await measure(pacedGames, everyMs);
    }
  } finally {
    await postgres?.stop();
  }
  printTable(rows);
  console.log(`load average after: ${loadAverage()}`);
  const profile = process.env.HEXARENA_BENCH_PROFILE;
  if (profile === '1' || profile === 'postgres') await profileServer(PLAN.sizes.at(-1) as number, profile === 'postgres');
  if (process.env.HEXARENA_BENCH_DB === 'postgres') await benchServerPostgres();
  if (!ONLY?.length && !PACES?.length) await benchServerScale();
  if (!QUICK && !ONLY?.length && !PACES?.length) await benchAiFlood();
  console.log(`\nthe server bench took ${((performance.now() - begun) / 1000).toFixed(0)} s; load average at its end: ${loadAverage()}`);
}

/** Every row again in one table, and the throughput ratios of each size. */
function printTable(rows: readonly Row[]): void {
  console.log("\n### Summary (moves/s over the window; CPU µs a move of the server process; DB: PostgreSQL's processes)");
  console.log(TABLE_HEAD);
  const paced = (everyMs: number) => (everyMs === 0 ? '' : `, ${everyMs >= 1000 ? `${everyMs / 1000} s` : `${everyMs} ms`}`);
  for (const r of rows) console.log(row(`${r.name}${paced(r.everyMs)}`, r.games, r.measured.run));
  const at = (games: number, everyMs: number, name: string): LoadFigures | null => {
    const found = rows.find((r) => r.games === games && r.everyMs === everyMs && r.name === name);
    return found?.measured.run ? figures(found.measured.run) : null;
  };
  const groups = [...new Set(rows.map((r) => `${r.games}:${r.everyMs}`))];
  for (const g of groups) {
    const [games, everyMs] = g.split(':').map(Number) as [number, number];
    const [s, p, b] = ['hexarena SQLite', 'hexarena PostgreSQL', 'boardgame.io (memory)'].map((n) => at(games, everyMs, n));
    console.log(
      `${String(games).padStart(5)} games${everyMs > 0 ? `, a move every${paced(everyMs).slice(1)}` : ''}: hexarena SQLite / boardgame.io ${ratio(s ?? null, b ?? null)}, hexarena PostgreSQL / boardgame.io ${ratio(p ?? null, b ?? null)}, PostgreSQL / SQLite ${ratio(p ?? null, s ?? null)}`,
    );
  }
}

/**
 * `hexarena serve` as startServer starts it, under `node --cpu-prof` (Node 20 refuses the flag in
 * NODE_OPTIONS, so the process is spawned here with it), its profiles written into `profiles`.
 */
async function startProfiledServer(dir: string, profiles: string, db: Record<string, string> = {}): Promise<ServerProcess> {
  const web = path.join(dir, 'web');
  mkdirSync(web, { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>hexarena</title>');
  const port = await freePort();
  const bin = path.join(root, 'bin/hexarena.js');
  const child = spawn(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${profiles}`, bin, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data', dir],
    // From the sources (through tsx), so the profile names src/ files, not the bundle's chunks.
    { env: { ...process.env, HEXARENA_WEB_DIST: web, HEXARENA_FROM_SOURCE: '1', ...LIMITS, ...db }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-65_536);
  });
  const kill = await untilReady(child, 'hexarena is at', 'server');
  return { base: `http://127.0.0.1:${port}`, port, child, kill, stderr: () => stderr };
}

/**
 * One more run on SQLite with V8's sampling profiler on the server's main thread (`node --cpu-prof`,
 * written when the server ends at a graceful stop): where its CPU goes, by function and by file.
 */
async function profileServer(games: number, onPostgres: boolean): Promise<void> {
  const store = onPostgres ? 'PostgreSQL' : 'SQLite';
  const everyMs = Number(process.env.HEXARENA_BENCH_PROFILE_PACE ?? 0);
  const pace = everyMs > 0 ? `, each a move every ${everyMs} ms` : '';
  console.log(`\n## Where hexarena's server spends its CPU: ${store}, ${games} games${pace}, node --cpu-prof on the server`);
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-bench-prof-'));
  const profiles = path.join(dir, 'profiles');
  const postgres = onPostgres ? await startPostgres() : undefined;
  const server = await startProfiledServer(dir, profiles, postgres ? { DATABASE_URL: await postgres.createDatabase() } : {});
  const pid = server.child.pid as number;
  try {
    const run = await loadHexarena(server.base, window(games, [processMeter(pid)]), everyMs);
    console.log(TABLE_HEAD);
    console.log(row(`hexarena ${store}, prof`, games, run, ['(profiler on: slower than above)']));
    // A graceful stop, so node writes the profile.
    const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
    server.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    const main = (existsSync(profiles) ? readdirSync(profiles) : []).find((f) => f.includes(`.${pid}.0.`) && f.endsWith('.cpuprofile'));
    if (!main) {
      console.log('no profile was written (the server did not end gracefully)');
      return;
    }
    const kept = path.join(tmpdir(), `hexarena-server-${pid}.cpuprofile`);
    copyFileSync(path.join(profiles, main), kept);
    console.log(`profile kept at ${kept} (open it in Chrome's DevTools, or: npx tsx bench/cpu-profile.ts ${kept} 40)`);
    const profile = readProfile(kept);
    const inWindow = summarizeProfile(profile, root, run.window);
    // A window the profile does not cover (clocks apart) is said, and the whole profile summed instead.
    if (inWindow.busyMs + inWindow.idleMs > 0)
      console.log(`the samples of the ${PLAN.seconds} s measuring window only (start-up and warm-up left out):`);
    else console.log('no sample fell in the measuring window (clocks apart?): the whole profile, start-up included:');
    for (const l of profileLines(inWindow.busyMs + inWindow.idleMs > 0 ? inWindow : summarizeProfile(profile, root))) console.log(l);
    for (const l of stretchLines(busyStretches(profile, root, inWindow.busyMs + inWindow.idleMs > 0 ? run.window : undefined)))
      console.log(l);
  } finally {
    await server.kill();
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Two instances on one PostgreSQL database with Redis between them (`npm run bench server -- --db
 * postgres`), tables spread over both, beside the one-instance row above. With each run, what a move
 * costs: CPU of the server processes and of PostgreSQL, write-ahead log written.
 */
async function benchServerPostgres(): Promise<void> {
  console.log('\n## Online server on PostgreSQL (fsync off in this throwaway cluster): two instances, 1,000 games');
  const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-bench-pg-'));
  const port = Number(new URL(postgres.url).port);
  const games = PLAN.sizes.at(-1) as number;
  const measured = async (name: string, url: string, servers: ServerProcess[], spread: boolean) => {
    const wal = new pg.Client({ connectionString: url });
    await wal.connect();
    const lsn = async () => (await wal.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]?.lsn as string;
    // Both instances' CPU as one meter; PostgreSQL's as the second.
    const both: CpuMeter = () => {
      const reads = servers.map((s) => processMeter(s.child.pid as number)());
      return () => reads.reduce((n, read) => n + read(), 0);
    };
    const walBefore = await lsn();
    const runs = await Promise.all(
      servers.map((s, i) =>
        loadHexarena(
          s.base,
          { ...window(games / servers.length, i === 0 ? [both, postgresMeter(port)] : []) },
          0,
          spread ? (servers[(i + 1) % servers.length] as ServerProcess).base : s.base,
        ),
      ),
    );
    const walAfter = await lsn();
    const walBytes = Number(
      (await wal.query<{ d: string }>('SELECT pg_wal_lsn_diff($1, $2)::text AS d', [walAfter, walBefore])).rows[0]?.d,
    );
    await wal.end();
    const first = runs[0] as HexarenaRun;
    const run: WindowRun = {
      ...first,
      latencies: runs.flatMap((r) => r.latencies),
      elapsed: Math.max(...runs.map((r) => r.elapsed)),
      failures: runs.reduce((n, r) => n + r.failures, 0),
      warmTables: runs.reduce((n, r) => n + r.warmTables, 0),
      stuck: runs.reduce((n, r) => n + r.stuck, 0),
    };
    console.log(TABLE_HEAD);
    console.log(row(name, games, run));
    // The WAL spans warm-up and window alike: a share of all moves, not of the window's.
    console.log(`${''.padEnd(29)}WAL written over the whole run (warm-up included): ${(walBytes / 1e6).toFixed(1)} MB`);
    for (const s of servers) console.log(`${''.padEnd(29)}${await ownTimes(s.base)}`);
  };
  try {
    const url = await postgres.createDatabase();
    const env = { ...LIMITS, REDIS_URL: redis.url, DATABASE_URL: url };
    const pair = [await startServer(path.join(dir, 'a'), env), await startServer(path.join(dir, 'b'), env)];
    await measured('2 instances', url, pair, false);
    // Each table's players on different instances: every move reaches the other through Redis.
    console.log('2 instances, each table played from both (every move relayed through Redis):');
    await measured('2 inst., relayed', url, pair, true);
    for (const s of pair) {
      const { relayed } = (await (await fetch(`${s.base}/healthz`)).json()) as { relayed: { replayed: number; reread: number } };
      console.log(
        `${''.padEnd(29)}events from the other instance: ${relayed.replayed} replayed from the notice, ${relayed.reread} read from the store`,
      );
    }
    for (const s of pair) await s.kill();
  } finally {
    await Promise.all([postgres.stop(), redis.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Milliseconds from spawning `node -e 0` to its exit: what any Node process costs to start, the anchor. */
async function bareNodeMs(): Promise<number> {
  const t = performance.now();
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return performance.now() - t;
}

/** Milliseconds from spawning `hexarena serve` on `dir` to its saying it listens (ready for requests). */
async function serverStartMs(dir: string): Promise<{ ms: number; server: ServerProcess }> {
  const t = performance.now();
  const server = await startServer(dir, LIMITS);
  return { ms: performance.now() - t, server };
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * Start-up and memory with many stored games: 100,000 finished and 1,000 live tic-tac-toe games are
 * written straight into a store (one transaction, through the store's own schema), then the server
 * starts on it: the time from spawn to listening, beside a bare `node -e 0` and the server on an
 * empty store, and its memory once every live game is loaded.
 */
export async function benchServerScale(): Promise<void> {
  const { finished, live } = PLAN;
  const count = (n: number) => n.toLocaleString('en-US');
  console.log(`\n## Online server: start-up with ${count(finished)} finished and ${count(live)} live games stored (SQLite)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-scale-'));
  const store = SqliteStore.inFolder(dir);
  await store.close();
  const db = new Database(path.join(dir, 'hexarena.sqlite'));
  const game = db.prepare(
    'INSERT INTO games (id, game, options, seed, seats, clock, created_at, ended_result, termination, deadline, plies, due, open_seats) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, NULL, ?, ?, ?)',
  );
  // The live games are recent (not abandoned): the server looks at them next in a week.
  const now = Date.now();
  const week = 7 * 24 * 3600 * 1000;
  const move = db.prepare('INSERT INTO moves (game_id, ply, move, at) VALUES (?, ?, ?, ?)');
  const write = db.transaction(() => {
    for (let i = 0; i < finished + live; i++) {
      const isLive = i >= finished;
      const id = `g${i}`;
      game.run(
        id,
        'tictactoe',
        '{}',
        `s${i}`,
        '["open","open"]',
        isLive ? now : i,
        isLive ? null : '{"kind":"draw"}',
        isLive ? null : 'rules',
        isLive ? 4 : 9,
        isLive ? now + week : null,
        // Both seats open (no seat row): the live games are what the lobby lists.
        isLive ? 2 : 0,
      );
      for (let ply = 0; ply < (isLive ? 4 : 9); ply++) move.run(id, ply, ORDER[ply], isLive ? now : i);
    }
  });
  let t = performance.now();
  write();
  db.close();
  console.log(
    `wrote ${count(finished + live)} games (${count(finished * 9 + live * 4)} moves) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const emptyDir = mkdtempSync(path.join(tmpdir(), 'hexarena-empty-'));
  try {
    const anchor: number[] = [];
    const empty: number[] = [];
    const full: number[] = [];
    let baseline = Number.NaN;
    for (let i = 0; i < PLAN.starts; i++) {
      anchor.push(await bareNodeMs());
      const e = await serverStartMs(emptyDir);
      empty.push(e.ms);
      baseline = (await (await fetch(`${e.server.base}/healthz`)).json()).rss as number;
      await e.server.kill();
      const f = await serverStartMs(dir);
      full.push(f.ms);
      await f.server.kill();
    }
    const fmt = (xs: readonly number[]) => `${(median(xs) / 1000).toFixed(2)} s (${xs.map((x) => (x / 1000).toFixed(2)).join(', ')})`;
    console.log(`start-up, spawn to listening, median of ${PLAN.starts} (each):`);
    console.log(`  node -e 0 (spawn to exit, the anchor):            ${fmt(anchor)}`);
    console.log(`  hexarena serve on an empty store:                 ${fmt(empty)}`);
    console.log(
      `  hexarena serve with ${count(finished)} + ${count(live)} games stored: ${fmt(full)}  (the start sweep's due games included)`,
    );
    const { ms, server } = await serverStartMs(dir);
    try {
      console.log(`  once more for the figures below: ${(ms / 1000).toFixed(2)} s`);
      // Every live game asked for once, 50 at a time: each read from the store and replayed into a room.
      t = performance.now();
      const ids = Array.from({ length: live }, (_, i) => `g${finished + i}`);
      let found = 0;
      for (let i = 0; i < ids.length; i += 50)
        for (const r of await Promise.all(ids.slice(i, i + 50).map((id) => fetch(`${server.base}/api/games/${id}`)))) found += r.ok ? 1 : 0;
      console.log(`${count(live)} live games loaded on demand in ${((performance.now() - t) / 1000).toFixed(2)} s (${found} answered)`);
      // The lobby: the newest open games among them, as the home page asks every few seconds.
      const lobbyTimes: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        await (await fetch(`${server.base}/api/games`)).json();
        lobbyTimes.push(performance.now() - started);
      }
      lobbyTimes.sort((x, y) => x - y);
      console.log(
        `the lobby (GET /api/games, ${count(live)} open among ${count(finished + live)}): median ${(lobbyTimes[10] as number).toFixed(1)} ms, first ${(lobbyTimes[0] as number).toFixed(1)} ms… slowest ${(lobbyTimes[19] as number).toFixed(1)} ms of 20`,
      );
      const rss = (await (await fetch(`${server.base}/healthz`)).json()).rss as number;
      console.log(
        `memory: ${mb(rss)} RSS with ${count(live)} live games held, ${mb(baseline)} empty: ${((rss - baseline) / live / 1024).toFixed(1)} KB a live game`,
      );
    } finally {
      await server.kill();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(emptyDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench server-startup`: the start-up part alone (about a minute), on what bin/hexarena.js
 * runs (the compiled CLI, built now if stale).
 */
export async function benchServerStartup(): Promise<void> {
  console.log(`\nhexarena serve runs ${compiledServer()}; load average before: ${loadAverage()}`);
  await benchServerScale();
}

/** Games one address floods the AI with, in the AI flood benchmark (its share: HEXARENA_AI_GAMES). */
const FLOOD_GAMES = 8;

/**
 * An AI flood: one address keeps 8 DiceWars games of AIs alone (`hard`: a tree search of a few hundred
 * milliseconds a move) thinking on one AI thread while
 * another player plays tic-tac-toe against `random` (a think of no time): how long that player's
 * replies wait, beside the same replies on an idle server and beside one flood think (the anchor: a
 * single line would make each reply wait about 8 of them).
 */
export async function benchAiFlood(): Promise<void> {
  console.log('\n## Online server: an AI flood from one address, one AI thread');
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-flood-'));
  const server = await startServer(dir, { HEXARENA_AI_THREADS: '1', HEXARENA_AI_GAMES: String(FLOOD_GAMES), HEXARENA_API_RATE: '100000' });
  const replies = async (n: number): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const created = await request(server.base, '/api/games', {
        body: { game: 'tictactoe', seats: ['open', 'random'], seat: 0 },
        from: '127.0.0.3',
      });
      const { id, token } = created.json as { id: string; token: string };
      const player = await Client.open(server.base, id, undefined, '127.0.0.3');
      const started = performance.now();
      await player.ask({ type: 'move', seat: 0, token, move: 'b2', version: 0 });
      await player.next((m) => m.type === 'event' && (m.event as { seat?: number }).seat === 1);
      times.push(performance.now() - started);
      player.close();
    }
    return times.sort((a, b) => a - b);
  };
  const median = (xs: readonly number[]) => xs[Math.floor(xs.length / 2)] as number;
  const watchers: Client[] = [];
  try {
    const idle = await replies(20);
    let floodMoves = 0;
    for (let i = 0; i < FLOOD_GAMES; i++) {
      const created = await request(server.base, '/api/games', {
        body: { game: 'dicewars', options: { players: 2 }, seats: ['hard', 'hard'] },
        from: '127.0.0.2',
      });
      const watcher = await Client.open(server.base, (created.json as { id: string }).id, undefined, '127.0.0.2');
      watcher.socket.on('message', (data) => {
        if (data.toString().includes('"kind":"move"')) floodMoves++;
      });
      watchers.push(watcher);
    }
    // The flood under way: every game has its next move waiting for the thread.
    for (const w of watchers) await w.next((m) => m.type === 'event');
    const before = floodMoves;
    const started = performance.now();
    const flooded = await replies(10);
    const think = (performance.now() - started) / Math.max(1, floodMoves - before);
    console.log(
      `a reply from random, idle server: median ${median(idle).toFixed(1)} ms, slowest ${(idle.at(-1) as number).toFixed(1)} ms of 20`,
    );
    console.log(
      `the same during the flood: median ${median(flooded).toFixed(0)} ms, slowest ${(flooded.at(-1) as number).toFixed(0)} ms of 10; one flood think ≈ ${think.toFixed(0)} ms (${floodMoves - before} flood moves meanwhile)`,
    );
    console.log(
      `a reply waited ${(median(flooded) / think).toFixed(2)} flood thinks (median), ${((flooded.at(-1) as number) / think).toFixed(2)} at most; one line for all would make it ≈ ${FLOOD_GAMES}`,
    );
  } finally {
    for (const w of watchers) w.close();
    await server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

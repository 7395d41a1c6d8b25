import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { ClientIntent } from '../src/protocols/wire/index.ts';
import { Client, request, type ServerProcess, startServer } from '../src/server/online.testing.ts';
import { startPostgres } from '../src/server/postgres.testing.ts';
import { startRedis } from '../src/server/redis.testing.ts';
import { SqliteStore } from '../src/server/sqlite-store.ts';
import { loadBoardgameIo, residentBytes, startBoardgameIo } from './boardgameio.ts';
import { cpuSeconds, postgresPids, totalCpu } from './costs.ts';
import { postJson } from './http-post.ts';
import { type LoadRun, pacer } from './pace.ts';

/**
 * The online server as players load it: `games` tic-tac-toe games at once, each with two WebSocket
 * clients on loopback playing as fast as answers come (a new game when one ends), against one
 * `hexarena serve` process with its durable SQLite store. Prints acknowledged moves a second and the
 * latency from sending a move to its answer. Bounded: a few seconds per size.
 */
const ORDER = ['b2', 'a1', 'c3', 'a3', 'a2', 'c2', 'b1', 'b3', 'c1'];

/**
 * Plays `games` tables at once for `seconds` against hexarena; the latency of every acknowledged move,
 * and the seconds taken. With `otherBase`, each table's second player sits on that instance.
 */
async function loadHexarena(base: string, games: number, seconds: number, everyMs = 0, otherBase = base): Promise<LoadRun> {
  const latencies: number[] = [];
  let failures = 0;
  let wireBytes = 0;
  let stop = false;
  const player = async () => {
    const pace = pacer(everyMs);
    while (!stop) {
      // A game that fails (a connection reset under load) is counted, and the table plays on.
      try {
        const created = await postJson(`${base}/api/games`, { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
        const id = created.id as string;
        const tokens = [created.token as string, (await postJson(`${otherBase}/api/games/${id}/seats/1`, {})).token as string];
        const clients = [
          await Client.open(base, id, undefined, undefined, undefined, false),
          await Client.open(otherBase, id, undefined, undefined, undefined, false),
        ];
        // A fixed game that fills the board: nine moves, a draw or a win on the way.
        for (let ply = 0; ply < ORDER.length && !stop; ply++) {
          await pace();
          if (stop) break;
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
          wireBytes += JSON.stringify({ ...intent, id: `${Math.random()}` }).length;
          const answer = await (clients[ply % 2] as Client).ask(intent);
          if (answer.ok !== true) break;
          latencies.push(performance.now() - t);
          const event = answer.event as { kind: string };
          if (event.kind === 'end') break;
        }
        for (const c of clients) {
          c.close();
          wireBytes += c.raw.reduce((n, text) => n + text.length, 0);
        }
      } catch {
        failures++;
      }
    }
  };
  const started = performance.now();
  const running = Array.from({ length: games }, player);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  stop = true;
  const elapsed = (performance.now() - started) / 1000;
  await Promise.allSettled(running);
  return { latencies, elapsed, failures, wireBytes };
}

/** A load run as one line: moves a second, latency percentiles, and the server's memory after it. */
/** What the server itself says of its answer times (from a message's arrival to its answer). */
async function ownTimes(base: string): Promise<string> {
  const { intents } = (await (await fetch(`${base}/healthz`)).json()) as { intents: { p50Ms: number; p99Ms: number } };
  return `${''.padEnd(12)} in the server itself (last 10,000 answers): p50 ${intents.p50Ms.toFixed(1)} ms, p99 ${intents.p99Ms.toFixed(1)} ms`;
}

function line(name: string, games: number, run: LoadRun, rss: number): string {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  const rate = Math.round(sorted.length / run.elapsed);
  return `${name.padEnd(12)} ${String(games).padStart(5)} games: ${rate.toLocaleString('en-US').padStart(7)} moves/s, p50 ${at(0.5).padStart(6)} ms, p99 ${at(0.99).padStart(6)} ms, RSS ${(rss / 1e6).toFixed(0)} MB${run.failures ? `, ${run.failures} games broke off` : ''}`;
}

const SECONDS = 5;

export async function benchServer(): Promise<void> {
  console.log('\n## Online server: tic-tac-toe over WebSocket on loopback, one process each, side by side');
  console.log('hexarena: durable SQLite store, each move committed (fsync) before it is answered;');
  console.log('boardgame.io 0.50.2: its in-memory storage, socket.io. A new match every game on both; the load');
  console.log(`generator shares the machine's cores with the server under test; ${SECONDS} s per size.`);
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-bench-'));
  const server = await startServer(dir, {
    HEXARENA_API_RATE: '1000000',
    HEXARENA_WS_RATE: '1000000',
    HEXARENA_CONNECTIONS: '1000000',
    HEXARENA_OPEN_GAMES: '1000000',
  });
  const rival = await startBoardgameIo();
  try {
    for (const games of [1, 100, 1000]) {
      const cpuBefore = cpuSeconds(server.child.pid as number);
      const ours = await loadHexarena(server.base, games, SECONDS);
      const cpu = cpuSeconds(server.child.pid as number) - cpuBefore;
      console.log(line('hexarena', games, ours, residentBytes(server.child.pid as number)));
      console.log(await ownTimes(server.base));
      const moves = ours.latencies.length;
      console.log(
        `${''.padEnd(12)} a move costs: ${((cpu / moves) * 1e6).toFixed(0)} µs CPU in the server (SQLite inside it), ${((ours.wireBytes ?? 0) / moves).toFixed(0)} B on the WebSockets (game set-up included)`,
      );
      const theirs = await loadBoardgameIo(rival.base, games, SECONDS);
      console.log(line('boardgame.io', games, theirs, residentBytes(rival.child.pid as number)));
      const ratio = ours.latencies.length / ours.elapsed / (theirs.latencies.length / theirs.elapsed);
      console.log(`${''.padEnd(12)} hexarena / boardgame.io throughput: ×${ratio.toFixed(2)}`);
    }
    // Closed loops at 1,000 tables queue up (latency ≈ tables ÷ throughput, Little's law); players
    // think between moves, so the latency goal is measured at a paced load: 1,000 games offering
    // 5,000 moves a second (each table one move every 200 ms, new games made as before).
    const everyMs = 200;
    console.log(`paced: 1000 games, each a move every ${everyMs} ms (5,000 moves/s offered)`);
    const ours = await loadHexarena(server.base, 1000, SECONDS, everyMs);
    console.log(line('hexarena', 1000, ours, residentBytes(server.child.pid as number)));
    console.log(await ownTimes(server.base));
    const theirs = await loadBoardgameIo(rival.base, 1000, SECONDS, everyMs);
    console.log(line('boardgame.io', 1000, theirs, residentBytes(rival.child.pid as number)));
  } finally {
    await server.kill();
    await rival.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.HEXARENA_BENCH_DB === 'postgres') await benchServerPostgres();
  await benchServerScale();
  await benchAiFlood();
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

/**
 * The same workload on PostgreSQL (`npm run bench server -- --db postgres`): one instance, then two
 * instances on one database with Redis between them (tables spread over both), beside SQLite's figure
 * printed above. The database runs on the same 2 cores. With each run, what a move costs: CPU of the
 * server processes and of PostgreSQL, write-ahead log written, WebSocket bytes.
 */
async function benchServerPostgres(): Promise<void> {
  console.log('\n## Online server on PostgreSQL (fsync off in this throwaway cluster), 1,000 games');
  const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-bench-pg-'));
  const env = {
    HEXARENA_API_RATE: '1000000',
    HEXARENA_WS_RATE: '1000000',
    HEXARENA_CONNECTIONS: '1000000',
    HEXARENA_OPEN_GAMES: '1000000',
    REDIS_URL: redis.url,
  };
  const measured = async (name: string, url: string, servers: ServerProcess[], spread = false) => {
    const wal = new pg.Client({ connectionString: url });
    await wal.connect();
    const lsn = async () => (await wal.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]?.lsn as string;
    const pids = servers.map((s) => s.child.pid as number);
    const [cpuBefore, dbBefore, walBefore] = [totalCpu(pids), totalCpu(postgresPids()), await lsn()];
    const runs = await Promise.all(
      servers.map((s, i) =>
        loadHexarena(
          s.base,
          1000 / servers.length,
          SECONDS,
          0,
          spread ? (servers[(i + 1) % servers.length] as ServerProcess).base : s.base,
        ),
      ),
    );
    const [cpuAfter, dbAfter, walAfter] = [totalCpu(pids), totalCpu(postgresPids()), await lsn()];
    const walBytes = Number(
      (await wal.query<{ d: string }>('SELECT pg_wal_lsn_diff($1, $2)::text AS d', [walAfter, walBefore])).rows[0]?.d,
    );
    await wal.end();
    const run: LoadRun = {
      latencies: runs.flatMap((r) => r.latencies),
      elapsed: Math.max(...runs.map((r) => r.elapsed)),
      failures: runs.reduce((n, r) => n + r.failures, 0),
      wireBytes: runs.reduce((n, r) => n + (r.wireBytes ?? 0), 0),
    };
    console.log(line(name, 1000, run, residentBytes(pids[0] as number)));
    const moves = run.latencies.length;
    console.log(
      `${''.padEnd(12)} a move costs: ${(((cpuAfter - cpuBefore) / moves) * 1e6).toFixed(0)} µs CPU in hexarena, ${(((dbAfter - dbBefore) / moves) * 1e6).toFixed(0)} µs in PostgreSQL, ${(walBytes / moves).toFixed(0)} B of WAL, ${((run.wireBytes ?? 0) / moves).toFixed(0)} B on the WebSockets (game set-up included)`,
    );
    for (const s of servers) console.log(await ownTimes(s.base));
  };
  try {
    const url1 = await postgres.createDatabase();
    const one = await startServer(path.join(dir, '1'), { ...env, DATABASE_URL: url1 });
    await measured('1 instance', url1, [one]);
    await one.kill();
    const url = await postgres.createDatabase();
    const pair = [
      await startServer(path.join(dir, 'a'), { ...env, DATABASE_URL: url }),
      await startServer(path.join(dir, 'b'), { ...env, DATABASE_URL: url }),
    ];
    await measured('2 instances', url, pair);
    // Each table's players on different instances: every move reaches the other through Redis.
    console.log('2 instances, each table played from both (every move relayed through Redis):');
    await measured('2 instances', url, pair, true);
    for (const s of pair) {
      const { relayed } = (await (await fetch(`${s.base}/healthz`)).json()) as { relayed: { replayed: number; reread: number } };
      console.log(
        `${''.padEnd(12)} events from the other instance: ${relayed.replayed} replayed from the notice, ${relayed.reread} read from the store`,
      );
    }
    for (const s of pair) await s.kill();
  } finally {
    await Promise.all([postgres.stop(), redis.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Start-up and memory with many stored games: 100,000 finished and 1,000 live tic-tac-toe games are
 * written straight into a store (one transaction, through the store's own schema), then the server
 * starts on it: the time to its first answer, and its memory once every live game is loaded.
 */
export async function benchServerScale(): Promise<void> {
  console.log('\n## Online server: start-up with 100,000 finished and 1,000 live games stored');
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-scale-'));
  const store = SqliteStore.inFolder(dir);
  await store.close();
  const db = new Database(path.join(dir, 'hexarena.sqlite'));
  const game = db.prepare(
    'INSERT INTO games (id, game, options, seed, seats, clock, created_at, ended_result, termination, deadline, plies, due) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, NULL, ?, ?)',
  );
  // The live games are recent (not abandoned): the server looks at them next in a week.
  const now = Date.now();
  const week = 7 * 24 * 3600 * 1000;
  const move = db.prepare('INSERT INTO moves (game_id, ply, move, at) VALUES (?, ?, ?, ?)');
  const write = db.transaction(() => {
    for (let i = 0; i < 101_000; i++) {
      const live = i >= 100_000;
      const id = `g${i}`;
      game.run(
        id,
        'tictactoe',
        '{}',
        `s${i}`,
        '["open","open"]',
        live ? now : i,
        live ? null : '{"kind":"draw"}',
        live ? null : 'rules',
        live ? 4 : 9,
        live ? now + week : null,
      );
      for (let ply = 0; ply < (live ? 4 : 9); ply++) move.run(id, ply, ORDER[ply], live ? now : i);
    }
  });
  let t = performance.now();
  write();
  db.close();
  console.log(`wrote 101,000 games (905,000 moves) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  const server = await startServer(dir, {
    HEXARENA_API_RATE: '1000000',
    HEXARENA_WS_RATE: '1000000',
    HEXARENA_CONNECTIONS: '1000000',
    HEXARENA_OPEN_GAMES: '1000000',
  });
  const ready = performance.now() - t;
  try {
    console.log(
      `start-up to the first answer: ${(ready / 1000).toFixed(2)} s (games are loaded when asked for; the start sweep found none due)`,
    );
    // Every live game asked for once, 50 at a time: each read from the store and replayed into a room.
    t = performance.now();
    const ids = Array.from({ length: 1000 }, (_, i) => `g${100_000 + i}`);
    let found = 0;
    for (let i = 0; i < ids.length; i += 50)
      for (const r of await Promise.all(ids.slice(i, i + 50).map((id) => fetch(`${server.base}/api/games/${id}`)))) found += r.ok ? 1 : 0;
    console.log(`1,000 live games loaded on demand in ${((performance.now() - t) / 1000).toFixed(2)} s (${found} answered)`);
    // The lobby: the newest open games among them, as the home page asks every few seconds.
    const lobbyTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await (await fetch(`${server.base}/api/games`)).json();
      lobbyTimes.push(performance.now() - started);
    }
    lobbyTimes.sort((x, y) => x - y);
    console.log(
      `the lobby (GET /api/games, 1,000 open among 101,000): median ${(lobbyTimes[10] as number).toFixed(1)} ms, first ${(lobbyTimes[0] as number).toFixed(1)} ms… slowest ${(lobbyTimes[19] as number).toFixed(1)} ms of 20`,
    );
    const rss = (await (await fetch(`${server.base}/healthz`)).json()).rss as number;
    // The same server on an empty store: the difference is what 1,000 live games cost.
    const emptyDir = mkdtempSync(path.join(tmpdir(), 'hexarena-empty-'));
    const empty = await startServer(emptyDir);
    const baseline = (await (await fetch(`${empty.base}/healthz`)).json()).rss as number;
    await empty.kill();
    rmSync(emptyDir, { recursive: true, force: true });
    console.log(
      `memory: ${(rss / 1e6).toFixed(0)} MB RSS with 1,000 live games held, ${(baseline / 1e6).toFixed(0)} MB empty: ${((rss - baseline) / 1000 / 1024).toFixed(1)} KB a live game`,
    );
  } finally {
    await server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

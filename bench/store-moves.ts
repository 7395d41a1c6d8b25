import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PgStore } from '../src/server/pg-store.ts';
import { startPostgres } from '../src/server/postgres.testing.ts';
import { SqliteStore } from '../src/server/sqlite-store.ts';
import type { AfterMove, GameStore } from '../src/server/store.ts';
import { postgresMeter } from './costs.ts';

/**
 * `npm run bench store`: moves through the store alone, with no server in front: GAMES live games,
 * ROUNDS moves each, TICK at a time as the server hands them over in one tick. On SQLite (a file in a
 * temporary folder, each tick committed and synced as served) and on PostgreSQL (a throwaway cluster,
 * fsync off, as in the server bench), with untimed games (due when abandoned: the stored due time
 * stays while a move only pushes it later) and timed ones (due at the deadline, which moves with every
 * move). Prints, a move: the wall time, this process's CPU, PostgreSQL's, its WAL, and the share of
 * the games table's updates that were HOT (a new row version with no new index entry). SQLite's
 * untimed run is the anchor: the ratios beside it hold on a noisy machine where the times do not.
 */
const GAMES = 1_000;
const ROUNDS = 9;
const TICK = 50;
const WEEK = 7 * 86_400_000;
const START = 1_700_000_000_000;

interface Figures {
  readonly wallUs: number;
  readonly cpuUs: number;
  readonly dbUs: number | null;
  readonly walBytes: number | null;
  readonly hot: string;
}

/** What a move leaves due: a week on for an untimed game, the player's minute for a timed one. */
const afterMove = (timed: boolean, at: number): AfterMove =>
  timed ? { deadline: at + 60_000, due: at + 60_000 } : { deadline: null, due: at + WEEK };

/** `games` games made, then ROUNDS rounds of one move each, TICK games at a time. */
async function play(store: GameStore, timed: boolean, games = GAMES): Promise<{ wallMs: number; cpuMs: number }> {
  const ids = Array.from({ length: games }, (_, i) => `g${i}`);
  for (const id of ids)
    await store.games.create({
      id,
      game: 'tictactoe',
      options: {},
      seed: id,
      seats: ['open', 'open'],
      clock: null,
      createdAt: START,
      due: START + WEEK,
    });
  const cpu = process.cpuUsage();
  const begun = performance.now();
  for (let round = 0; round < ROUNDS; round++)
    for (let first = 0; first < games; first += TICK)
      await Promise.all(
        ids.slice(first, first + TICK).map((id, i) => {
          const at = START + (round + 1) * 60_000 + first + i;
          return store.games.append(id, { ply: round, move: `m${round}`, at }, afterMove(timed, at));
        }),
      );
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - begun, cpuMs: (used.user + used.system) / 1000 };
}

async function onSqlite(timed: boolean): Promise<Figures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-bench-store-'));
  const store = SqliteStore.inFolder(dir);
  const warmUp = new SqliteStore(':memory:');
  try {
    // A few games first, in memory: the code runs warm in the measure.
    await play(warmUp, timed, 2 * TICK);
    const { wallMs, cpuMs } = await play(store, timed);
    const moves = GAMES * ROUNDS;
    return { wallUs: (wallMs * 1000) / moves, cpuUs: (cpuMs * 1000) / moves, dbUs: null, walBytes: null, hot: '–' };
  } finally {
    await warmUp.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The games table's updates and HOT updates so far, once the statistics have counted `atLeast` updates (or 10 s have passed). */
async function updates(db: pg.Client, atLeast: number): Promise<{ all: number; hot: number }> {
  const read = async () => {
    await db.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await db.query<{ u: string; h: string }>(
      `SELECT n_tup_upd AS u, n_tup_hot_upd AS h FROM pg_stat_user_tables WHERE relname = 'games'`,
    );
    return { all: Number(rows[0]?.u ?? 0), hot: Number(rows[0]?.h ?? 0) };
  };
  const until = performance.now() + 10_000;
  let counted = await read();
  // A backend hands its counts over within a second of going idle.
  while (counted.all < atLeast && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    counted = await read();
  }
  return counted;
}

async function onPostgres(timed: boolean): Promise<Figures> {
  const postgres = await startPostgres();
  try {
    // A few games first, on a database of their own: the driver's code runs warm in the measure.
    const warmUp = await PgStore.open(await postgres.createDatabase());
    await play(warmUp, timed, 2 * TICK).finally(() => warmUp.close());
    const url = await postgres.createDatabase();
    const store = await PgStore.open(url);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const lsn = (await db.query<{ l: string }>('SELECT pg_current_wal_lsn() AS l')).rows[0]?.l;
      const meter = postgresMeter(Number(new URL(url).port))();
      const before = await updates(db, 0);
      const { wallMs, cpuMs } = await play(store, timed);
      const dbSeconds = meter();
      const moves = GAMES * ROUNDS;
      const wal = await db.query<{ d: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1) AS d', [lsn]);
      const after = await updates(db, before.all + moves);
      const all = after.all - before.all;
      const hot = after.hot - before.hot;
      return {
        wallUs: (wallMs * 1000) / moves,
        cpuUs: (cpuMs * 1000) / moves,
        dbUs: (dbSeconds * 1e6) / moves,
        walBytes: Number(wal.rows[0]?.d ?? 0) / moves,
        hot: all > 0 ? `${Math.round((hot / all) * 100)}% of ${all}` : '–',
      };
    } finally {
      await db.end();
      await store.close();
    }
  } finally {
    await postgres.stop();
  }
}

const cell = (n: number | null, width: number) => (n === null ? '–' : n.toFixed(0)).padStart(width);

export async function benchStore(): Promise<void> {
  console.log(`\n## Moves through the store alone: ${GAMES} live games, ${ROUNDS} moves each, ${TICK} a tick`);
  console.log('SQLite: a file, each tick synced; PostgreSQL: a throwaway cluster, fsync off. Per move:');
  console.log('store                    wall µs  CPU µs  DB CPU µs  WAL B  HOT updates      wall / SQLite untimed');
  let anchor: number | null = null;
  for (const [name, run] of [
    ['SQLite, untimed', () => onSqlite(false)],
    ['SQLite, timed', () => onSqlite(true)],
    ['PostgreSQL, untimed', () => onPostgres(false)],
    ['PostgreSQL, timed', () => onPostgres(true)],
  ] as const) {
    const f = await run();
    anchor ??= f.wallUs;
    console.log(
      `${name.padEnd(22)} ${cell(f.wallUs, 9)} ${cell(f.cpuUs, 7)} ${cell(f.dbUs, 10)} ${cell(f.walBytes, 6)}  ${f.hot.padEnd(16)} ×${(f.wallUs / anchor).toFixed(2)}`,
    );
  }
}

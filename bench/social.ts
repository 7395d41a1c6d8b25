import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import Database from 'better-sqlite3';
import pg from 'pg';
import { PgStore } from '../src/server/pg-store.ts';
import { startPostgres, type TestPostgres } from '../src/server/postgres.testing.ts';
import { PlayerIndex } from '../src/server/social/player-index.ts';
import { SqliteStore } from '../src/server/sqlite-store.ts';
import type { GameStore, GamesDbQuery } from '../src/server/store.ts';
import { pairsFromPlayers } from '../src/server/stores/games-pairs.ts';

/**
 * Players finding each other (docs/social.md): the search of players by prefix at 100,000 accounts,
 * from the index in memory, beside a scan of every name (what the index saves); and the games
 * database at 1,000,000 finished games on SQLite (a file, as served) and PostgreSQL (a throwaway
 * cluster), each query's median and p99 beside an account read by its name (the anchor: one row by a
 * unique key, through the same store).
 *
 * The games are made by the database itself from a counter (one INSERT … SELECT over a series): five
 * games, four speeds, 1,000 players each in some 2,000 games, ratings 1000–2499, openings drawn from a
 * few moves so that prefixes are shared, as popular openings are. HEXARENA_BENCH_GAMES sets the count.
 * The games of Hive, Hex and Nonaga (three in five) are kept under ten positions each, as the
 * explorer keys them: the start, shared by every game of its game, then ever fewer games a position,
 * ply by ply (one in 3, 7, 11, 13, 17, 101, 1,009, 10,007, 100,003), as an opening tree thins out.
 * The pairs of players (games-pairs.ts) are made from the players' rows, as migration 35 makes them:
 * any two players meet about once in 997,000 games, so "a player against another" finds one or none.
 */

const ACCOUNTS = 100_000;
const GAMES = Number(process.env.HEXARENA_BENCH_GAMES ?? 1_000_000);
const LOOKUPS = 20_000;
const RUNS = 30;

const quantile = (times: number[], q: number): number => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};

const stat = (times: number[]): string => `median ${quantile(times, 0.5).toFixed(3)} ms, p99 ${quantile(times, 0.99).toFixed(3)} ms`;

/**
 * This process's CPU time over `run` (ms), beside its wall time: on a machine shared by more busy
 * processes than cores, a slow wall-clock run whose CPU time is short spent its time waiting for a
 * core, not in our code. (For SQLite, in this process, the query's own work; for PostgreSQL, the
 * client's alone: its server's work is in another process.)
 */
async function timed(run: () => Promise<unknown> | unknown): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await run();
  const wall = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

/** The p99 of the CPU times, said beside the wall times' figures. */
const cpuTail = (cpu: number[]): string => `; CPU median ${quantile(cpu, 0.5).toFixed(3)} ms, p99 ${quantile(cpu, 0.99).toFixed(3)} ms`;

/** The issue's targets (issue 49): a player search under 10 ms at 100,000 accounts, a games query under 100 ms at 1,000,000 games. */
const PLAYER_SEARCH_TARGET_MS = 10;
const GAMES_QUERY_TARGET_MS = 100;

/** Targets measured so far in this run, and how many held: summed up at the end. */
const verdicts: { label: string; held: boolean }[] = [];

/**
 * A figure beside its target: held when the median is under it (the answer a player gets); the p99
 * of a few dozen runs on a shared machine is its slowest run, so it is told apart, not judged alone.
 */
function againstTarget(label: string, times: number[], targetMs: number): string {
  const median = quantile(times, 0.5);
  const p99 = quantile(times, 0.99);
  const held = median < targetMs;
  verdicts.push({ label, held });
  const tail = held && p99 >= targetMs ? ` (p99 over: ${p99.toFixed(0)} ms)` : '';
  return `${stat(times)} — target < ${targetMs} ms: ${held ? 'held' : 'NOT HELD'}${tail}`;
}

export async function benchSocial(): Promise<void> {
  await benchPlayerSearch();
  await benchGamesDb();
  const missed = verdicts.filter((v) => !v.held);
  console.log(
    `targets held: ${verdicts.length - missed.length} of ${verdicts.length}${missed.length > 0 ? `; not held: ${missed.map((v) => v.label).join('; ')}` : ''}`,
  );
}

async function benchPlayerSearch(): Promise<void> {
  const rng = Rng.fromSeed('names');
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789_-';
  const names = Array.from({ length: ACCOUNTS }, (_, i) => {
    let name = letters[rng.int(26)] as string;
    for (let n = 2 + rng.int(12); n > 0; n--) name += letters[rng.int(letters.length)];
    return { id: `a${i}`, name: `${name}${i}`, key: `${name}${i}`.toLowerCase() };
  });
  const sorted = [...names].sort((a, b) => (a.key < b.key ? -1 : 1));
  // One in ten online, as a busy evening.
  const online = new Set(names.filter((_, i) => i % 10 === 0).map((n) => n.id));
  const index = new PlayerIndex(
    { names: async (after, limit) => sorted.filter((n) => after === null || n.key > after).slice(0, limit) },
    (id) => online.has(id),
    0,
  );
  const started = performance.now();
  // Built through the same paging as from the store, the source here an array.
  await index.build();
  {
    const built = performance.now() - started;
    const prefixes = Array.from({ length: LOOKUPS }, () => (names[rng.int(ACCOUNTS)] as { key: string }).key.slice(0, 1 + rng.int(3)));
    const times: number[] = [];
    const cpu: number[] = [];
    let found = 0;
    for (const p of prefixes) {
      const run = await timed(() => {
        found += index.lookUp(p, 10).length;
      });
      times.push(run.wall);
      cpu.push(run.cpu);
    }
    const scans: number[] = [];
    for (const p of prefixes.slice(0, 200)) {
      const t = performance.now();
      names.filter((n) => n.key.startsWith(p)).slice(0, 10);
      scans.push(performance.now() - t);
    }
    console.log(`player search, ${ACCOUNTS.toLocaleString('en')} accounts (index built in ${built.toFixed(0)} ms, ${index.size} names):`);
    const label = 'prefix of 1–3 letters, 10 answers, online first';
    console.log(
      `  ${label}: ${againstTarget(`player search, ${label}`, times, PLAYER_SEARCH_TARGET_MS)}${cpuTail(cpu)} (${(found / LOOKUPS).toFixed(1)} found a search)`,
    );
    console.log(`  anchor, a scan of every name: ${stat(scans)}`);
  }
}

/** The games made by the database from a counter: the same SQL on both (|| and % alike). */
function fillSql(games: number, postgres: boolean): string {
  const series = postgres
    ? `SELECT generate_series(1, ${games})::bigint AS i`
    : `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${games}) SELECT i FROM n`;
  const text = postgres ? '::text' : '';
  return `INSERT INTO game_index (game_id, game, created_at, speed, rated, termination, winner, draw, rating, opening)
    SELECT 'g' || i${text},
      CASE i % 5 WHEN 0 THEN 'hive' WHEN 1 THEN 'hex' WHEN 2 THEN 'nonaga' WHEN 3 THEN 'dicewars' ELSE 'tictactoe' END,
      1700000000000 + i * 60000,
      CASE (i / 7) % 4 WHEN 0 THEN 'blitz' WHEN 1 THEN 'rapid' WHEN 2 THEN 'bullet' ELSE 'unlimited' END,
      i % 2,
      CASE i % 3 WHEN 0 THEN 'rules' WHEN 1 THEN 'resignation' ELSE 'time' END,
      CASE WHEN i % 10 = 0 THEN NULL ELSE i % 2 END,
      CASE WHEN i % 10 = 0 THEN 1 ELSE 0 END,
      1000 + (i * 37) % 1500,
      'm' || (i % 3)${text} || ' m' || (i % 7)${text} || ' m' || (i % 11)${text} || ' m' || (i % 13)${text}
    FROM (${series}) s;
  INSERT INTO game_index_players (account_id, created_at, game_id, seat, outcome)
    SELECT 'p' || ((i * 7919) % 1000)${text}, 1700000000000 + i * 60000, 'g' || i${text}, 0,
      CASE WHEN i % 10 = 0 THEN 'draw' WHEN i % 2 = 0 THEN 'win' ELSE 'loss' END
    FROM (${series}) s;
  INSERT INTO game_index_players (account_id, created_at, game_id, seat, outcome)
    SELECT 'p' || (((i * 7919) % 1000 + 1 + i % 997) % 1000)${text}, 1700000000000 + i * 60000, 'g' || i${text}, 1,
      CASE WHEN i % 10 = 0 THEN 'draw' WHEN i % 2 = 1 THEN 'win' ELSE 'loss' END
    FROM (${series}) s;
  INSERT INTO game_index_positions (variant, position, created_at, game_id)
    SELECT CASE s.i % 5 WHEN 0 THEN 'hive' WHEN 1 THEN 'hex' ELSE 'nonaga' END,
      ${positionKey(postgres)}, 1700000000000 + s.i * 60000, 'g' || s.i${text}
    FROM (${series}) s CROSS JOIN (${PLIES}) k
    WHERE s.i % 5 < 3;
  ${pairsFromPlayers(postgres ? 'postgres' : 'sqlite')}
  ANALYZE;`;
}

/** The plies kept of each game, and in how many games a position at each is shared (one in `m`). */
const PLIES = `SELECT 0 AS ply, 1 AS m UNION ALL SELECT 1, 3 UNION ALL SELECT 2, 7 UNION ALL SELECT 3, 11 UNION ALL SELECT 4, 13
  UNION ALL SELECT 5, 17 UNION ALL SELECT 6, 101 UNION ALL SELECT 7, 1009 UNION ALL SELECT 8, 10007 UNION ALL SELECT 9, 100003`;

/** A position's key as the bench makes them: its ply and which of the ply's `m` positions it is (not the explorer's hex, as long). */
const positionKey = (postgres: boolean): string =>
  postgres ? `'k' || k.ply::text || '-' || (s.i % k.m)::text` : `'k' || k.ply || '-' || (s.i % k.m)`;
/** The key of the `n`th position at `ply` (of positionKey's). */
const keyAt = (ply: number, n: number): string => `k${ply}-${n}`;

const QUERIES: [string, Omit<GamesDbQuery, 'limit'>][] = [
  ['everything, newest first', {}],
  ['a player', { players: ['p17'] }],
  ['a player against another', { players: ['p17', 'p18'] }],
  ['a player, wins, rated, blitz', { players: ['p17'], outcome: 'win', rated: true, speed: 'blitz' }],
  ['a game and speed', { game: 'hive', speed: 'rapid' }],
  ['a game, rating 2000–2100', { game: 'hex', minRating: 2000, maxRating: 2100 }],
  ['a game, an opening of two moves', { game: 'hive', opening: ['m1', 'm3'] }],
  ['a game, an opening of four moves', { game: 'hive', opening: ['m1', 'm3', 'm5', 'm7'] }],
  // An opening within a variant (the route's match=moves with options): the position its moves reach under the
  // variant's key, then the moves in order among its games (here the first move drawn apart from the second's position).
  [
    'a game, an opening of two moves within a variant',
    { game: 'hive', opening: ['m1', 'm3'], position: { variant: 'hive', key: keyAt(2, 3) } },
  ],
  [
    'a game, an opening of four moves within a variant',
    { game: 'hive', opening: ['m1', 'm3', 'm5', 'm7'], position: { variant: 'hive', key: keyAt(4, 7) } },
  ],
  ['a position: the start (every game of Hive)', { position: { variant: 'hive', key: keyAt(0, 0) } }],
  ['a position of the fourth ply (a game in 13)', { position: { variant: 'hive', key: keyAt(4, 5) } }],
  ['a rare position (a game in 100,003)', { position: { variant: 'hive', key: keyAt(9, 5) } }],
  ['a player, a position of the second ply', { players: ['p17'], position: { variant: 'hive', key: keyAt(2, 5) } }],
  ['a player, a rare position', { players: ['p17'], position: { variant: 'hive', key: keyAt(8, 5) } }],
  [
    'a position, a month, page 5',
    { position: { variant: 'hive', key: keyAt(1, 0) }, from: 1_700_000_000_000, to: 1_700_000_000_000 + GAMES * 30_000 },
  ],
  [
    'a month, draws, by time',
    { from: 1_700_000_000_000 + 300_000 * 60_000, to: 1_700_000_000_000 + 343_200 * 60_000, result: 'draw', termination: 'time' },
  ],
  ['a player, a date range, page 5', { players: ['p17'], from: 1_700_000_000_000, to: 1_700_000_000_000 + GAMES * 30_000 }],
];

async function timeQueries(name: string, store: GameStore): Promise<void> {
  console.log(`games database on ${name}, ${GAMES.toLocaleString('en')} games (20 a page, ${RUNS} runs each):`);
  const anchor: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await store.accounts.byKey(`nobody-${i}`);
    anchor.push(performance.now() - t);
  }
  console.log(`  anchor, an account read by its name (one row by a unique key): ${stat(anchor)}`);
  for (const [label, query] of QUERIES) {
    const times: number[] = [];
    const cpu: number[] = [];
    let found = 0;
    for (let i = 0; i < RUNS; i++) {
      const run = await timed(async () => {
        let page = await store.gamesDb.search({ ...query, limit: 20 });
        // The fifth page of a player's dates: four keyset steps, each from the last game seen.
        for (let p = 1; label.endsWith('page 5') && p < 5 && page.length > 0; p++) {
          const last = page[page.length - 1] as { createdAt: number; id: string };
          page = await store.gamesDb.search({ ...query, limit: 20, after: { createdAt: last.createdAt, id: last.id } });
        }
        found = page.length;
      });
      times.push(run.wall);
      cpu.push(run.cpu);
    }
    console.log(`  ${label}: ${againstTarget(`${name}, ${label}`, times, GAMES_QUERY_TARGET_MS)}${cpuTail(cpu)} (${found} on the page)`);
  }
}

async function benchGamesDb(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-bench-social-'));
  let postgres: TestPostgres | undefined;
  try {
    // Migrated by the store, filled through the database's own client, read through the store.
    await SqliteStore.inFolder(dir).close();
    let t = performance.now();
    const raw = new Database(path.join(dir, 'hexarena.sqlite'));
    raw.exec(fillSql(GAMES, false));
    raw.close();
    console.log(`SQLite filled in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const lite = SqliteStore.inFolder(dir);
    await timeQueries('SQLite', lite);
    await lite.close();
    try {
      postgres = await startPostgres();
    } catch (e) {
      console.log(`PostgreSQL could not start (${e instanceof Error ? e.message : String(e)}): its figures are left out`);
      return;
    }
    const url = await postgres.createDatabase();
    const pgStore = await PgStore.open(url);
    t = performance.now();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(fillSql(GAMES, true));
    // Vacuumed as well as analysed: a million games come over months, autovacuum passing over the
    // tables all the while, so their pages are all-visible and the searches' index-only scans read
    // no table. Straight after one bulk insert none is: PostgreSQL then reads the table for every
    // index entry and plans around it (a player and a position: all the player's rows by bitmap,
    // a probe of the position for each, then a sort, 9,339 pages and 57-180 ms, against a merge of
    // the two indexes' first entries, 325 pages and 4-30 ms, once vacuumed).
    await client.query('VACUUM ANALYZE');
    await client.end();
    console.log(`PostgreSQL filled and vacuumed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await timeQueries('PostgreSQL', pgStore);
    await pgStore.close();
  } finally {
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

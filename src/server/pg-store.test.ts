import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Client, post, startServer } from './online.testing.ts';
import { PgStore, pgPool } from './pg-store.ts';
import { pairAcrossInstances } from './pools.testing.ts';
import { sharedPostgres } from './postgres.testing.ts';
import { Room } from './room.ts';
import { RulesChanged } from './store.ts';
import { gameStoreContract } from './store-contract.testing.ts';

/** The PostgreSQL store against a real PostgreSQL, started by the project on loopback for these tests. */
const databases = sharedPostgres();

/** An empty database of its own for each test. */
const freshDatabase = () => databases.createDatabase();

// The contract is about what the store does: each of its tests opens a copy of a migrated database.
gameStoreContract('PostgreSQL', async () => PgStore.open(await databases.createMigratedDatabase()));

describe('a PostgreSQL store made by a newer hexarena', () => {
  it('is refused at open, in words, and left as it was', async () => {
    const url = await freshDatabase();
    const store = await PgStore.open(url);
    await store.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ v: number }>('SELECT max(version) AS v FROM schema_migrations');
      const known = rows[0]?.v ?? 0;
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [known + 1]);
      await expect(PgStore.open(url)).rejects.toThrow(`made by a newer hexarena (schema ${known + 1}; this one knows ${known})`);
      const after = await client.query<{ v: number }>('SELECT max(version) AS v FROM schema_migrations');
      expect(after.rows[0]?.v).toBe(known + 1);
    } finally {
      await client.end();
    }
  });
});

describe("the games database's tables on PostgreSQL", () => {
  it('are vacuumed as they grow (an insert-only table otherwise waits for a fifth of it to be new)', async () => {
    const url = await databases.createMigratedDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ relname: string; reloptions: string[] | null }>(
        "SELECT relname, reloptions FROM pg_class WHERE relname IN ('game_index', 'game_index_pairs', 'game_index_players', 'game_index_positions') ORDER BY relname",
      );
      expect(rows.map((r) => r.relname)).toEqual(['game_index', 'game_index_pairs', 'game_index_players', 'game_index_positions']);
      for (const row of rows) expect(row.reloptions, row.relname).toContain('autovacuum_vacuum_insert_scale_factor=0.01');
    } finally {
      await client.end();
    }
  });
});

describe('a PostgreSQL connection lost while in use', () => {
  it('fails what it was doing and the process goes on: no unhandled error (seen as an instance dying when PostgreSQL stopped)', async () => {
    const url = await freshDatabase();
    const pool = pgPool(url, 2);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // Its server end goes while the store holds it (as a transaction does): the client emits an error
      // on itself, which without a listener would end the process.
      const ended = new Promise((resolve) => client.once('end', resolve));
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      // Between two statements, as a transaction waits on the server's own work: nothing asked of it.
      await ended;
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release(true);
      // The pool goes on with a new connection.
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});

describe('PostgreSQL store across instances', () => {
  it('quick pairing on two instances: 200 players, the pairing instance dies; nobody paired twice or lost', async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([PgStore.open(url), PgStore.open(url)]);
    try {
      await pairAcrossInstances([a, b]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('instances starting together migrate once; two racing the same ply: exactly one wins, the other is told', async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([PgStore.open(url), PgStore.open(url)]);
    try {
      await a.games.create({ id: 'g', game: 'tictactoe', options: {}, seed: 's', seats: ['open', 'open'], clock: null, createdAt: 1 });
      for (let ply = 0; ply < 9; ply++) {
        const answers = await Promise.all([
          a.games.append('g', { ply, move: `a${ply}`, at: ply }, { deadline: null, due: null }),
          b.games.append('g', { ply, move: `b${ply}`, at: ply }, { deadline: null, due: null }),
        ]);
        expect(answers.filter((x) => x === null)).toHaveLength(1);
        expect(answers.filter((x) => x === 'ply-taken')).toHaveLength(1);
      }
      const [fromA, fromB] = [await a.games.read('g'), await b.games.read('g')];
      expect(fromA?.moves).toHaveLength(9);
      expect(fromB).toEqual(fromA);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('a game stored under other rules, on PostgreSQL', () => {
  it('is not replayed under today’s: loading it says so in words', async () => {
    const store = await PgStore.open(await freshDatabase());
    try {
      const base = {
        game: 'dicewars',
        options: { players: 2, map: 'small' },
        seed: 's',
        seats: ['open', 'open'],
        clock: null,
        createdAt: 1,
      };
      await store.games.create({ ...base, id: 'old', rulesVersion: 1 });
      await store.games.create({ ...base, id: 'now', rulesVersion: 2 });
      await expect(Room.load(store, 'old')).rejects.toThrow(
        /game old was played under DiceWars rules version 1, and this server plays version 2/,
      );
      await expect(Room.load(store, 'old')).rejects.toBeInstanceOf(RulesChanged);
      expect(await Room.load(store, 'now')).toBeInstanceOf(Room);
    } finally {
      await store.close();
    }
  });
});

describe('hexarena serve on PostgreSQL', () => {
  it('DATABASE_URL keeps the games there: killed with SIGKILL and started again, the game goes on', async () => {
    const url = await freshDatabase();
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-pg-serve-'));
    let server = await startServer(dir, { DATABASE_URL: url });
    try {
      const created = await post(server.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
      const id = created.json.id as string;
      const o = await post(server.base, `/api/games/${id}/seats/1`, {});
      const tokens = [created.json.token, o.json.token];
      let client = await Client.open(server.base, id);
      expect(await client.ask({ type: 'move', seat: 0, token: tokens[0], move: 'b2', version: 0 })).toMatchObject({ ok: true });
      await server.kill();
      server = await startServer(dir, { DATABASE_URL: url });
      const shown = await (await fetch(`${server.base}/api/games/${id}`)).json();
      expect(shown).toMatchObject({ version: 1, moves: ['b2'] });
      client = await Client.open(server.base, id, 1);
      expect(await client.ask({ type: 'move', seat: 1, token: tokens[1], move: 'a1', version: 1 })).toMatchObject({ ok: true });
      client.close();
      // The moves are in PostgreSQL.
      const store = await PgStore.open(url);
      expect((await store.games.read(id))?.moves.map((m) => m.move)).toEqual(['b2', 'a1']);
      await store.close();
    } finally {
      await server.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PgStore } from '../pg-store.ts';
import { sharedPostgres } from '../postgres.testing.ts';
import { SQLITE_FILE, SqliteStore } from '../sqlite-store.ts';
import type { GameStore } from '../store.ts';
import { orderedPair, pairsOf } from './games-pairs.ts';
import { migrations } from './migrations.ts';

/** The migration before the pairs (games-pairs.ts): a store at it has games in the database and no pairs. */
const BEFORE_PAIRS = 34;

describe('a pair of players, as kept', () => {
  it('is ordered by the ids’ bytes (as SQLite and PostgreSQL’s "C" compare them), whichever colour comes first', () => {
    expect(orderedPair('ann', 'Bob')).toEqual(['Bob', 'ann']);
    expect(orderedPair('Bob', 'ann')).toEqual(['Bob', 'ann']);
    // UTF-16 puts U+FF21 after U+1F600's first unit (0xD83D < 0xFF21); UTF-8 bytes put it before (EF < F0).
    expect(orderedPair('\u{1F600}', '\uFF21')).toEqual(['\uFF21', '\u{1F600}']);
  });

  it('is made for every two seats of a game, once each, an account in two seats a pair of itself', () => {
    expect(pairsOf(['ann', 'Bob'])).toEqual([['Bob', 'ann']]);
    expect(pairsOf(['cid', 'Dee', 'ann'])).toEqual([
      ['Dee', 'cid'],
      ['ann', 'cid'],
      ['Dee', 'ann'],
    ]);
    expect(pairsOf(['ann', 'Bob', 'ann'])).toEqual([
      ['Bob', 'ann'],
      ['ann', 'ann'],
    ]);
    expect(pairsOf(['ann'])).toEqual([]);
  });
});

/** Games in the database before migration 35, as the server wrote them: the game's row and one per seated account. */
const GAMES: { id: string; at: number; seats: string[]; winner: number | null }[] = [
  { id: 'u1', at: 100, seats: ['ann', 'Bob'], winner: 0 },
  { id: 'u2', at: 200, seats: ['Bob', 'ann'], winner: null },
  { id: 'u3', at: 300, seats: ['cid', 'Dee', 'ann'], winner: 2 },
  { id: 'u4', at: 400, seats: ['ann', 'ann'], winner: 1 },
  { id: 'u5', at: 400, seats: ['Dee', 'Bob'], winner: 0 },
  { id: 'u6', at: 500, seats: ['ann', 'Bob', 'ann'], winner: 1 },
];

const gamesSql = (): string =>
  GAMES.map(
    (g) =>
      `INSERT INTO game_index (game_id, game, created_at, speed, rated, termination, winner, draw, rating, opening)
       VALUES ('${g.id}', 'hex', ${g.at}, 'unlimited', 0, 'resignation', ${g.winner ?? 'NULL'}, ${g.winner === null ? 1 : 0}, NULL, 'a1');
     ${g.seats
       .map(
         (a, seat) =>
           `INSERT INTO game_index_players (account_id, created_at, game_id, seat, outcome)
            VALUES ('${a}', ${g.at}, '${g.id}', ${seat}, '${g.winner === null ? 'draw' : g.winner === seat ? 'win' : 'loss'}');`,
       )
       .join('\n')}`,
  ).join('\n');

/** The pairs the server writes at each game's end for the same games, as rows. */
const writtenPairs = (): string[] => GAMES.flatMap((g) => pairsOf(g.seats).map(([low, high]) => `${low}|${high}|${g.at}|${g.id}`)).sort();

/** What the search by two players finds among the games kept before the pairs were. */
async function searchesAfterUpgrade(store: GameStore): Promise<void> {
  const q = async (players: string[], outcome?: 'win' | 'loss' | 'draw') =>
    (await store.gamesDb.search({ players, limit: 10, ...(outcome ? { outcome } : {}) })).map((g) => g.id);
  expect(await q(['ann', 'Bob'])).toEqual(['u6', 'u2', 'u1']);
  expect(await q(['Bob', 'ann'])).toEqual(['u6', 'u2', 'u1']);
  // The outcome is the first player's, in any seat of theirs.
  expect(await q(['ann', 'Bob'], 'win')).toEqual(['u1']);
  expect(await q(['ann', 'Bob'], 'loss')).toEqual(['u6']);
  expect(await q(['Bob', 'ann'], 'win')).toEqual(['u6']);
  expect(await q(['Bob', 'ann'], 'draw')).toEqual(['u2']);
  expect(await q(['ann', 'ann'])).toEqual(['u6', 'u4']);
  expect(await q(['ann', 'ann'], 'win')).toEqual(['u4']);
  expect(await q(['ann', 'ann'], 'loss')).toEqual(['u6', 'u4']);
  expect(await q(['Dee', 'ann'])).toEqual(['u3']);
  expect(await q(['Bob', 'Dee'])).toEqual(['u5']);
  expect(await q(['Bob', 'cid'])).toEqual([]);
}

describe('migration 35 on a SQLite store with games', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-pairs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the pair of every two players of each game, as the server writes them, and the search by two players finds them', async () => {
    const db = new Database(path.join(dir, SQLITE_FILE));
    for (const [v, migration] of migrations('sqlite').slice(0, BEFORE_PAIRS).entries()) {
      db.exec(migration);
      db.pragma(`user_version = ${v + 1}`);
    }
    db.exec(gamesSql());
    db.close();
    const store = SqliteStore.inFolder(dir);
    try {
      await searchesAfterUpgrade(store);
    } finally {
      await store.close();
    }
    const read = new Database(path.join(dir, SQLITE_FILE), { readonly: true });
    try {
      const rows = read.prepare('SELECT account_low, account_high, created_at, game_id FROM game_index_pairs').all() as {
        account_low: string;
        account_high: string;
        created_at: number;
        game_id: string;
      }[];
      expect(rows.map((r) => `${r.account_low}|${r.account_high}|${r.created_at}|${r.game_id}`).sort()).toEqual(writtenPairs());
    } finally {
      read.close();
    }
  });
});

describe('migration 35 on a PostgreSQL store with games', () => {
  const databases = sharedPostgres();

  it('keeps the pair of every two players of each game in the ids’ byte order (not the database’s collation), and the search by two players finds them', async () => {
    // A database whose own collation puts "ann" before "Bob" (words, not bytes), as a server's may.
    const any = await databases.createDatabase();
    const admin = new pg.Client({ connectionString: any });
    await admin.connect();
    try {
      await admin.query(
        "CREATE DATABASE pairs_in_words TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8' LOCALE_PROVIDER icu ICU_LOCALE 'en'",
      );
    } finally {
      await admin.end();
    }
    const url = any.replace(/\/[^/]*$/, '/pairs_in_words');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect((await client.query<{ before: boolean }>("SELECT 'ann' < 'Bob' AS before")).rows[0]?.before).toBe(true);
      // As PgStore.open leaves a store at migration 34: its migrations, each recorded.
      await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)');
      for (const [v, migration] of migrations('postgres').slice(0, BEFORE_PAIRS).entries()) {
        await client.query(migration);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [v + 1]);
      }
      await client.query(gamesSql());
      const store = await PgStore.open(url);
      try {
        await searchesAfterUpgrade(store);
      } finally {
        await store.close();
      }
      const { rows } = await client.query<{ row: string }>(
        "SELECT account_low || '|' || account_high || '|' || created_at::text || '|' || game_id AS row FROM game_index_pairs",
      );
      expect(rows.map((r) => r.row).sort()).toEqual(writtenPairs());
    } finally {
      await client.end();
    }
  });
});

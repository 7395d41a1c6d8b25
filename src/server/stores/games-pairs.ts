import { sql } from 'kysely';
import type { GameId } from './game.ts';
import type { Db, Dialect } from './sql.ts';

/**
 * The games database's games by pair of players (docs/social.md): a row per pair of accounts who met
 * in a game, the pair ordered, under the game's date, so "a player against another" reads their
 * common games alone, newest first along one range of the key. Led by the first player's rows
 * instead, it read each of them (some 2,000 at a million games) to probe the second's key for each.
 *
 * The pair is ordered by the ids' UTF-8 bytes: SQLite's BINARY collation, and on PostgreSQL the
 * columns' "C" collation (its default one may put "b" before "C", and ids are mixed case), so the
 * order the server writes a pair in is the order migration 35 wrote the older games' pairs in, and
 * the order a search looks them up in. An account that held two seats of a game (a casual game
 * against themself) is a pair of itself.
 */

/** Migration 35: the pairs table, filled from the players of the games already in the database. */
export const gamesPairsMigration = (dialect: Dialect): string => {
  const postgres = dialect === 'postgres';
  const bytes = postgres ? ' COLLATE "C"' : '';
  return `CREATE TABLE game_index_pairs (
     account_low TEXT${bytes} NOT NULL,
     account_high TEXT${bytes} NOT NULL,
     created_at BIGINT NOT NULL,
     game_id TEXT NOT NULL,
     PRIMARY KEY (account_low, account_high, created_at, game_id)
   )${postgres ? '' : ' WITHOUT ROWID'};
   ${pairsFromPlayers(dialect)}${
     // Vacuumed as it grows, as migration 33 has the other tables of the games database (games-positions.ts says why).
     postgres
       ? '\n   ALTER TABLE game_index_pairs SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.01);'
       : ''
   }`;
};

/**
 * Every pair of the players' rows of a game, each once: two accounts in byte order, or one account
 * in two of its seats. Migration 35's filling, and the bench's (its games are made as rows of players).
 */
export const pairsFromPlayers = (dialect: Dialect): string => {
  const bytes = dialect === 'postgres' ? ' COLLATE "C"' : '';
  return `INSERT INTO game_index_pairs (account_low, account_high, created_at, game_id)
     SELECT DISTINCT a.account_id, b.account_id, a.created_at, a.game_id
     FROM game_index_players a
     JOIN game_index_players b ON b.game_id = a.game_id AND b.created_at = a.created_at
     WHERE a.account_id${bytes} < b.account_id${bytes} OR (a.account_id = b.account_id AND a.seat < b.seat);`;
};

/** Two ids by their UTF-8 bytes, as SQLite and PostgreSQL's "C" compare them (JavaScript's `<` compares UTF-16 units). */
const byBytes = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** Two players as their pair is kept: the lower id first. */
export function orderedPair(first: string, second: string): readonly [string, string] {
  return byBytes(first, second) <= 0 ? [first, second] : [second, first];
}

/** The pairs of a game's seated accounts (one a seat, in seat order), each once. */
export function pairsOf(accounts: readonly string[]): (readonly [string, string])[] {
  const seen = new Map<string, readonly [string, string]>();
  for (let i = 0; i < accounts.length; i++)
    for (let j = i + 1; j < accounts.length; j++) {
      const pair = orderedPair(accounts[i] as string, accounts[j] as string);
      seen.set(JSON.stringify(pair), pair);
    }
  return [...seen.values()];
}

/** A game's pairs under its date, inside the ending's write (or the backfill's): kept once if written twice. */
export async function insertPairs(trx: Db, id: GameId, createdAt: number, accounts: readonly string[]): Promise<void> {
  const pairs = pairsOf(accounts);
  if (pairs.length === 0) return;
  await trx
    .insertInto('game_index_pairs')
    .values(pairs.map(([low, high]) => ({ account_low: low, account_high: high, created_at: createdAt, game_id: id })))
    .onConflict((c) => c.columns(['account_low', 'account_high', 'created_at', 'game_id']).doNothing())
    .execute();
}

/**
 * Whether the first player's row of the pair's game came out as `outcome` for them (any of their
 * seats, as the search by their rows found it): one probe of their key per common game, as a
 * subquery with a LIMIT so a player of two seats finds the game once.
 */
export const firstPlayersOutcome = (account: string, outcome: string) =>
  sql<boolean>`(select p.game_id from game_index_players p where p.account_id = ${account} and p.created_at = pr.created_at and p.game_id = pr.game_id and p.outcome = ${outcome} limit 1) is not null`;

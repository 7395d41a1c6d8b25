import { HEARTBEATS } from '../downtime.ts';
import { ACCOUNT_LANGUAGE, ACCOUNTS, OWNED_BOTS } from '../identity/store.ts';
import { moderationMigration } from '../moderation/store.ts';
import { SOCIAL_MIGRATION } from '../social/store.ts';
import { TOURNAMENT_TABLES, TOURNAMENT_VERSIONS, TOURNAMENTS_MIGRATION } from '../tournaments/store.ts';
import { BERSERK_MIGRATION } from './berserks.ts';
import { GAME_CHAT_REMOVALS } from './chat.ts';
import { FORECASTS_MIGRATION } from './forecasts.ts';
import { REMATCH_OF } from './game.ts';
import { gamesDbMigration } from './games-db.ts';
import { gamesPairsMigration } from './games-pairs.ts';
import { gamesDbVacuumMigration, gamesPositionsMigration } from './games-positions.ts';
import type { Dialect } from './sql.ts';
import { TOURNAMENT_CHAT_MIGRATION, TOURNAMENT_CHAT_REMOVALS } from './tournament-chat.ts';

/**
 * Both stores' migrations, numbered and applied in order at open (sqlite-store.ts, pg-store.ts): the
 * same SQL for both databases but where they differ, said in one place each (`big`: SQLite's INTEGER
 * is PostgreSQL's BIGINT; SQLite's tables of moves and seats keep no row ids; JSON and random numbers).
 * A migration once shipped never changes: a new one goes at the end.
 */
export function migrations(dialect: Dialect): readonly string[] {
  const sqlite = dialect === 'sqlite';
  const big = sqlite ? 'INTEGER' : 'BIGINT';
  const noRowid = sqlite ? ' WITHOUT ROWID' : '';
  return [
    `CREATE TABLE games (
     id TEXT PRIMARY KEY,
     game TEXT NOT NULL,
     options TEXT NOT NULL,
     seed TEXT NOT NULL,
     seats TEXT NOT NULL,
     clock TEXT,
     created_at ${big} NOT NULL,
     ended_result TEXT,
     termination TEXT,
     deadline ${big}
   );
   CREATE TABLE moves (
     game_id TEXT NOT NULL REFERENCES games(id),
     ply INTEGER NOT NULL,
     move TEXT NOT NULL,
     at ${big} NOT NULL,
     PRIMARY KEY (game_id, ply)
   )${noRowid};
   CREATE TABLE seats (
     game_id TEXT NOT NULL REFERENCES games(id),
     seat INTEGER NOT NULL,
     token_hash TEXT NOT NULL,
     name TEXT,
     PRIMARY KEY (game_id, seat)
   )${noRowid};
   CREATE INDEX games_live ON games(created_at) WHERE termination IS NULL;`,
    // 2: bots, and a seat's games found by its token (a bot's token is its seats' token).
    `CREATE TABLE bots (
     token_hash TEXT PRIMARY KEY,
     name TEXT NOT NULL UNIQUE,
     created_at ${big} NOT NULL
   );
   CREATE INDEX seats_by_token ON seats(token_hash);`,
    // 3: the move count kept on the game (the version check), when the server must act next, and who
    // is acting. Every live game is looked at once after the upgrade.
    `ALTER TABLE games ADD COLUMN plies INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE games ADD COLUMN due ${big};
   ALTER TABLE games ADD COLUMN lease_owner TEXT;
   ALTER TABLE games ADD COLUMN lease_until ${big};
   UPDATE games SET plies = (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id);
   UPDATE games SET due = 0 WHERE termination IS NULL;
   CREATE INDEX games_due ON games(due) WHERE termination IS NULL;`,
    // 4: seats still open to a person, kept on the game, so the lobby reads the newest open games
    // from an index instead of counting every live game's seats.
    `ALTER TABLE games ADD COLUMN open_seats INTEGER NOT NULL DEFAULT 0;
   UPDATE games SET open_seats = (SELECT COUNT(*) FROM ${sqlite ? "json_each(games.seats) s WHERE s.value = 'open'" : "json_array_elements_text(games.seats::json) s WHERE s = 'open'"})
     - (SELECT COUNT(*) FROM seats c WHERE c.game_id = games.id);
   CREATE INDEX games_lobby ON games(created_at) WHERE termination IS NULL AND open_seats > 0;`,
    MOVE_CLIENT_IDS,
    BOT_NAMES_FOLDED,
    // 7: who made each game (an opaque key), so one address cannot fill the lobby, and the site's
    // secret for keying those hashes, made once here.
    `ALTER TABLE games ADD COLUMN creator TEXT;
   CREATE INDEX games_live_by_creator ON games(creator) WHERE termination IS NULL;
   CREATE TABLE site (name TEXT PRIMARY KEY, value TEXT NOT NULL);
   INSERT INTO site VALUES ('secret', ${sqlite ? 'lower(hex(randomblob(32)))' : "replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')"});`,
    REMATCHES_NOT_OPEN,
    DEPARTURES,
    RULES_VERSIONS,
    ACCOUNTS, // 11: identity/store.ts
    TABLE_MANNERS,
    OWNED_BOTS, // 13: identity/store.ts
    RATINGS,
    POOLS,
    SEEKS,
    CHALLENGES,
    REVIEWS,
    explorer(noRowid),
    PUZZLE_RATINGS,
    HEARTBEATS, // downtime.ts
    moderationMigration(sqlite ? 'INTEGER PRIMARY KEY AUTOINCREMENT' : 'BIGSERIAL PRIMARY KEY'),
    ...byConcern(dialect), // 23-37: each its concern's
  ];
}

/**
 * Migration 37, PostgreSQL's alone: a fifth of each page of the games table left free, so that a move's
 * update of its game's row (none of whose indexed columns it changes: see append-one.ts's untimedDue)
 * can put the new version beside the old one, a HOT update that writes no index entry. Pages written
 * from now on; SQLite rewrites rows in place and has no such setting.
 */
const liveRowsRoom = (dialect: Dialect): string => (dialect === 'postgres' ? 'ALTER TABLE games SET (fillfactor = 80);' : 'SELECT 1;');

/**
 * Migrations 23–37, each its concern's: 23 identity, 24 social, 25 games-db.ts, 26–27 tournaments,
 * 28 games-positions.ts, 29 forecasts.ts, 30 berserks.ts, 31–32 tournament-chat.ts, 33 games-positions.ts,
 * 34 chat.ts (a game's chat line removed by a moderator), 35 games-pairs.ts (games by pair of players),
 * 36 tournaments (an arena's tables of more than two), 37 the games table's free room (below).
 */
const byConcern = (dialect: Dialect): readonly string[] => [
  ACCOUNT_LANGUAGE,
  SOCIAL_MIGRATION,
  gamesDbMigration(dialect),
  TOURNAMENTS_MIGRATION,
  TOURNAMENT_VERSIONS,
  gamesPositionsMigration(dialect),
  FORECASTS_MIGRATION,
  BERSERK_MIGRATION,
  TOURNAMENT_CHAT_MIGRATION,
  TOURNAMENT_CHAT_REMOVALS,
  gamesDbVacuumMigration(dialect),
  GAME_CHAT_REMOVALS,
  gamesPairsMigration(dialect),
  TOURNAMENT_TABLES,
  liveRowsRoom(dialect),
];

/**
 * Migration 8 of both stores: a rematch's seats are kept for the players of the game it follows, so
 * none counts as open to the lobby (rematches filled its rows, each its own creator, and pushed
 * everyone's games out).
 */
const REMATCHES_NOT_OPEN = `UPDATE games SET open_seats = 0 WHERE creator LIKE '${REMATCH_OF}%';`;

/**
 * Migration 9 of both stores: the players who left a game of three or more that went on without
 * them, in order (a restart keeps who plays on), and their count on the game, which moves and
 * endings check as they check the move count.
 */
const DEPARTURES = `ALTER TABLE games ADD COLUMN departed INTEGER NOT NULL DEFAULT 0;
 CREATE TABLE departures (
   game_id TEXT NOT NULL REFERENCES games(id),
   n INTEGER NOT NULL,
   seat INTEGER NOT NULL,
   plies INTEGER NOT NULL,
   at BIGINT NOT NULL,
   termination TEXT NOT NULL,
   PRIMARY KEY (game_id, n),
   UNIQUE (game_id, seat)
 );`;

/**
 * Migration 10 of both stores: the version of the rules each game is played under. Games stored
 * before have none, and are taken to be under today's rules, as they were until now.
 */
const RULES_VERSIONS = 'ALTER TABLE games ADD COLUMN rules_version INTEGER;';

/** Migration 5 of both stores: the id a client gave each move, so its retry is acknowledged after a restart or on another instance. */
const MOVE_CLIENT_IDS = 'ALTER TABLE moves ADD COLUMN client_id TEXT;';

/**
 * Migration 6 of both stores: bot names are one whatever their case ("Randy" and "randy" would pass
 * for each other); of names registered twice before, the later ones take a suffix from their token's hash.
 */
const BOT_NAMES_FOLDED = `UPDATE bots SET name = name || '-' || substr(token_hash, 1, 6)
   WHERE EXISTS (SELECT 1 FROM bots b WHERE lower(b.name) = lower(bots.name)
     AND (b.created_at < bots.created_at OR (b.created_at = bots.created_at AND b.token_hash < bots.token_hash)));
 CREATE UNIQUE INDEX bots_name_folded ON bots (lower(name));`;

/** Migration 12, the same SQL in both stores: offers, takebacks, and each game's chat. */
const TABLE_MANNERS = `ALTER TABLE games ADD COLUMN offer TEXT;
   ALTER TABLE games ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE games ADD COLUMN undone_at INTEGER NOT NULL DEFAULT 0;
   CREATE TABLE chat (
     game_id TEXT NOT NULL REFERENCES games(id),
     n INTEGER NOT NULL,
     room TEXT NOT NULL,
     author TEXT NOT NULL,
     account_id TEXT,
     text TEXT NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (game_id, n)
   );
   CREATE INDEX chat_by_account ON chat(account_id);`;

/** Migration 14, the same SQL in both stores: rated games and players' ratings. */
const RATINGS = `ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE games ADD COLUMN rating_diffs TEXT;
   CREATE TABLE ratings (
     account_id TEXT NOT NULL,
     perf TEXT NOT NULL,
     rating DOUBLE PRECISION NOT NULL,
     deviation DOUBLE PRECISION NOT NULL,
     volatility DOUBLE PRECISION NOT NULL,
     games INTEGER NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (account_id, perf)
   );
   CREATE TABLE rating_history (
     account_id TEXT NOT NULL,
     perf TEXT NOT NULL,
     at BIGINT NOT NULL,
     rating DOUBLE PRECISION NOT NULL,
     game_id TEXT NOT NULL
   );
   CREATE INDEX rating_history_by_account ON rating_history(account_id, perf, at);`;

/** Migration 16, the same SQL in both stores: a rated seek's rating range. */
const SEEKS = 'ALTER TABLE games ADD COLUMN rating_range TEXT;';

/** Migration 18, the same SQL in both stores: finished games' computer reviews, kept with the game. */
const REVIEWS = `CREATE TABLE reviews (
     game_id TEXT PRIMARY KEY REFERENCES games(id),
     requester TEXT NOT NULL,
     requested_at BIGINT NOT NULL,
     total INTEGER NOT NULL,
     evaluations TEXT NOT NULL DEFAULT '[]',
     review TEXT
   );
   CREATE INDEX reviews_by_requester ON reviews(requester, requested_at);
   CREATE INDEX reviews_unfinished ON reviews(requested_at) WHERE review IS NULL;`;

/** Puzzle ratings (docs/puzzles.md): each player's per game, each puzzle's, and who tried what. */
const PUZZLE_RATINGS = `CREATE TABLE puzzle_players (
     account_id TEXT NOT NULL,
     game TEXT NOT NULL,
     rating DOUBLE PRECISION NOT NULL,
     deviation DOUBLE PRECISION NOT NULL,
     volatility DOUBLE PRECISION NOT NULL,
     rounds INTEGER NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (account_id, game)
   );
   CREATE TABLE puzzle_ratings (
     puzzle TEXT PRIMARY KEY,
     game TEXT NOT NULL,
     rating DOUBLE PRECISION NOT NULL,
     deviation DOUBLE PRECISION NOT NULL,
     volatility DOUBLE PRECISION NOT NULL,
     plays INTEGER NOT NULL
   );
   CREATE INDEX puzzle_ratings_by_game ON puzzle_ratings(game);
   CREATE TABLE puzzle_rounds (
     account_id TEXT NOT NULL,
     puzzle TEXT NOT NULL,
     game TEXT NOT NULL,
     win INTEGER NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (account_id, puzzle)
   );`;

/** Migration 15, the same SQL in both stores: players waiting in pools, and leases (one pairing site-wide). */
const POOLS = `CREATE TABLE pool_members (
     account_id TEXT PRIMARY KEY,
     pool TEXT NOT NULL,
     name TEXT NOT NULL,
     rating DOUBLE PRECISION NOT NULL,
     since BIGINT NOT NULL,
     misses INTEGER NOT NULL DEFAULT 0,
     seen_until BIGINT NOT NULL,
     game_id TEXT,
     seat INTEGER
   );
   CREATE INDEX pool_members_waiting ON pool_members(pool, since) WHERE game_id IS NULL;
   CREATE TABLE leases (name TEXT PRIMARY KEY, owner TEXT NOT NULL, until BIGINT NOT NULL);`;

/** Migration 17, the same SQL in both stores: challenges between players. */
const CHALLENGES = `CREATE TABLE challenges (
     id TEXT PRIMARY KEY,
     from_account TEXT NOT NULL,
     from_name TEXT NOT NULL,
     to_account TEXT NOT NULL,
     to_name TEXT NOT NULL,
     game TEXT NOT NULL,
     options TEXT NOT NULL,
     clock TEXT,
     rated INTEGER NOT NULL,
     seat INTEGER,
     created_at BIGINT NOT NULL,
     expires_at BIGINT NOT NULL,
     status TEXT NOT NULL,
     answered_at BIGINT,
     game_id TEXT
   );
   CREATE INDEX challenges_to ON challenges(to_account, created_at);
   CREATE INDEX challenges_from ON challenges(from_account, created_at);`;

/**
 * Migration 19 of both stores (18 is the computer reviews'): the opening explorer's index — per
 * variant, position key and move, the games and how they ended — and on each game whether the
 * explorer has looked at it (its ending counted, or found not to count). Games finished before are
 * not looked at: the server's start counts them (server/explorer-index.ts), resumably.
 */
const explorer = (tableOptions: string): string => `ALTER TABLE games ADD COLUMN explored INTEGER NOT NULL DEFAULT 0;
   CREATE INDEX games_unexplored ON games(created_at, id) WHERE termination IS NOT NULL AND explored = 0;
   CREATE TABLE explorer (
     variant TEXT NOT NULL,
     position TEXT NOT NULL,
     move TEXT NOT NULL,
     games INTEGER NOT NULL,
     first_wins INTEGER NOT NULL,
     draws INTEGER NOT NULL,
     second_wins INTEGER NOT NULL,
     PRIMARY KEY (variant, position, move)
   )${tableOptions};`;

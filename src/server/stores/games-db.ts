import { parseOutcome } from '@hexarena/engines/engine/record.ts';
import type { FoundGame } from '@hexarena/engines/protocol/games-db.ts';
import { speedOf } from '@hexarena/engines/ratings/perf.ts';
import { type Insertable, sql } from 'kysely';
import type { GameId } from './game.ts';
import { foundGame, type GamesQuery, plainFilters, reachedPosition, SHARED_PREFIX, type Upper, upperBound } from './games-db-query.ts';
import { firstPlayersOutcome, insertPairs, orderedPair } from './games-pairs.ts';
import {
  addPositions,
  type GamePositions,
  insertPositions,
  type PositionsOf,
  positionsWaiting,
  type WaitingGame,
} from './games-positions.ts';
import { type BestWin, type PlayerOutcome, type PlayerRecord, playerRecord } from './player-record.ts';
import type { Database } from './schema.ts';
import { compiledOnce, type Db, type Dialect, type SqlDb } from './sql.ts';

export type { GamePositions, PositionsOf, WaitingGame };

/**
 * The games database (docs/social.md): every finished game (aborted ones aside) as one row of what
 * it is searched by — its game, date, speed, whether rated, how it ended, its players' mean rating,
 * its first moves — and a row per player with how it came out for them. Written in the write that
 * ends a game (stores/ending.ts), so the database is always in step with the games; games finished
 * before it existed are added by `backfill`, resumably. Paged by keyset: newest first, each page after
 * the last game of the one before.
 */

/** The moves kept as a game's opening, searched by prefix. */
export const OPENING_MOVES = 8;

export type { BestWin, FoundGame, GamesQuery, PlayerOutcome, PlayerRecord };

export interface GamesDbStore {
  search(query: GamesQuery): Promise<FoundGame[]>;
  /**
   * A player's record over their latest `window` finished games (their own rows, in date order: a
   * read as long as the window however many games they played), with their `best` best wins.
   */
  record(account: string, window: number, best: number): Promise<PlayerRecord>;
  /**
   * Adds up to `batch` of the games finished before the database existed, oldest first, from where
   * the last call stopped (kept in the store); the number added, 0 once none is left.
   */
  backfill(batch: number): Promise<number>;
  /**
   * Up to `batch` of the games of `games` finished before their positions were indexed (before
   * migration 28), oldest first, from where `addPositions` last stopped; none once all are.
   */
  positionsWaiting(games: readonly string[], batch: number): Promise<WaitingGame[]>;
  /**
   * Indexes the positions of games `positionsWaiting` named (null: none to index) and moves its
   * place past the last of them, in one write: resumable, and a game indexed twice (its end wrote it
   * meanwhile) is kept once. `done`: nothing is left to index, the place is closed.
   */
  addPositions(games: readonly PositionsOf[], done: boolean): Promise<void>;
}

/** The games database's tables, both stores; on PostgreSQL the opening compared byte by byte, as a prefix is. */
export const gamesDbMigration = (dialect: Dialect): string => {
  const bytes = dialect === 'postgres' ? ' COLLATE "C"' : '';
  return `CREATE TABLE game_index (
     game_id TEXT PRIMARY KEY,
     game TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     speed TEXT NOT NULL,
     rated INTEGER NOT NULL,
     termination TEXT NOT NULL,
     winner INTEGER,
     draw INTEGER NOT NULL,
     rating INTEGER,
     opening TEXT${bytes} NOT NULL
   );
   CREATE INDEX game_index_by_date ON game_index(created_at, game_id);
   CREATE INDEX game_index_by_game ON game_index(game, created_at, game_id);
   CREATE INDEX game_index_by_opening ON game_index(game, opening);
   CREATE TABLE game_index_players (
     account_id TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     game_id TEXT NOT NULL,
     seat INTEGER NOT NULL,
     outcome TEXT,
     PRIMARY KEY (account_id, created_at, game_id, seat)
   );
   CREATE INDEX game_index_players_by_game ON game_index_players(game_id);
   INSERT INTO site VALUES ('games-index-backfill', '');`;
};

/**
 * A player who held two seats of one game (a casual game against themself) has a row for each: the
 * game is found by the first of them that matches, once, not once a seat. A probe of the same key.
 */
const firstSeatFound = (account: string, outcome: string | undefined) =>
  sql<boolean>`not exists (select 1 from game_index_players p2 where p2.account_id = ${account} and p2.created_at = p.created_at and p2.game_id = p.game_id and p2.seat < p.seat${
    outcome === undefined ? sql`` : sql` and p2.outcome = ${outcome}`
  })`;

/**
 * What the games database keeps of a game, as the games table holds it once ended, with its opening
 * (its first moves, spaced) and its seated accounts (a JSON list of [seat, account]; null or [] when
 * none): the end's own statement returns it (endedColumns), so the end reads nothing back.
 */
export interface EndedRow {
  readonly game: string;
  readonly clock: string | null;
  readonly created_at: number | bigint | string;
  readonly rated: number;
  readonly termination: string | null;
  readonly ended_result: string | null;
  readonly opening: string | null;
  readonly players: string | null;
}

/**
 * The columns of an EndedRow, for a select of the games table or an update's RETURNING: the opening
 * and the accounts as subqueries, in each dialect's aggregates (both order within the aggregate).
 */
export function endedColumns(dialect: Dialect) {
  const joined = sql.raw(dialect === 'postgres' ? 'string_agg' : 'group_concat');
  const opening = sql<string | null>`(select ${joined}(m.move, ' ' order by m.ply) from moves m
    where m.game_id = games.id and m.ply < ${sql.lit(OPENING_MOVES)})`;
  const listed = sql.raw(
    dialect === 'postgres'
      ? 'json_agg(json_build_array(s.seat, s.account_id) order by s.seat)::text'
      : 'json_group_array(json_array(s.seat, s.account_id) order by s.seat)',
  );
  const players = sql<string | null>`(select ${listed} from seats s where s.game_id = games.id and s.account_id is not null)`;
  return ['game', 'clock', 'created_at', 'rated', 'termination', 'ended_result', opening.as('opening'), players.as('players')] as const;
}

// A game's row as the games database keeps it, for the backfill: compiled once a dialect (stores/sql.ts).
const endedGames = {
  sqlite: compiledOnce((db, v: { id: GameId }) => db.selectFrom('games').select(endedColumns('sqlite')).where('id', '=', v.id)),
  postgres: compiledOnce((db, v: { id: GameId }) => db.selectFrom('games').select(endedColumns('postgres')).where('id', '=', v.id)),
};
type IndexValues = Insertable<Database['game_index']>;
const insertIndexRow = compiledOnce((db, v: IndexValues) =>
  db
    .insertInto('game_index')
    .values(v)
    .onConflict((c) => c.column('game_id').doNothing()),
);
type IndexPlayer = Insertable<Database['game_index_players']>;
const insertIndexPlayer = compiledOnce((db, v: IndexPlayer) =>
  db
    .insertInto('game_index_players')
    .values(v)
    .onConflict((c) => c.columns(['account_id', 'created_at', 'game_id', 'seat']).doNothing()),
);

/** The row of a game, as the end writes it (what the games table, its seats and moves hold), and its positions when given. */
async function indexRow(
  trx: Db,
  id: GameId,
  g: EndedRow | undefined,
  ratingsBefore: readonly number[] | null,
  positions: GamePositions | null = null,
): Promise<void> {
  if (!g || g.termination === null || g.termination === 'aborted') return;
  const seats = (JSON.parse(g.players ?? '[]') as [number, string][]).map(([seat, account]) => ({ seat, account_id: account }));
  const outcome = parseOutcome(JSON.parse(g.ended_result ?? 'null'));
  const ended = outcome.ok ? outcome.value : null;
  const winner = ended?.kind === 'win' && ended.ranking === undefined ? ended.winner : null;
  const draw = ended?.kind === 'draw';
  const clock = g.clock === null ? null : (JSON.parse(g.clock) as Parameters<typeof speedOf>[0] | null);
  const rating =
    ratingsBefore && ratingsBefore.length > 0 ? Math.round(ratingsBefore.reduce((a, b) => a + b, 0) / ratingsBefore.length) : null;
  const createdAt = Number(g.created_at);
  await insertIndexRow(trx, {
    game_id: id,
    game: g.game,
    created_at: createdAt,
    speed: clock ? speedOf(clock) : 'unlimited',
    rated: g.rated,
    termination: g.termination,
    winner,
    draw: draw ? 1 : 0,
    rating,
    opening: g.opening ?? '',
  });
  const accounts: string[] = [];
  for (const s of seats) {
    const how = draw ? 'draw' : winner === null ? null : winner === s.seat ? 'win' : 'loss';
    await insertIndexPlayer(trx, { account_id: s.account_id, created_at: createdAt, game_id: id, seat: s.seat, outcome: how });
    accounts.push(s.account_id);
  }
  await insertPairs(trx, id, createdAt, accounts);
  if (positions) await insertPositions(trx, id, createdAt, positions);
}

/**
 * Adds the game just ended to the database, inside the ending's write; `ratingsBefore`, a rated
 * game's players' ratings read for it; `positions`, its positions as the explorer keys them (null: a
 * game the explorer does not key); `row`, the games table's row as the end wrote it (endedColumns).
 */
export const indexEnded = (
  trx: Db,
  id: GameId,
  ratingsBefore: readonly number[] | null,
  positions: GamePositions | null,
  row: EndedRow,
): Promise<void> => indexRow(trx, id, row, ratingsBefore, positions);

export class GamesDbSql implements GamesDbStore {
  constructor(private readonly sql: SqlDb) {}

  async search(q: GamesQuery): Promise<FoundGame[]> {
    const rows = await this.sql.read((db) => {
      let query = db
        .selectFrom('game_index as g')
        .select([
          'g.game_id',
          'g.game',
          'g.created_at',
          'g.speed',
          'g.rated',
          'g.termination',
          'g.winner',
          'g.draw',
          'g.rating',
          'g.opening',
        ]);
      const [first, second] = q.players ?? [];
      // Two players: their common games alone, from the pair's rows (games-pairs.ts), newest first along
      // one range of its key; the first player's outcome probed by their key for each of those games.
      const pair = first !== undefined && second !== undefined ? orderedPair(first, second) : undefined;
      if (pair !== undefined)
        query = query
          .innerJoin('game_index_pairs as pr', (j) =>
            j.onRef('pr.game_id', '=', 'g.game_id').on('pr.account_low', '=', pair[0]).on('pr.account_high', '=', pair[1]),
          )
          .$if(q.outcome !== undefined, (w) => w.where(firstPlayersOutcome(first as string, q.outcome as string)));
      else if (first !== undefined)
        query = query
          .innerJoin('game_index_players as p', (j) => j.onRef('p.game_id', '=', 'g.game_id').on('p.account_id', '=', first))
          .$if(q.outcome !== undefined, (w) => w.where('p.outcome', '=', q.outcome as string))
          .where(firstSeatFound(first, q.outcome));
      // The rows the players' filters lead by: the pair's, or the player's (each in date order within the player's key).
      const lead = pair !== undefined ? 'pr' : 'p';
      // A position's games in date order along its index, each met by id alone (games-positions.ts says why);
      // with a player, their rows lead, each meeting the position's by its whole key.
      const within = q.position !== undefined && q.opening !== undefined && q.opening.length > 0 ? q.position : undefined;
      const position = within === undefined ? q.position : undefined;
      if (within !== undefined) query = query.where(reachedPosition(within));
      if (position !== undefined)
        query = query.innerJoin('game_index_positions as x', (j) => {
          const on = j.on('x.variant', '=', position.variant).on('x.position', '=', position.key).onRef('x.game_id', '=', 'g.game_id');
          return first === undefined ? on : on.on('x.created_at', '=', sql.ref<number>(`${lead}.created_at`));
        });
      // Ordered by the players' rows when a player is named (their index is in date order), else by the
      // position's (its games in date order), else by the games'.
      const by = first !== undefined ? lead : position !== undefined ? 'x' : 'g';
      const at = sql.ref<number>(`${by}.created_at`);
      const gameId = sql.ref<string>(`${by}.game_id`);
      const upper = upperBound(q.to, q.after);
      return query
        .where((e) => e.and(plainFilters(q).map(([column, op, value]) => e(column, op, value))))
        .$if(q.from !== undefined, (w) => w.where(at, '>=', q.from as number))
        .$if(q.opening !== undefined && q.opening.length > 0, (w) => {
          const moves = q.opening as string[];
          const prefix = moves.join(' ');
          // A prefix as a range: the whole opening, or the moves it begins with. A long prefix is found
          // through the openings' index (few games share it); a short one, shared by many, is read in
          // date order and filtered (the opening as an expression no index offers), so a page of the
          // newest is found without sorting thousands.
          const opening = moves.length > SHARED_PREFIX ? sql.ref<string>('g.opening') : sql<string>`(g.opening || '')`;
          return w.where((e) => e.or([e(opening, '=', prefix), e.and([e(opening, '>=', `${prefix} `), e(opening, '<', `${prefix}!`)])]));
        })
        .$if(upper !== undefined, (w) =>
          w.where(sql<boolean>`(${at}, ${gameId}) < (${(upper as Upper).createdAt}, ${(upper as Upper).id})`),
        )
        .orderBy(at, 'desc')
        .orderBy(gameId, 'desc')
        .limit(q.limit)
        .execute();
    });
    const names = await this.seatNames(rows.map((r) => r.game_id));
    return rows.map((r) => foundGame(r, names.get(r.game_id) ?? []));
  }

  record(account: string, window: number, best: number): Promise<PlayerRecord> {
    return playerRecord(this.sql, account, window, best);
  }

  /** Per game, the name each seat was played under. */
  private async seatNames(ids: readonly string[]): Promise<Map<string, (string | null)[]>> {
    const names = new Map<string, (string | null)[]>();
    if (ids.length === 0) return names;
    const seats = await this.sql.read((db) =>
      db
        .selectFrom('seats')
        .select(['game_id', 'seat', 'name'])
        .where('game_id', 'in', [...ids])
        .execute(),
    );
    for (const s of seats) {
      const list = names.get(s.game_id) ?? [];
      list[s.seat] = s.name;
      names.set(s.game_id, list);
    }
    return names;
  }

  backfill(batch: number): Promise<number> {
    return this.sql.write(async (trx) => {
      const cursor = await trx.selectFrom('site').select('value').where('name', '=', 'games-index-backfill').executeTakeFirst();
      if (!cursor || cursor.value === 'done') return 0;
      const [atText, id] = cursor.value === '' ? ['-1', ''] : (cursor.value.split('/') as [string, string]);
      const from = Number(atText);
      const games = await trx
        .selectFrom('games')
        .select(['id', 'created_at'])
        .where('termination', 'is not', null)
        .where((e) => e.or([e('created_at', '>', from), e.and([e('created_at', '=', from), e('id', '>', id)])]))
        .orderBy('created_at')
        .orderBy('id')
        .limit(batch)
        .execute();
      const ended = endedGames[this.sql.dialect];
      for (const g of games)
        await indexRow(trx, g.id, (await ended(trx, { id: g.id })).rows[0] as EndedRow | undefined, await ratingsBeforeOf(trx, g.id));
      const last = games[games.length - 1];
      await trx
        .updateTable('site')
        .set({ value: last && games.length === batch ? `${Number(last.created_at)}/${last.id}` : 'done' })
        .where('name', '=', 'games-index-backfill')
        .execute();
      return games.length;
    });
  }
  positionsWaiting(games: readonly string[], batch: number): Promise<WaitingGame[]> {
    return positionsWaiting(this.sql, games, batch);
  }

  addPositions(games: readonly PositionsOf[], done: boolean): Promise<void> {
    return addPositions(this.sql, games, done);
  }
}

/** A rated game's players' ratings before it, from the history its end wrote (rating less its change). */
async function ratingsBeforeOf(trx: Db, id: GameId): Promise<number[] | null> {
  const points = await trx
    .selectFrom('rating_history')
    .select([sql<number>`rating - coalesce(delta, 0)`.as('before')])
    .where('game_id', '=', id)
    .execute();
  return points.length > 0 ? points.map((p) => Number(p.before)) : null;
}

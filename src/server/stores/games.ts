import { type ExpressionBuilder, type QueryCreator, sql } from 'kysely';
import { appendOne } from './append-one.ts';
import { markBerserk } from './berserks.ts';
import type { CreatorTallies } from './creator-tallies.ts';
import { type EndingStore, endGame, type GameEnding, type RATINGS_CHANGED } from './ending.ts';
import {
  type AfterMove,
  type AppendRefusal,
  type Berserk,
  type Departure,
  type GameId,
  type NewGame,
  newGameValues,
  type Offer,
  type StoredGame,
  type StoredMove,
} from './game.ts';
import { hydrate } from './game-rows.ts';
import { PgAppends } from './pg-appends.ts';
import type { Database } from './schema.ts';
import { compiledOnce, type Db, type Dialect, rowsChanged, type SqlDb } from './sql.ts';

/**
 * Games and their moves as they are played: made, read, moved in, sat down at, offered, taken back,
 * left, and claimed by the instance that acts in them. A move is appended at a ply and fails if that
 * ply exists: the move count (with the departures and takebacks) is what decides races between writers.
 */
export interface GamesStore extends EndingStore {
  create(game: NewGame): Promise<void>;
  read(id: GameId): Promise<StoredGame | null>;
  /**
   * Appends `move` as ply `move.ply`, which must be the next (else `ply-taken`: another writer got
   * there first), with the deadline and due time that follow it, in one transaction: all of it is
   * stored or none. The game's claim becomes `after.claim` (none by default). Resolves once durable.
   */
  append(id: GameId, move: StoredMove, after: AfterMove): Promise<AppendRefusal | null>;
  /**
   * Claims seat `seat` with a token hash, in a game not yet over; false when it was taken or the game
   * has ended. `due`, when given, becomes the game's due time in the same write (a timed game's last
   * seat taken: its AI to move moves at once). `account`, when given, is who holds it from now on.
   * `owner`, when given (a rated game), refuses the seat while that owning account (ownerOf) holds
   * another of the game's, by itself or a bot of its own: decided in the write, so two claims at once
   * cannot both win.
   */
  claimSeat(
    id: GameId,
    seat: number,
    tokenHash: string,
    name: string | null,
    due?: number,
    account?: string,
    owner?: string,
  ): Promise<boolean>;
  /**
   * Sets (or clears, with null) the game's standing offer, if it still has `plies` moves and
   * `undone` taken back and goes on; false otherwise.
   */
  setOffer(id: GameId, offer: Offer | null, plies: number, undone: number): Promise<boolean>;
  /**
   * Takes the game back to its first `toPly` moves (the moves after go), if it has `plies` moves and
   * `undone` taken back and goes on; the offer is cleared and the deadline and due time set anew.
   */
  takeBack(
    id: GameId,
    toPly: number,
    plies: number,
    undone: number,
    after: { deadline: number | null; due: number | null },
  ): Promise<boolean>;
  /**
   * Records that a player left the game, which goes on without them: only at `departure.plies` moves
   * and after exactly `departed` departures (else another writer changed the game first), once a
   * seat, never once the game has ended. `due`, when given, becomes the game's due time in the same
   * write (the seat that left is to move: the server passes for it at once). False when refused.
   */
  depart(id: GameId, departure: Departure, departed: number, due?: number): Promise<boolean>;
  /**
   * Marks the game's berserks as `marks` (stores/berserks.ts), if it has `plies` moves and the marks
   * `before` and goes on, with the deadline and due time that follow; false otherwise.
   */
  berserk(
    id: GameId,
    marks: readonly Berserk[],
    plies: number,
    before: readonly Berserk[],
    after: { deadline: number | null; due: number | null },
  ): Promise<boolean>;
  /**
   * Claims the right to act for the server in a game at `plies` moves (an AI's move, a flag) until
   * `until`: true for one claimant at a time; `owner` may renew its own claim. False when another
   * holds it, the game moved on or ended.
   */
  claim(id: GameId, plies: number, owner: string, until: number, now: number): Promise<boolean>;
  /**
   * Claims, for `owner` until `until`, up to `limit` live games whose due time has come and that nobody
   * else holds (instances sweeping together each get different games); their ids.
   */
  claimDue(owner: string, until: number, now: number, limit: number): Promise<GameId[]>;
  /** The server looked at the game at `plies` moves and had nothing to do: next at `due`; `owner`'s claim released. */
  settle(id: GameId, plies: number, owner: string, due: number | null): Promise<void>;
}

const changed = (r: { numUpdatedRows: bigint }): boolean => r.numUpdatedRows > 0n;

export class GamesSql implements GamesStore {
  /** PostgreSQL's moves of a tick in one statement; SQLite's share the tick's transaction already. */
  private readonly pgAppends: PgAppends | null;

  constructor(
    private readonly sql: SqlDb,
    /** Each creator's live games, moved on after the writes that change them commit (SQLite); null on PostgreSQL. */
    private readonly tallies: CreatorTallies | null = null,
  ) {
    this.pgAppends = sql.dialect === 'postgres' ? new PgAppends(sql) : null;
  }

  /**
   * A write of one statement: on SQLite with the tick's other writes; on PostgreSQL a statement is its
   * own transaction, so it goes alone, without the round trips of BEGIN and COMMIT.
   */
  private statement<T>(op: (db: Db) => Promise<T>): Promise<T> {
    return this.sql.dialect === 'postgres' ? this.sql.read(op) : this.sql.write(op);
  }

  async create(game: NewGame): Promise<void> {
    const row = newGameValues(game);
    await this.statement((db) => insertGame(db, row));
    this.tallies?.made(row);
  }

  read(id: GameId): Promise<StoredGame | null> {
    return this.sql.read(async (db) => {
      const row = await db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? ((await hydrate(db, [row]))[0] ?? null) : null;
    });
  }

  async end(id: GameId, ending: GameEnding): Promise<boolean | typeof RATINGS_CHANGED> {
    const ended = await endGame(this.sql, id, ending);
    if (ended === true) this.tallies?.ended(id);
    return ended;
  }

  append(id: GameId, move: StoredMove, after: AfterMove): Promise<AppendRefusal | null> {
    if (this.pgAppends) return this.pgAppends.append(id, move, after);
    return this.sql.write((trx) => appendOne(trx, id, move, after));
  }

  async claimSeat(
    id: GameId,
    seat: number,
    tokenHash: string,
    name: string | null,
    due?: number,
    account?: string,
    owner?: string,
  ): Promise<boolean> {
    const claim = { id, seat, tokenHash, name, account: account ?? null, owner: owner ?? null };
    const filling = { id, seat, place: `$[${seat}]`, due: due ?? null };
    const setsDue = due === undefined ? 0 : 1;
    // PostgreSQL: a claim not by an owner is one statement (the seat, then the game's count, in one
    // CTE): one round trip where a transaction of two took four.
    const claimed =
      owner === undefined && this.sql.dialect === 'postgres'
        ? await this.sql.read(async (db) => (await seatClaimsAndFillings[setsDue](db, { ...claim, ...filling })).rows.length > 0)
        : await this.sql.write(async (trx) => {
            // One owner's claims of a game's seats, one at a time: on PostgreSQL the game's row is locked
            // first, so the insert (with a snapshot of its own) sees a seat another instance just took;
            // SQLite has one writer.
            if (owner !== undefined && this.sql.dialect === 'postgres')
              await trx.selectFrom('games').select('id').where('id', '=', id).forUpdate().execute();
            // Only in a game still on: an ended game's seats are its record's players.
            if (rowsChanged(await (owner === undefined ? claimSeat : claimOwnersSeat)(trx, claim)) === 0) return false;
            await seatFillings[this.sql.dialect][setsDue](trx, filling);
            return true;
          });
    if (claimed) this.tallies?.seatFilled(id, seat);
    return claimed;
  }

  setOffer(id: GameId, offer: Offer | null, plies: number, undone: number): Promise<boolean> {
    return this.statement((db) =>
      db
        .updateTable('games')
        .set({ offer: offer ? JSON.stringify(offer) : null })
        .where('id', '=', id)
        .where('plies', '=', plies)
        .where('undone', '=', undone)
        .where('termination', 'is', null)
        .executeTakeFirst()
        .then(changed),
    );
  }

  takeBack(
    id: GameId,
    toPly: number,
    plies: number,
    undone: number,
    after: { deadline: number | null; due: number | null },
  ): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const counted = await trx
        .updateTable('games')
        .set((e) => ({ plies: toPly, undone: e('undone', '+', plies - toPly + 1), undone_at: toPly, offer: null }))
        .set({ deadline: after.deadline, due: after.due, lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .where('plies', '=', plies)
        .where('undone', '=', undone)
        .where('termination', 'is', null)
        .executeTakeFirst();
      if (!changed(counted)) return false;
      await trx.deleteFrom('moves').where('game_id', '=', id).where('ply', '>=', toPly).execute();
      return true;
    });
  }

  depart(id: GameId, departure: Departure, departed: number, due?: number): Promise<boolean> {
    return this.sql.write(async (trx) => {
      // The count decides, as the move count does for moves: the game's row is updated (and, on
      // PostgreSQL, locked) only at the count the room saw; a second writer finds it moved on.
      const counted = await trx
        .updateTable('games')
        .set((e) => ({ departed: e('departed', '+', 1) }))
        .$if(due !== undefined, (q) => q.set({ due: due as number }))
        .where('id', '=', id)
        .where('plies', '=', departure.plies)
        .where('departed', '=', departed)
        .where('termination', 'is', null)
        .where((e) =>
          e.not(e.exists(e.selectFrom('departures').select('seat').where('game_id', '=', id).where('seat', '=', departure.seat))),
        )
        .executeTakeFirst();
      if (!changed(counted)) return false;
      const { seat, plies, at, termination } = departure;
      await trx.insertInto('departures').values({ game_id: id, n: departed, seat, plies, at, termination }).execute();
      return true;
    });
  }

  berserk(
    id: GameId,
    marks: readonly Berserk[],
    plies: number,
    before: readonly Berserk[],
    after: { deadline: number | null; due: number | null },
  ): Promise<boolean> {
    return markBerserk(this.sql, id, marks, plies, before, after);
  }

  claim(id: GameId, plies: number, owner: string, until: number, now: number): Promise<boolean> {
    return this.statement((db) =>
      db
        .updateTable('games')
        .set({ lease_owner: owner, lease_until: until })
        .where('id', '=', id)
        .where('plies', '=', plies)
        .where('termination', 'is', null)
        .where((e) => e.or([e('lease_until', 'is', null), e('lease_until', '<', now), e('lease_owner', '=', owner)]))
        .executeTakeFirst()
        .then(changed),
    );
  }

  claimDue(owner: string, until: number, now: number, limit: number): Promise<GameId[]> {
    return this.sql.write(async (trx) => {
      const due = await trx
        .selectFrom('games')
        .select('id')
        .where('termination', 'is', null)
        .where('due', '<=', now)
        .where((e) => e.or([e('lease_until', 'is', null), e('lease_until', '<', now), e('lease_owner', '=', owner)]))
        .orderBy('due')
        .limit(limit)
        // Rows another instance is claiming right now are skipped, not waited for: each sweeper takes
        // different games, and none blocks on another (SQLite's one writer needs no lock).
        .$if(this.sql.dialect === 'postgres', (q) => q.forUpdate().skipLocked())
        .execute();
      const ids = due.map((g) => g.id);
      if (ids.length > 0) await trx.updateTable('games').set({ lease_owner: owner, lease_until: until }).where('id', 'in', ids).execute();
      return ids;
    });
  }

  async settle(id: GameId, plies: number, owner: string, due: number | null): Promise<void> {
    await this.statement((db) =>
      db
        .updateTable('games')
        .set({ due, lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .where('plies', '=', plies)
        .where('termination', 'is', null)
        .where('lease_owner', '=', owner)
        .execute(),
    );
  }
}

/**
 * The seats of game `id` held by `owner` (an account), by itself or by a bot of its own (by the bot's
 * account, or its token): what a rated game refuses a second seat to.
 */
function ownerSeated(e: ExpressionBuilder<Database, 'games'>, id: GameId, owner: string) {
  const theirs = (a: ExpressionBuilder<Database, 'accounts'>) => a.or([a('accounts.id', '=', owner), a('accounts.owner_id', '=', owner)]);
  return e
    .selectFrom('seats as s')
    .select('s.seat')
    .where('s.game_id', '=', id)
    .where((s) =>
      s.or([
        s('s.account_id', 'in', s.selectFrom('accounts').select('accounts.id').where(theirs)),
        s(
          's.token_hash',
          'in',
          s.selectFrom('bots').innerJoin('accounts', 'accounts.id', 'bots.account_id').select('bots.token_hash').where(theirs),
        ),
      ]),
    );
}

type SeatClaim = {
  readonly id: GameId;
  readonly seat: number;
  readonly tokenHash: string;
  readonly name: string | null;
  readonly account: string | null;
  readonly owner: string | null;
};
/** A seat taken in a game still on (one owner's seats one at a time, when `byOwner`). */
const seatClaimQuery = (db: QueryCreator<Database>, v: SeatClaim, byOwner: boolean) =>
  db
    .insertInto('seats')
    .columns(['game_id', 'seat', 'token_hash', 'name', 'account_id'])
    .expression((e) =>
      e
        .selectFrom('games')
        .select([
          'id',
          e.cast<number>(e.val(v.seat), 'integer').as('seat'),
          e.val(v.tokenHash).as('token_hash'),
          e.val(v.name).as('name'),
          e.val(v.account).as('account_id'),
        ])
        .where('id', '=', v.id)
        .where('termination', 'is', null)
        .$if(byOwner, (q) => q.where((g) => g.not(g.exists(ownerSeated(g, v.id, v.owner as string))))),
    )
    .onConflict((c) => c.doNothing());
/** seatClaimQuery compiled once a shape. */
const seatClaim = (byOwner: boolean) => compiledOnce((db, v: SeatClaim) => seatClaimQuery(db, v, byOwner));
const claimSeat = seatClaim(false);
const claimOwnersSeat = seatClaim(true);

const insertGame = compiledOnce((db, v: ReturnType<typeof newGameValues>) => db.insertInto('games').values(v));

type SeatFilled = { readonly id: GameId; readonly seat: number; readonly place: string; readonly due: number | null };
/** The seat's place in the game's JSON list of seats: "open", or an AI's level. */
const seatKindOf = (dialect: Dialect, v: SeatFilled) =>
  dialect === 'postgres' ? sql<string>`(seats::json ->> ${v.seat}::int)` : sql<string>`json_extract(seats, ${v.place})`;
/** A game's count of open seats, one fewer when the seat taken was open to people (not an AI's). */
const openSeatsAfter = (dialect: Dialect, v: SeatFilled) =>
  sql<number>`CASE WHEN open_seats > 0 AND ${seatKindOf(dialect, v)} = 'open' THEN open_seats - 1 ELSE open_seats END`;
/** The game's count after a seat was taken (and its due time, when given): compiled once a shape. */
const seatFilling = (dialect: Dialect, setsDue: boolean) =>
  compiledOnce((db, v: SeatFilled) =>
    db
      .updateTable('games')
      .set({ open_seats: openSeatsAfter(dialect, v) })
      .$if(setsDue, (q) => q.set({ due: v.due as number }))
      .where('id', '=', v.id),
  );
const seatFillings = {
  sqlite: [seatFilling('sqlite', false), seatFilling('sqlite', true)],
  postgres: [seatFilling('postgres', false), seatFilling('postgres', true)],
} as const;
/**
 * PostgreSQL: a seat taken and the game's count moved on in one statement, the count only if the
 * seat was taken (the game's id comes from the insert's rows); a row returned when it was.
 */
const seatClaimAndFilling = (setsDue: boolean) =>
  compiledOnce((db, v: SeatClaim & SeatFilled) =>
    db
      .with('claimed', (w) => seatClaimQuery(w, v, false).returning('game_id'))
      .updateTable('games')
      .set({ open_seats: openSeatsAfter('postgres', v) })
      .$if(setsDue, (q) => q.set({ due: v.due as number }))
      .where('id', 'in', (e) => e.selectFrom('claimed').select('game_id'))
      .returning('id'),
  );
const seatClaimsAndFillings = [seatClaimAndFilling(false), seatClaimAndFilling(true)] as const;

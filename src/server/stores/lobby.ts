import { CreatorTallies } from './creator-tallies.ts';
import { type NewGame, newGameValues, type StoredGame } from './game.ts';
import { hydrate } from './game-rows.ts';
import { compiledOnce, type Db, type SqlDb } from './sql.ts';

/** A player waiting in a pool, as stored: whichever instance runs the pairing reads them all. */
export interface Waiting {
  readonly pool: string;
  readonly account: string;
  /** The name shown on their seat. */
  readonly name: string;
  /** Their rating in the pool's kind of game when they joined. */
  readonly rating: number;
  /** When they began waiting (joining again from another tab or instance keeps it). */
  readonly since: number;
  /** Pairing waves that passed them by: their window widens with each. */
  readonly misses: number;
}

/** A waiting player's game, once the pairing found them one. */
export interface Paired {
  readonly account: string;
  readonly gameId: string;
  readonly seat: number;
}

/** A seat of a game made by the pairing: its player's account, name and (unsent) token's hash. */
export interface PairedSeat {
  readonly account: string;
  readonly name: string;
  readonly tokenHash: string;
}

/** What the stores keep for the lobby: the open games and those under way, the pools, and the leases. */
export interface LobbyStore {
  /** Games with an open seat, newest first, each creator's newest only: the lobby. */
  open(limit?: number): Promise<StoredGame[]>;
  /** Games under way (every seat taken, not over), newest first: what the home page may show to watch. */
  playing(limit: number): Promise<StoredGame[]>;
  /** How many live games with an open seat `creator` has made. */
  openBy(creator: string): Promise<number>;
  /** How many live games of AIs alone (no seat for a person) `creator` has made. */
  aiOnlyBy(creator: string): Promise<number>;
  /**
   * `who` waits in `who.pool` (and in no other pool) until `seenUntil`, unless renewed; joining the
   * pool they already wait in keeps their `since` and misses. Resolves to their `since`.
   */
  joinPool(who: Waiting, seenUntil: number): Promise<number>;
  /** The account stops waiting; false when it was not waiting (already paired, or never joined). */
  leavePool(account: string): Promise<boolean>;
  /** Who waits in `pool` now (seen until `now` or later), longest waiting first. */
  waiting(pool: string, now: number): Promise<Waiting[]>;
  /** How many wait in each pool that has anyone. */
  poolCounts(now: number): Promise<Record<string, number>>;
  /**
   * The accounts are still there (their sockets open on this instance): those still waiting wait
   * until `until`. Returns those of them the pairing has found a game for, and forgets that it did.
   */
  renewWaiting(accounts: readonly string[], until: number): Promise<Paired[]>;
  /**
   * The pairing's game for `seats` (in seat order), made with its seats taken, in one write — only if
   * every one of them still waits in `pool`; false otherwise (one left, or was paired meanwhile).
   */
  pairUp(pool: string, game: NewGame, seats: readonly PairedSeat[]): Promise<boolean>;
  /** A game made with every seat held (the ladder's): the game and its seats in one write. */
  createKept(game: NewGame, seats: readonly PairedSeat[]): Promise<void>;
  /** A wave passed these players waiting in `pool` by: one miss more each. */
  addMiss(pool: string, accounts: readonly string[]): Promise<void>;
  /**
   * Holds the lease `name` for `owner` until `until`: true when it was free, lapsed (before `now`) or
   * already `owner`'s. One holder at a time, site-wide: what the pairing runs under.
   */
  lease(name: string, owner: string, until: number, now: number): Promise<boolean>;
}

/** Rows the lobby reads for each game it shows: a creator has at most a few open games at once. */
export const LOBBY_ROWS_PER_CREATOR = 5;

/** The first (newest) row of each creator, up to `limit`; games of no known creator each stand alone. */
export function newestOfEachCreator<R extends { readonly creator?: string | null }>(rows: readonly R[], limit: number): R[] {
  const seen = new Set<string>();
  const shown: R[] = [];
  for (const row of rows) {
    if (shown.length === limit) break;
    const creator = row.creator ?? null;
    if (creator !== null && seen.has(creator)) continue;
    if (creator !== null) seen.add(creator);
    shown.push(row);
  }
  return shown;
}

/** A creator's games still going, open to players or of AIs alone (asked at every game's set-up): compiled once. */
const countLive = (which: 'open' | 'ai-only') =>
  compiledOnce((db, v: { creator: string }) =>
    db
      .selectFrom('games')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('creator', '=', v.creator)
      .where('termination', 'is', null)
      .$if(which === 'open', (q) => q.where('open_seats', '>', 0))
      .$if(which === 'ai-only', (q) => q.where('seats', 'not like', '%"open"%')),
  );
const countOpen = countLive('open');
const countAiOnly = countLive('ai-only');

/** A game and its held seats, inside a write. */
export async function insertKept(trx: Db, game: NewGame, seats: readonly PairedSeat[]): Promise<void> {
  await trx.insertInto('games').values(newGameValues(game)).execute();
  if (seats.length === 0) return;
  await trx
    .insertInto('seats')
    .values(seats.map((s, seat) => ({ game_id: game.id, seat, token_hash: s.tokenHash, name: s.name, account_id: s.account })))
    .execute();
}

export class LobbySql implements LobbyStore {
  constructor(
    private readonly sql: SqlDb,
    /** Each creator's live games in memory (SQLite, this process its one writer); null: the store is asked (PostgreSQL). */
    private readonly tallies: CreatorTallies | null = null,
  ) {}

  open(limit = 100): Promise<StoredGame[]> {
    return this.sql.read(async (db) => {
      // Enough rows for `limit` creators: each has at most a few open games at once (the route's cap).
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where('termination', 'is', null)
        .where('open_seats', '>', 0)
        .orderBy('created_at', 'desc')
        .limit(limit * LOBBY_ROWS_PER_CREATOR)
        .execute();
      return hydrate(db, newestOfEachCreator(rows, limit));
    });
  }

  playing(limit: number): Promise<StoredGame[]> {
    return this.sql.read(async (db) => {
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where('termination', 'is', null)
        .where('open_seats', '=', 0)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return hydrate(db, rows);
    });
  }

  openBy(creator: string): Promise<number> {
    if (this.tallies && CreatorTallies.keeps(creator)) return Promise.resolve(this.tallies.openBy(creator));
    return this.countLive(creator, 'open');
  }

  aiOnlyBy(creator: string): Promise<number> {
    if (this.tallies && CreatorTallies.keeps(creator)) return Promise.resolve(this.tallies.aiOnlyBy(creator));
    return this.countLive(creator, 'ai-only');
  }

  private async countLive(creator: string, which: 'open' | 'ai-only'): Promise<number> {
    const { rows } = await this.sql.read((db) => (which === 'open' ? countOpen : countAiOnly)(db, { creator }));
    return Number((rows[0] as { n?: number } | undefined)?.n ?? 0);
  }

  joinPool(who: Waiting, seenUntil: number): Promise<number> {
    return this.sql.write(async (trx) => {
      // The same pool again (another tab, another instance) keeps the wait and its misses; another starts anew.
      const row = await trx
        .insertInto('pool_members')
        .values({
          account_id: who.account,
          pool: who.pool,
          name: who.name,
          rating: who.rating,
          since: who.since,
          misses: 0,
          seen_until: seenUntil,
        })
        .onConflict((oc) =>
          oc.column('account_id').doUpdateSet((e) => {
            const same = e.and([e('pool_members.pool', '=', e.ref('excluded.pool')), e('pool_members.game_id', 'is', null)]);
            return {
              since: e.case().when(same).then(e.ref('pool_members.since')).else(e.ref('excluded.since')).end(),
              misses: e.case().when(same).then(e.ref('pool_members.misses')).else(0).end(),
              pool: e.ref('excluded.pool'),
              name: e.ref('excluded.name'),
              rating: e.ref('excluded.rating'),
              seen_until: e.ref('excluded.seen_until'),
              game_id: null,
              seat: null,
            };
          }),
        )
        .returning('since')
        .executeTakeFirstOrThrow();
      return Number(row.since);
    });
  }

  leavePool(account: string): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const gone = await trx.deleteFrom('pool_members').where('account_id', '=', account).where('game_id', 'is', null).executeTakeFirst();
      return Number(gone.numDeletedRows) === 1;
    });
  }

  async waiting(pool: string, now: number): Promise<Waiting[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('pool_members')
        .select(['account_id', 'pool', 'name', 'rating', 'since', 'misses'])
        .where('pool', '=', pool)
        .where('game_id', 'is', null)
        .where('seen_until', '>=', now)
        .orderBy('since')
        .orderBy('account_id')
        .execute(),
    );
    return rows.map((r) => ({
      pool: r.pool,
      account: r.account_id,
      name: r.name,
      rating: Number(r.rating),
      since: Number(r.since),
      misses: Number(r.misses),
    }));
  }

  async poolCounts(now: number): Promise<Record<string, number>> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('pool_members')
        .select((e) => ['pool', e.fn.countAll<number>().as('n')])
        .where('game_id', 'is', null)
        .where('seen_until', '>=', now)
        .groupBy('pool')
        .execute(),
    );
    return Object.fromEntries(rows.map((r) => [r.pool, Number(r.n)]));
  }

  async renewWaiting(accounts: readonly string[], until: number): Promise<Paired[]> {
    if (accounts.length === 0) return [];
    return this.sql.write(async (trx) => {
      await trx
        .updateTable('pool_members')
        .set({ seen_until: until })
        .where('game_id', 'is', null)
        .where('account_id', 'in', [...accounts])
        .execute();
      const paired = await trx
        .deleteFrom('pool_members')
        .where('game_id', 'is not', null)
        .where('account_id', 'in', [...accounts])
        .returning(['account_id', 'game_id', 'seat'])
        .execute();
      return paired.map((p) => ({ account: p.account_id, gameId: p.game_id as string, seat: Number(p.seat) }));
    });
  }

  pairUp(pool: string, game: NewGame, seats: readonly PairedSeat[]): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const still = await trx
        .selectFrom('pool_members')
        .select('account_id')
        .where('pool', '=', pool)
        .where('game_id', 'is', null)
        .where(
          'account_id',
          'in',
          seats.map((s) => s.account),
        )
        .orderBy('account_id')
        // PostgreSQL: the rows held until the write ends, in one order (no two pairings deadlock); SQLite writes one at a time.
        .$if(this.sql.dialect === 'postgres', (q) => q.forUpdate())
        .execute();
      if (still.length !== seats.length) return false;
      await insertKept(trx, game, seats);
      for (const [seat, s] of seats.entries())
        await trx.updateTable('pool_members').set({ game_id: game.id, seat }).where('account_id', '=', s.account).execute();
      return true;
    });
  }

  createKept(game: NewGame, seats: readonly PairedSeat[]): Promise<void> {
    return this.sql.write((trx) => insertKept(trx, game, seats));
  }

  async addMiss(pool: string, accounts: readonly string[]): Promise<void> {
    if (accounts.length === 0) return;
    await this.sql.write((trx) =>
      trx
        .updateTable('pool_members')
        .set((e) => ({ misses: e('misses', '+', 1) }))
        .where('pool', '=', pool)
        .where('game_id', 'is', null)
        .where('account_id', 'in', [...accounts])
        .execute(),
    );
  }

  lease(name: string, owner: string, until: number, now: number): Promise<boolean> {
    return this.sql.write(async (trx) => {
      // Inserted, or taken over when lapsed, or renewed by its holder: else nothing changes.
      const taken = await trx
        .insertInto('leases')
        .values({ name, owner, until })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet((e) => ({ owner: e.ref('excluded.owner'), until: e.ref('excluded.until') }))
            .where((e) => e.or([e('leases.owner', '=', e.ref('excluded.owner')), e('leases.until', '<', now)])),
        )
        .executeTakeFirst();
      return Number(taken.numInsertedOrUpdatedRows) === 1;
    });
  }
}

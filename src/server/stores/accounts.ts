import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Account, AccountKind, AccountStore, DeletionDetails, StoredSession } from '../identity/store.ts';
import type { CreatorTallies } from './creator-tallies.ts';
import type { GameId } from './game.ts';
import type { AccountsTable, Database, SessionsTable } from './schema.ts';
import { type Db, keyTaken, type SqlDb } from './sql.ts';

/**
 * Accounts, sessions and the seats accounts hold (identity/store.ts's AccountStore), written once for
 * SQLite and PostgreSQL; deleting an account is one write across the tables that name it.
 */

const ACCOUNT_COLUMNS = ['id', 'name', 'kind', 'created_at', 'password_hash', 'language'] as const;
const SESSION_COLUMNS = ['account_id', 'created_at', 'seen_at'] as const;

const accountFromRow = (r: Pick<Selectable<AccountsTable>, (typeof ACCOUNT_COLUMNS)[number]>): Account => ({
  id: r.id,
  name: r.name,
  kind: r.kind as AccountKind,
  createdAt: Number(r.created_at),
  passwordHash: r.password_hash,
  ...(r.language ? { language: r.language } : {}),
});

const sessionFromRow = (r: Pick<Selectable<SessionsTable>, (typeof SESSION_COLUMNS)[number]>): StoredSession => ({
  accountId: r.account_id,
  createdAt: Number(r.created_at),
  seenAt: Number(r.seen_at),
});

/** An account closed by a deletion (the deleted one, or a bot of its own): what its rows are rewritten by. */
interface ClosedAccount {
  readonly id: string;
  readonly name: string;
  readonly placeholder: string;
  /** Its name's hash, retired; null when the name stays free. */
  readonly keyHash: string | null;
  /** A bot's token's hash: the seats it holds by it. */
  readonly tokenHash: string | null;
}

/** The account deleted and each bot it owns, with the placeholder each is renamed to. */
function closedAccounts(
  account: { readonly id: string; readonly name: string },
  placeholder: string,
  keyHash: string | null,
  bots: readonly { readonly id: string; readonly name: string; readonly name_key: string | null; readonly token_hash: string | null }[],
  deletion: DeletionDetails,
): ClosedAccount[] {
  return [
    { id: account.id, name: account.name, placeholder, keyHash, tokenHash: null },
    ...bots.map((bot) => {
      const renamed = deletion.retireBot?.(bot.name_key ?? bot.name.toLowerCase());
      return {
        id: bot.id,
        name: bot.name,
        placeholder: renamed?.placeholder ?? placeholder,
        keyHash: renamed?.keyHash ?? null,
        tokenHash: bot.token_hash,
      };
    }),
  ];
}

/** A bot's games are counted under its name (owners.ts's countedAs). */
const botCreator = (name: string): string => `bot:${name.toLowerCase()}`;

/** What closing one account writes, in order. */
async function close(trx: Db, a: ClosedAccount, at: number): Promise<void> {
  if (a.keyHash !== null)
    await trx
      .insertInto('retired_names')
      .values({ key_hash: a.keyHash })
      .onConflict((oc) => oc.doNothing())
      .execute();
  await trx.deleteFrom('sessions').where('account_id', '=', a.id).execute();
  await trx.deleteFrom('api_tokens').where('account_id', '=', a.id).execute();
  await trx.deleteFrom('pool_members').where('account_id', '=', a.id).execute();
  await trx
    .updateTable('challenges')
    .set({ status: 'cancelled', answered_at: at })
    .where('status', '=', 'open')
    .where((eb) => eb.or([eb('from_account', '=', a.id), eb('to_account', '=', a.id)]))
    .execute();
  await trx.updateTable('challenges').set({ from_name: a.placeholder }).where('from_account', '=', a.id).execute();
  await trx.updateTable('challenges').set({ to_name: a.placeholder }).where('to_account', '=', a.id).execute();
  // A bot's seats are held by its token: from now on by its closed account, under its placeholder.
  if (a.tokenHash !== null)
    await trx.updateTable('seats').set({ name: a.placeholder, account_id: a.id }).where('token_hash', '=', a.tokenHash).execute();
  // Its seat tokens (a bot's is its token) open none of its seats any more: 'closed' is no token's hash.
  await trx.updateTable('seats').set({ name: a.placeholder, token_hash: 'closed' }).where('account_id', '=', a.id).execute();
  // Seats and chat lines written with a seat's token before (a bot's earlier tokens, a script's)
  // carry the name and no account: found by the name, which no one else may hold.
  await trx.updateTable('seats').set({ name: a.placeholder }).where('account_id', 'is', null).where('name', '=', a.name).execute();
  await trx
    .deleteFrom('chat')
    .where((eb) => eb.or([eb('account_id', '=', a.id), eb.and([eb('account_id', 'is', null), eb('author', '=', a.name)])]))
    .execute();
  // Its lines in tournaments' chats go too (they are always an account's: signed-in players speak there).
  await trx.deleteFrom('tournament_chat').where('account_id', '=', a.id).execute();
  // A bot's games and review requests are counted under its name.
  const [before, after] = [botCreator(a.name), botCreator(a.placeholder)];
  await trx.updateTable('games').set({ creator: after }).where('creator', '=', before).execute();
  await trx.updateTable('reviews').set({ requester: after }).where('requester', '=', before).execute();
  await trx.deleteFrom('bots').where('account_id', '=', a.id).execute();
  await trx
    .updateTable('accounts')
    .set({ name: a.placeholder, name_key: null, password_hash: null, kind: 'deleted' })
    .where('id', '=', a.id)
    .execute();
}

/** A seat whose player has left its game. */
const departed = (eb: ExpressionBuilder<Database, 'seats'>) =>
  eb.exists(
    eb.selectFrom('departures as d').select('d.seat').whereRef('d.game_id', '=', 'seats.game_id').whereRef('d.seat', '=', 'seats.seat'),
  );

export class AccountsSql implements AccountStore {
  constructor(
    private readonly sql: SqlDb,
    /** Each creator's live games in memory (SQLite): a closed bot's are counted under its placeholder, as the store renames them. */
    private readonly tallies: CreatorTallies | null = null,
  ) {}

  /** Row locks where writes run side by side (PostgreSQL); SQLite's writes run one at a time. */
  private get locks(): boolean {
    return this.sql.dialect === 'postgres';
  }

  async siteSecret(): Promise<string> {
    const row = await this.sql.read((db) => db.selectFrom('site').select('value').where('name', '=', 'secret').executeTakeFirstOrThrow());
    return row.value;
  }

  createGuest(id: string, name: string, createdAt: number): Promise<void> {
    return this.sql.write(async (trx) => {
      await trx.insertInto('accounts').values({ id, name, kind: 'guest', created_at: createdAt }).execute();
    });
  }

  async register(id: string, name: string, key: string, keyHash: string, passwordHash: string, createdAt: number): Promise<boolean> {
    try {
      return await this.sql.write(async (trx) => {
        if (await nameTaken(trx, key, keyHash, false)) return false;
        const upgraded = await trx
          .updateTable('accounts')
          .set({ name, name_key: key, password_hash: passwordHash, kind: 'player' })
          .where('id', '=', id)
          .where('kind', '=', 'guest')
          .executeTakeFirst();
        // The guest's seats are the player's now, under their name.
        if (upgraded.numUpdatedRows > 0n) await trx.updateTable('seats').set({ name }).where('account_id', '=', id).execute();
        else
          await trx
            .insertInto('accounts')
            .values({ id, name, name_key: key, password_hash: passwordHash, kind: 'player', created_at: createdAt })
            .execute();
        return true;
      });
    } catch (e) {
      // The name taken a moment ago by another instance.
      if (keyTaken(e)) return false;
      throw e;
    }
  }

  async read(id: string): Promise<Account | null> {
    const row = await this.sql.read((db) => db.selectFrom('accounts').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst());
    return row ? accountFromRow(row) : null;
  }

  async byKey(key: string): Promise<Account | null> {
    const row = await this.sql.read((db) =>
      db.selectFrom('accounts').select(ACCOUNT_COLUMNS).where('name_key', '=', key).executeTakeFirst(),
    );
    return row ? accountFromRow(row) : null;
  }

  setPassword(id: string, passwordHash: string): Promise<void> {
    return this.sql.write(async (trx) => {
      await trx.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    });
  }

  setLanguage(id: string, language: string | null): Promise<void> {
    return this.sql.write(async (trx) => {
      await trx.updateTable('accounts').set({ language }).where('id', '=', id).execute();
    });
  }

  async delete(id: string, placeholder: string, keyHash: string | null, deletion: DeletionDetails = {}): Promise<void> {
    let closed: ClosedAccount[] = [];
    await this.sql.write(async (trx) => {
      const row = await trx
        .selectFrom('accounts')
        .select('name')
        .where('id', '=', id)
        .$if(this.locks, (q) => q.forUpdate())
        .executeTakeFirst();
      if (!row) return;
      // Marked first: whatever a crash leaves undone, a restart finds by it (closedInPlay).
      await trx.updateTable('accounts').set({ kind: 'deleted', password_hash: null }).where('id', '=', id).execute();
      const bots = await trx
        .selectFrom('accounts as a')
        .leftJoin('bots as b', 'b.account_id', 'a.id')
        .select(['a.id', 'a.name', 'a.name_key', 'b.token_hash'])
        .where('a.owner_id', '=', id)
        .where('a.kind', '=', 'bot')
        .execute();
      closed = closedAccounts({ id, name: row.name }, placeholder, keyHash, bots, deletion);
      for (const a of closed) await close(trx, a, deletion.at ?? 0);
    });
    for (const a of closed) this.tallies?.renamed(botCreator(a.name), botCreator(a.placeholder));
    // SQLite's log still holds the pages as they were: folded into the database and cut to nothing.
    await this.sql.forgetOldPages();
  }

  async liveSeatsOf(account: string): Promise<{ game: GameId; seat: number }[]> {
    return this.sql.read((db) =>
      db
        .selectFrom('seats')
        .innerJoin('games as g', 'g.id', 'seats.game_id')
        .select(['seats.game_id as game', 'seats.seat'])
        .where('g.termination', 'is', null)
        .where((eb) =>
          eb.or([
            eb('seats.account_id', '=', account),
            eb('seats.account_id', 'in', eb.selectFrom('accounts').select('accounts.id').where('accounts.owner_id', '=', account)),
            eb(
              'seats.token_hash',
              'in',
              eb
                .selectFrom('bots as b')
                .innerJoin('accounts as a', 'a.id', 'b.account_id')
                .select('b.token_hash')
                .where('a.owner_id', '=', account),
            ),
          ]),
        )
        .where((eb) => eb.not(departed(eb)))
        .orderBy('g.created_at')
        .orderBy('g.id')
        .orderBy('seats.seat')
        .execute(),
    );
  }

  async closedInPlay(): Promise<string[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('seats')
        .innerJoin('games as g', 'g.id', 'seats.game_id')
        .innerJoin('accounts as a', 'a.id', 'seats.account_id')
        .select('a.id')
        .distinct()
        .where('g.termination', 'is', null)
        .where('a.kind', '=', 'deleted')
        .where((eb) => eb.not(departed(eb)))
        .execute(),
    );
    return rows.map((r) => r.id);
  }

  async seatsOf(accountId: string): Promise<{ game: string; seat: number }[]> {
    return this.sql.read((db) =>
      db
        .selectFrom('seats as s')
        .innerJoin('games as g', 'g.id', 's.game_id')
        .select(['s.game_id as game', 's.seat'])
        .where('s.account_id', '=', accountId)
        .orderBy('g.created_at')
        .orderBy('g.id')
        .orderBy('s.seat')
        .execute(),
    );
  }

  createSession(idHash: string, accountId: string, now: number): Promise<void> {
    return this.sql.write(async (trx) => {
      await trx.insertInto('sessions').values({ id_hash: idHash, account_id: accountId, created_at: now, seen_at: now }).execute();
    });
  }

  async session(idHash: string): Promise<StoredSession | null> {
    const row = await this.sql.read((db) =>
      db.selectFrom('sessions').select(SESSION_COLUMNS).where('id_hash', '=', idHash).executeTakeFirst(),
    );
    return row ? sessionFromRow(row) : null;
  }

  touchSession(idHash: string, now: number): Promise<void> {
    return this.sql.write(async (trx) => {
      await trx.updateTable('sessions').set({ seen_at: now }).where('id_hash', '=', idHash).execute();
    });
  }

  endSession(idHash: string): Promise<void> {
    return this.sql.write(async (trx) => {
      await trx.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    });
  }

  endSessions(accountId: string, except: string | null): Promise<number> {
    return this.sql.write(async (trx) => {
      const r = await trx
        .deleteFrom('sessions')
        .where('account_id', '=', accountId)
        .$if(except !== null, (q) => q.where('id_hash', '<>', except as string))
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    });
  }

  async sessionsOf(accountId: string): Promise<StoredSession[]> {
    const rows = await this.sql.read((db) =>
      db.selectFrom('sessions').select(SESSION_COLUMNS).where('account_id', '=', accountId).orderBy('created_at').execute(),
    );
    return rows.map(sessionFromRow);
  }

  ensureEngine(id: string, name: string, key: string, createdAt: number): Promise<void> {
    return this.sql.write(async (trx) => {
      await trx
        .insertInto('accounts')
        .values({ id, name, name_key: key, kind: 'bot', created_at: createdAt })
        .onConflict((oc) => oc.doNothing())
        .execute();
    });
  }
}

/** Whether a name is taken: retired, an account's, or (`bots`) a bot's of before bot accounts. */
export async function nameTaken(trx: Db, key: string, keyHash: string, bots: boolean): Promise<boolean> {
  const retired = trx.selectFrom('retired_names').select(sql.lit(1).as('one')).where('key_hash', '=', keyHash);
  const account = trx.selectFrom('accounts').select(sql.lit(1).as('one')).where('name_key', '=', key);
  const bot = trx
    .selectFrom('bots')
    .select(sql.lit(1).as('one'))
    .where((eb) => eb(eb.fn<string>('lower', ['name']), '=', key));
  const rows = await (bots ? retired.unionAll(account).unionAll(bot) : retired.unionAll(account)).execute();
  return rows.length > 0;
}

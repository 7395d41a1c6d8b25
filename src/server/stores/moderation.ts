import type { Json } from '@hexarena/engines/engine/game.ts';
import { sql } from 'kysely';
import type {
  LoggedAction,
  ModAction,
  ModerationStore,
  NewReport,
  RatingReset,
  ReportRefusal,
  Role,
  Sanction,
  SanctionKind,
  StoredReport,
} from '../moderation/store.ts';
import type { Db, SqlDb } from './sql.ts';

/** A report with the names of the accounts it is between and of the moderator who closed it. */
const reportRows = (db: Db) =>
  db
    .selectFrom('reports as r')
    .innerJoin('accounts as a', 'a.id', 'r.reporter')
    .innerJoin('accounts as b', 'b.id', 'r.reported')
    .leftJoin('accounts as c', 'c.id', 'r.closed_by')
    .select(['r.id', 'r.reporter', 'r.reported', 'r.reason', 'r.game_id', 'r.text', 'r.created_at', 'r.closed_at'])
    .select(['a.name as reporter_name', 'b.name as reported_name', 'c.name as closed_by_name']);

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportRows>['executeTakeFirstOrThrow']>>;

const reportFromRow = (r: ReportRow): StoredReport => ({
  id: r.id,
  reporter: r.reporter,
  reported: r.reported,
  reason: r.reason,
  gameId: r.game_id,
  text: r.text,
  at: Number(r.created_at),
  reporterName: r.reporter_name,
  reportedName: r.reported_name,
  closedAt: r.closed_at === null ? null : Number(r.closed_at),
  closedByName: r.closed_by_name,
});

/**
 * A rated game's point in an opponent's history, as a reset reads it: the exact change it made
 * (`delta`), or for a point stored before changes were kept, the game's whole-point diff at the
 * opponent's seat.
 */
interface RefundRow {
  readonly account_id: string;
  readonly perf: string;
  readonly delta: number | null;
  readonly rating_diffs: string | null;
  readonly seat: number | null;
}

/**
 * The change to take back from each (account, perf), and how many games it was over; by account, the
 * order the opponents' rows are then locked in, so that two resets at once cannot wait on each other.
 */
function refunds(rows: readonly RefundRow[]): { account: string; perf: string; change: number; games: number }[] {
  const byKey = new Map<string, { account: string; perf: string; change: number; games: number }>();
  for (const r of rows) {
    let change = r.delta === null ? null : Number(r.delta);
    if (change === null) {
      const diffs = r.rating_diffs ? (JSON.parse(r.rating_diffs) as number[]) : [];
      change = r.seat === null ? 0 : (diffs[Number(r.seat)] ?? 0);
    }
    const key = `${r.account_id} ${r.perf}`;
    const at = byKey.get(key) ?? { account: r.account_id, perf: r.perf, change: 0, games: 0 };
    at.change += change;
    at.games += 1;
    byKey.set(key, at);
  }
  return [...byKey.values()].sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
}

/** An audit entry, written in the write of the action it records. */
async function log(trx: Db, e: ModAction): Promise<void> {
  const details = e.details === undefined ? null : JSON.stringify(e.details);
  await trx
    .insertInto('mod_log')
    .values({ at: e.at, moderator: e.moderator, action: e.action, target: e.target, note: e.note, details })
    .execute();
}

/** Whether a write changed a row (insert, update and delete results alike). */
const changed = (r: { numInsertedOrUpdatedRows?: bigint; numUpdatedRows?: bigint; numDeletedRows?: bigint }): boolean =>
  (r.numInsertedOrUpdatedRows ?? r.numUpdatedRows ?? r.numDeletedRows ?? 0n) > 0n;

/** ModerationStore (moderation/store.ts) written once for both databases: every action and its audit entry in one write. */
export class ModerationSql implements ModerationStore {
  constructor(private readonly sql: SqlDb) {}

  setRole(accountId: string, role: Role, granted: boolean, entry: ModAction): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const done = granted
        ? await trx
            .insertInto('roles')
            .values({ account_id: accountId, role, granted_at: entry.at })
            .onConflict((oc) => oc.doNothing())
            .executeTakeFirstOrThrow()
        : await trx.deleteFrom('roles').where('account_id', '=', accountId).where('role', '=', role).executeTakeFirstOrThrow();
      if (!changed(done)) return false;
      await log(trx, entry);
      return true;
    });
  }

  async hasRole(accountId: string, role: Role): Promise<boolean> {
    const row = await this.sql.read((db) =>
      db.selectFrom('roles').select('role').where('account_id', '=', accountId).where('role', '=', role).executeTakeFirst(),
    );
    return row !== undefined;
  }

  async withRole(role: Role): Promise<{ name: string; since: number }[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('roles as r')
        .innerJoin('accounts as a', 'a.id', 'r.account_id')
        .select(['a.name', 'r.granted_at'])
        .where('r.role', '=', role)
        .orderBy('r.granted_at')
        .orderBy('a.name')
        .execute(),
    );
    return rows.map((r) => ({ name: r.name, since: Number(r.granted_at) }));
  }

  fileReport(report: NewReport, since: number, max: number): Promise<ReportRefusal | null> {
    return this.sql.write<ReportRefusal | null>(async (trx) => {
      // One reporter's reports are counted and written one at a time, whichever instance takes them (SQLite: one writer).
      if (this.sql.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${`report/${report.reporter}`}))`.execute(trx);
      const made = await trx
        .selectFrom('reports')
        .select((e) => e.fn.countAll().as('n'))
        .where('reporter', '=', report.reporter)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      if (Number(made.n) >= max) return 'too-many';
      const open = await trx
        .selectFrom('reports')
        .select('id')
        .where('reporter', '=', report.reporter)
        .where('reported', '=', report.reported)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      if (open) return 'duplicate';
      const { id, reporter, reported, reason, gameId, text, at } = report;
      await trx.insertInto('reports').values({ id, reporter, reported, reason, game_id: gameId, text, created_at: at }).execute();
      return null;
    });
  }

  async reports(open: boolean, limit: number, before?: number): Promise<StoredReport[]> {
    const rows = await this.sql.read((db) =>
      reportRows(db)
        .where('r.closed_at', open ? 'is' : 'is not', null)
        .$if(before !== undefined, (q) => q.where('r.created_at', '<', before as number))
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id')
        .limit(limit)
        .execute(),
    );
    return rows.map(reportFromRow);
  }

  async report(id: string): Promise<StoredReport | null> {
    const row = await this.sql.read((db) => reportRows(db).where('r.id', '=', id).executeTakeFirst());
    return row ? reportFromRow(row) : null;
  }

  closeReport(id: string, entry: ModAction): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const closed = await trx
        .updateTable('reports')
        .set({ closed_at: entry.at, closed_by: entry.moderator })
        .where('id', '=', id)
        .where('closed_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (!changed(closed)) return false;
      await log(trx, entry);
      return true;
    });
  }

  sanction(accountId: string, kind: SanctionKind, until: number | null, entry: ModAction): Promise<string[]> {
    return this.sql.write(async (trx) => {
      await trx
        .insertInto('sanctions')
        .values({ account_id: accountId, kind, until, at: entry.at })
        .onConflict((oc) =>
          oc.columns(['account_id', 'kind']).doUpdateSet((eb) => ({ until: eb.ref('excluded.until'), at: eb.ref('excluded.at') })),
        )
        .execute();
      const games = kind === 'ban' ? await ban(trx, accountId) : [];
      await log(trx, entry);
      return games;
    });
  }

  lift(accountId: string, kind: SanctionKind, entry: ModAction): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const lifted = await trx
        .deleteFrom('sanctions')
        .where('account_id', '=', accountId)
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow();
      if (!changed(lifted)) return false;
      await log(trx, entry);
      return true;
    });
  }

  async bannedInPlay(): Promise<string[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('seats as s')
        .innerJoin('games as g', 'g.id', 's.game_id')
        .innerJoin('accounts as a', 'a.id', 's.account_id')
        .innerJoin('sanctions as b', (join) =>
          join
            .on('b.kind', '=', 'ban')
            .on((eb) => eb.or([eb('b.account_id', '=', eb.ref('a.id')), eb('b.account_id', '=', eb.ref('a.owner_id'))])),
        )
        .select('b.account_id')
        .distinct()
        .where('g.termination', 'is', null)
        // A departure is a seat left.
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('departures as d').select('d.seat').whereRef('d.game_id', '=', 's.game_id').whereRef('d.seat', '=', 's.seat'),
            ),
          ),
        )
        .execute(),
    );
    return rows.map((r) => r.account_id);
  }

  async sanctionsOf(accountId: string, now: number): Promise<Sanction[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('sanctions')
        .select(['kind', 'until', 'at'])
        .where('account_id', '=', accountId)
        .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)]))
        .orderBy('kind')
        .execute(),
    );
    return rows.map((r) => ({
      kind: r.kind === 'ban' ? 'ban' : 'mute',
      until: r.until === null ? null : Number(r.until),
      at: Number(r.at),
    }));
  }

  resetRatings(accountId: string, entry: ModAction): Promise<RatingReset> {
    return this.sql.write(async (trx) => {
      // The account's ratings held while the reset reads and writes: a game of theirs ending now waits (SQLite: one writer).
      if (this.sql.dialect === 'postgres')
        await trx.selectFrom('ratings').select('perf').where('account_id', '=', accountId).forUpdate().execute();
      const played = trx.selectFrom('rating_history').select('game_id').where('account_id', '=', accountId);
      const games = await played.distinct().execute();
      const rows = await trx
        .selectFrom('rating_history as h')
        .innerJoin('games as g', 'g.id', 'h.game_id')
        .select(['h.account_id', 'h.perf', 'h.delta', 'g.rating_diffs'])
        .select((eb) =>
          eb
            .selectFrom('seats as s')
            .select((e) => e.fn.min('s.seat').as('seat'))
            .whereRef('s.game_id', '=', 'h.game_id')
            .whereRef('s.account_id', '=', 'h.account_id')
            .as('seat'),
        )
        .where('h.game_id', 'in', played)
        .where('h.account_id', '<>', accountId)
        .execute();
      const given = refunds(rows);
      // Each opponent's row changed by what it gained or lost, whatever else changed it meanwhile.
      for (const r of given)
        await trx
          .updateTable('ratings')
          .set((eb) => ({
            rating: eb('rating', '-', r.change),
            games: eb
              .case()
              .when('games', '>', r.games)
              .then(eb('games', '-', r.games))
              .else(0)
              .end(),
          }))
          .where('account_id', '=', r.account)
          .where('perf', '=', r.perf)
          .execute();
      // Before the points go: `played` reads them.
      await trx.updateTable('games').set({ rating_diffs: null }).where('id', 'in', played).execute();
      await trx.deleteFrom('rating_history').where('game_id', 'in', played).execute();
      await trx.deleteFrom('ratings').where('account_id', '=', accountId).execute();
      const reset = { games: games.length, refunded: new Set(given.map((r) => r.account)).size };
      await log(trx, { ...entry, details: { ...reset } });
      return reset;
    });
  }

  record(entry: ModAction): Promise<void> {
    return this.sql.write((trx) => log(trx, entry));
  }

  async log(limit: number, before?: number): Promise<LoggedAction[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('mod_log as l')
        .leftJoin('accounts as m', 'm.id', 'l.moderator')
        .leftJoin('accounts as t', 't.id', 'l.target')
        .select(['l.n', 'l.at', 'l.action', 'l.note', 'l.details', 'm.name as moderator_name', 't.name as target_name'])
        .$if(before !== undefined, (q) => q.where('l.n', '<', before as number))
        .orderBy('l.n', 'desc')
        .limit(limit)
        .execute(),
    );
    return rows.map((r) => ({
      n: Number(r.n),
      at: Number(r.at),
      moderator: r.moderator_name,
      action: r.action,
      target: r.target_name,
      note: r.note,
      details: r.details === null ? null : (JSON.parse(r.details) as Json),
    }));
  }
}

/**
 * A ban's writes besides the sanction, in its write; the games whose rooms must read their seats
 * again, asked first. The seats the account's bots hold by their tokens pass to the bots' own
 * accounts (so the sweep still finds them once the tokens are revoked); then every seat token of the
 * account and its bots is voided ('closed' is no token's hash: no old seat token moves, chats or asks
 * a rematch), its sessions and personal API tokens end, and its bots' tokens open nothing more (no
 * hash of a token starts so; the owner renews them once unbanned).
 */
async function ban(trx: Db, account: string): Promise<string[]> {
  const botTokens = trx
    .selectFrom('bots as b')
    .innerJoin('accounts as a', 'a.id', 'b.account_id')
    .select('b.token_hash')
    .where('a.owner_id', '=', account);
  const owned = trx.selectFrom('accounts').select('id').where('owner_id', '=', account);
  const seated = await trx
    .selectFrom('seats')
    .select('game_id')
    .distinct()
    .where((eb) => eb.or([eb('account_id', '=', account), eb('account_id', 'in', owned), eb('token_hash', 'in', botTokens)]))
    .execute();
  await trx
    .updateTable('seats')
    .set((eb) => ({ account_id: eb.selectFrom('bots as b').select('b.account_id').whereRef('b.token_hash', '=', 'seats.token_hash') }))
    .where('account_id', 'is', null)
    .where('token_hash', 'in', botTokens)
    .execute();
  await trx
    .updateTable('seats')
    .set({ token_hash: 'closed' })
    .where((eb) => eb.or([eb('account_id', '=', account), eb('account_id', 'in', owned)]))
    .execute();
  await trx.deleteFrom('sessions').where('account_id', '=', account).execute();
  await trx.deleteFrom('api_tokens').where('account_id', '=', account).execute();
  await trx
    .updateTable('bots')
    .set({ token_hash: sql<string>`'revoked:' || token_hash` })
    .where('token_hash', 'not like', 'revoked:%')
    .where('account_id', 'in', owned)
    .execute();
  return seated.map((r) => r.game_id);
}

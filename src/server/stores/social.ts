import { sql } from 'kysely';
import type { BlockOutcome, Followed, FollowOutcome, Related, SocialStore } from '../social/store.ts';
import type { Db, SqlDb } from './sql.ts';

/** The social concern (social/store.ts), written once for both databases. */
export class SocialSql implements SocialStore {
  constructor(private readonly sql: SqlDb) {}

  block(blocker: string, blocked: string, at: number, max: number): Promise<BlockOutcome> {
    return this.sql.write(async (trx) => {
      // Blocks sent at once by one player are counted one at a time (SQLite has one writer already).
      if (this.sql.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${`block/${blocker}`}))`.execute(trx);
      const there = await trx
        .selectFrom('blocks')
        .select('at')
        .where('blocker', '=', blocker)
        .where('blocked', '=', blocked)
        .executeTakeFirst();
      if (there) return 'already';
      if ((await blocksOf(trx, blocker)) >= max) return 'too-many';
      const made = await trx
        .insertInto('blocks')
        .values({ blocker, blocked, at })
        .onConflict((c) => c.columns(['blocker', 'blocked']).doNothing())
        .executeTakeFirst();
      if (Number(made.numInsertedOrUpdatedRows ?? 0) !== 1) return 'already';
      await trx
        .deleteFrom('follows')
        .where((e) =>
          e.or([
            e.and([e('follower', '=', blocker), e('followed', '=', blocked)]),
            e.and([e('follower', '=', blocked), e('followed', '=', blocker)]),
          ]),
        )
        .execute();
      await trx
        .updateTable('challenges')
        .set({ status: 'declined', answered_at: at })
        .where('status', '=', 'open')
        .where((e) =>
          e.or([
            e.and([e('from_account', '=', blocker), e('to_account', '=', blocked)]),
            e.and([e('from_account', '=', blocked), e('to_account', '=', blocker)]),
          ]),
        )
        .execute();
      return 'blocked';
    });
  }

  unblock(blocker: string, blocked: string): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const r = await trx.deleteFrom('blocks').where('blocker', '=', blocker).where('blocked', '=', blocked).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    });
  }

  async blocks(blocker: string, limit: number, before?: number): Promise<Related[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('blocks as b')
        .innerJoin('accounts as a', 'a.id', 'b.blocked')
        .select(['b.blocked as account', 'a.name', 'b.at'])
        .where('b.blocker', '=', blocker)
        .$if(before !== undefined, (q) => q.where('b.at', '<', before as number))
        .orderBy('b.at', 'desc')
        .orderBy('b.blocked')
        .limit(limit)
        .execute(),
    );
    return rows.map((r) => ({ account: r.account, name: r.name, at: Number(r.at) }));
  }

  async blockedBy(blocker: string): Promise<string[]> {
    const rows = await this.sql.read((db) => db.selectFrom('blocks').select('blocked').where('blocker', '=', blocker).execute());
    return rows.map((r) => r.blocked);
  }

  async eitherBlocks(a: string, b: string): Promise<boolean> {
    const row = await this.sql.read((db) =>
      db
        .selectFrom('blocks')
        .select('at')
        .where((e) => e.or([e.and([e('blocker', '=', a), e('blocked', '=', b)]), e.and([e('blocker', '=', b), e('blocked', '=', a)])]))
        .executeTakeFirst(),
    );
    return row !== undefined;
  }

  async blocksAmong(accounts: readonly string[]): Promise<[string, string][]> {
    if (accounts.length < 2) return [];
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('blocks')
        .select(['blocker', 'blocked'])
        .where('blocker', 'in', [...accounts])
        .where('blocked', 'in', [...accounts])
        .execute(),
    );
    return rows.map((r) => [r.blocker, r.blocked]);
  }

  follow(follower: string, followed: string, notify: boolean, at: number, max: number): Promise<FollowOutcome> {
    return this.sql.write(async (trx) => {
      // Follows sent at once by one player are counted one at a time (SQLite has one writer already).
      if (this.sql.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${`follow/${follower}`}))`.execute(trx);
      const blocked = await trx
        .selectFrom('blocks')
        .select('at')
        .where('blocker', '=', followed)
        .where('blocked', '=', follower)
        .executeTakeFirst();
      if (blocked) return 'followed';
      const blocking = await trx
        .selectFrom('blocks')
        .select('at')
        .where('blocker', '=', follower)
        .where('blocked', '=', followed)
        .executeTakeFirst();
      if (blocking) return 'blocking';
      const there = await trx
        .selectFrom('follows')
        .select('notify')
        .where('follower', '=', follower)
        .where('followed', '=', followed)
        .executeTakeFirst();
      if (there) {
        if (Boolean(there.notify) !== notify)
          await trx
            .updateTable('follows')
            .set({ notify: notify ? 1 : 0 })
            .where('follower', '=', follower)
            .where('followed', '=', followed)
            .execute();
        return 'already';
      }
      if ((await countOf(trx, 'follower', follower)) >= max) return 'too-many';
      await trx
        .insertInto('follows')
        .values({ follower, followed, notify: notify ? 1 : 0, at })
        .execute();
      return 'followed';
    });
  }

  unfollow(follower: string, followed: string): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const r = await trx.deleteFrom('follows').where('follower', '=', follower).where('followed', '=', followed).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    });
  }

  async following(follower: string, limit: number, after?: string): Promise<Followed[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('follows as f')
        .innerJoin('accounts as a', 'a.id', 'f.followed')
        .select(['f.followed as account', 'a.name', 'a.name_key', 'f.at', 'f.notify'])
        .where('f.follower', '=', follower)
        .$if(after !== undefined, (q) => q.where('a.name_key', '>', (after as string).toLowerCase()))
        .orderBy('a.name_key')
        .limit(limit)
        .execute(),
    );
    return rows.map((r) => ({ account: r.account, name: r.name, at: Number(r.at), notify: Boolean(r.notify) }));
  }

  async notified(followed: string): Promise<string[]> {
    const rows = await this.sql.read((db) =>
      db.selectFrom('follows').select('follower').where('followed', '=', followed).where('notify', '=', 1).execute(),
    );
    return rows.map((r) => r.follower);
  }

  relation(from: string, to: string): Promise<{ follows: boolean; notify: boolean; blocks: boolean }> {
    return this.sql.read(async (db) => {
      const follow = await db
        .selectFrom('follows')
        .select('notify')
        .where('follower', '=', from)
        .where('followed', '=', to)
        .executeTakeFirst();
      const block = await db.selectFrom('blocks').select('at').where('blocker', '=', from).where('blocked', '=', to).executeTakeFirst();
      return { follows: follow !== undefined, notify: Boolean(follow?.notify), blocks: block !== undefined };
    });
  }

  counts(account: string): Promise<{ followers: number; following: number }> {
    return this.sql.read(async (db) => ({
      followers: await countOf(db, 'followed', account),
      following: await countOf(db, 'follower', account),
    }));
  }

  async playing(accounts: readonly string[]): Promise<Map<string, string>> {
    const playing = new Map<string, string>();
    if (accounts.length === 0) return playing;
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('seats as s')
        .innerJoin('games as g', 'g.id', 's.game_id')
        .select(['s.account_id', 'g.id', 'g.created_at'])
        .where('s.account_id', 'in', [...accounts])
        .where('g.termination', 'is', null)
        .where('g.open_seats', '=', 0)
        .orderBy('g.created_at', 'desc')
        .orderBy('g.id', 'desc')
        .execute(),
    );
    for (const r of rows) if (r.account_id !== null && !playing.has(r.account_id)) playing.set(r.account_id, r.id);
    return playing;
  }

  forget(account: string): Promise<void> {
    return this.sql.write(async (trx) => {
      await trx
        .deleteFrom('blocks')
        .where((e) => e.or([e('blocker', '=', account), e('blocked', '=', account)]))
        .execute();
      await trx
        .deleteFrom('follows')
        .where((e) => e.or([e('follower', '=', account), e('followed', '=', account)]))
        .execute();
    });
  }

  async names(after: string | null, limit: number): Promise<{ id: string; name: string; key: string }[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('accounts')
        .select(['id', 'name', 'name_key'])
        .where('kind', 'in', ['player', 'bot'])
        .where('name_key', 'is not', null)
        .$if(after !== null, (q) => q.where('name_key', '>', after as string))
        .orderBy('name_key')
        .limit(limit)
        .execute(),
    );
    return rows.map((r) => ({ id: r.id, name: r.name, key: r.name_key as string }));
  }
}

async function countOf(db: Db, column: 'follower' | 'followed', account: string): Promise<number> {
  const row = await db
    .selectFrom('follows')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where(column, '=', account)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function blocksOf(db: Db, blocker: string): Promise<number> {
  const row = await db
    .selectFrom('blocks')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('blocker', '=', blocker)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

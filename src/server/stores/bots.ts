import { sql } from 'kysely';
import { API_TOKEN_ID, type BotStore } from '../identity/store.ts';
import { nameTaken } from './accounts.ts';
import type { GameId } from './game.ts';
import { keyTaken, type SqlDb } from './sql.ts';

/**
 * Bots owned by players, who answers for a seat, and personal API tokens (identity/store.ts's
 * BotStore), written once for SQLite and PostgreSQL.
 */

export class BotsSql implements BotStore {
  constructor(private readonly sql: SqlDb) {}

  /** Row locks where writes run side by side (PostgreSQL); SQLite's writes run one at a time. */
  private get locks(): boolean {
    return this.sql.dialect === 'postgres';
  }

  async register(tokenHash: string, name: string, createdAt: number): Promise<boolean> {
    const r = await this.sql.write((trx) =>
      trx
        .insertInto('bots')
        .values({ token_hash: tokenHash, name, created_at: createdAt })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst(),
    );
    return r.numInsertedOrUpdatedRows === 1n;
  }

  async nameOf(tokenHash: string): Promise<string | null> {
    const row = await this.sql.read((db) => db.selectFrom('bots').select('name').where('token_hash', '=', tokenHash).executeTakeFirst());
    return row?.name ?? null;
  }

  async seatedIn(tokenHash: string): Promise<GameId[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('seats as s')
        .innerJoin('games as g', 'g.id', 's.game_id')
        .select(['g.id', 'g.created_at'])
        .distinct()
        .where('s.token_hash', '=', tokenHash)
        .where('g.termination', 'is', null)
        .orderBy('g.created_at')
        .orderBy('g.id')
        .execute(),
    );
    return rows.map((r) => r.id);
  }

  async registerOwned(
    accountId: string,
    ownerId: string,
    name: string,
    key: string,
    keyHash: string,
    tokenHash: string,
    createdAt: number,
    maxBots?: number,
  ): Promise<boolean> {
    try {
      return await this.sql.write(async (trx) => {
        if (maxBots !== undefined) {
          // The owner's row locked: two bots made at once are counted one after the other.
          if (this.locks) await trx.selectFrom('accounts').select('id').where('id', '=', ownerId).forUpdate().execute();
          const { n } = await trx
            .selectFrom('accounts')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('owner_id', '=', ownerId)
            .where('kind', '=', 'bot')
            .executeTakeFirstOrThrow();
          if (Number(n) >= maxBots) return false;
        }
        if (await nameTaken(trx, key, keyHash, true)) return false;
        await trx
          .insertInto('accounts')
          .values({ id: accountId, name, name_key: key, kind: 'bot', created_at: createdAt, owner_id: ownerId })
          .execute();
        await trx.insertInto('bots').values({ token_hash: tokenHash, name, created_at: createdAt, account_id: accountId }).execute();
        return true;
      });
    } catch (e) {
      if (keyTaken(e)) return false;
      throw e;
    }
  }

  async ownerOf(accountId: string): Promise<string | null> {
    const row = await this.sql.read((db) =>
      db
        .selectFrom('accounts')
        .select((eb) => eb.fn.coalesce('owner_id', 'id').as('owner'))
        .where('id', '=', accountId)
        .executeTakeFirst(),
    );
    return row?.owner ?? null;
  }

  async ownerOfBot(tokenHash: string): Promise<string | null> {
    const row = await this.sql.read((db) =>
      db
        .selectFrom('bots as b')
        .innerJoin('accounts as a', 'a.id', 'b.account_id')
        .select((eb) => eb.fn.coalesce('a.owner_id', 'a.id').as('owner'))
        .where('b.token_hash', '=', tokenHash)
        .executeTakeFirst(),
    );
    return row?.owner ?? null;
  }

  async ownedBy(ownerId: string): Promise<{ name: string; createdAt: number }[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('accounts')
        .select(['name', 'created_at'])
        .where('owner_id', '=', ownerId)
        .where('kind', '=', 'bot')
        .orderBy('created_at')
        .execute(),
    );
    return rows.map((r) => ({ name: r.name, createdAt: Number(r.created_at) }));
  }

  rotateToken(ownerId: string, key: string, tokenHash: string): Promise<string | null> {
    return this.sql.write(async (trx) => {
      const row = await trx
        .selectFrom('bots as b')
        .innerJoin('accounts as a', 'a.id', 'b.account_id')
        .select('b.token_hash')
        .where('a.owner_id', '=', ownerId)
        .where('a.name_key', '=', key)
        .where('a.kind', '=', 'bot')
        .$if(this.locks, (q) => q.forUpdate('b'))
        .executeTakeFirst();
      if (!row) return null;
      await trx.updateTable('bots').set({ token_hash: tokenHash }).where('token_hash', '=', row.token_hash).execute();
      // Its seats in games still on are played with the new token; the old one opens nothing.
      await trx
        .updateTable('seats')
        .set({ token_hash: tokenHash })
        .where('token_hash', '=', row.token_hash)
        .where('game_id', 'in', (eb) => eb.selectFrom('games').select('games.id').where('games.termination', 'is', null))
        .execute();
      return row.token_hash;
    });
  }

  createApiToken(tokenHash: string, accountId: string, label: string, scope: string, createdAt: number): Promise<void> {
    return this.sql.write(async (trx) => {
      await trx
        .insertInto('api_tokens')
        .values({ token_hash: tokenHash, account_id: accountId, label, scope, created_at: createdAt })
        .execute();
    });
  }

  async apiTokensOf(accountId: string): Promise<{ id: string; label: string; scope: string; createdAt: number }[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('api_tokens')
        .select(['token_hash', 'label', 'scope', 'created_at'])
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .execute(),
    );
    return rows.map((r) => ({ id: r.token_hash.slice(0, API_TOKEN_ID), label: r.label, scope: r.scope, createdAt: Number(r.created_at) }));
  }

  async revokeApiToken(accountId: string, id: string): Promise<boolean> {
    const r = await this.sql.write((trx) =>
      trx
        .deleteFrom('api_tokens')
        .where('account_id', '=', accountId)
        .where((eb) => eb(eb.fn<string>('substr', ['token_hash', sql.lit(1), sql.lit(API_TOKEN_ID)]), '=', id))
        .executeTakeFirst(),
    );
    return r.numDeletedRows > 0n;
  }

  async revokeApiTokens(accountId: string): Promise<number> {
    const r = await this.sql.write((trx) => trx.deleteFrom('api_tokens').where('account_id', '=', accountId).executeTakeFirst());
    return Number(r.numDeletedRows);
  }

  async apiToken(tokenHash: string): Promise<{ accountId: string; scope: string } | null> {
    const row = await this.sql.read((db) =>
      db.selectFrom('api_tokens').select(['account_id', 'scope']).where('token_hash', '=', tokenHash).executeTakeFirst(),
    );
    return row ? { accountId: row.account_id, scope: row.scope } : null;
  }
}

import type { Json } from '@hexarena/engines/engine/game.ts';
import type { Selectable } from 'kysely';
import type { NewGame } from './game.ts';
import { insertKept, type PairedSeat } from './lobby.ts';
import type { ChallengesTable } from './schema.ts';
import type { SqlDb } from './sql.ts';

/** A challenge from one player to another, as stored. */
export interface Challenge {
  readonly id: string;
  readonly from: { readonly account: string; readonly name: string };
  readonly to: { readonly account: string; readonly name: string };
  readonly game: string;
  readonly options: Json;
  readonly clock: { readonly initialMs: number; readonly incrementMs: number; readonly perMove?: boolean } | null;
  readonly rated: boolean;
  /** The challenger's seat; null: drawn when accepted. */
  readonly seat: number | null;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly status: 'open' | 'accepted' | 'declined' | 'cancelled';
  /** The game it became, once accepted. */
  readonly gameId: string | null;
}

/** What the stores keep of challenges between players, and of who is in the pairing at all. */
export interface ChallengeStore {
  /** Stores a new open challenge. */
  create(challenge: Challenge): Promise<void>;
  /** A challenge, whatever its status. */
  read(id: string): Promise<Challenge | null>;
  /**
   * The account's challenges, sent and received, newest first: the open ones not expired at `now`,
   * and those answered since `since` (so the challenger hears the answer).
   */
  of(account: string, now: number, since: number): Promise<Challenge[]>;
  /**
   * Answers an open, unexpired challenge: declined or cancelled; or accepted, its game made with its
   * seats taken in the same write. False when it was no longer open.
   */
  answer(
    id: string,
    answer: 'declined' | 'cancelled' | { readonly game: NewGame; readonly seats: readonly PairedSeat[] },
    now: number,
  ): Promise<boolean>;
  /**
   * Takes the account and the bots it owns out of pairing at `now`: their open challenges, sent and
   * received, cancelled, and their places in pools given up. The other accounts of the challenges cancelled.
   */
  withdraw(account: string, now: number): Promise<string[]>;
}

const challengeFromRow = (r: Selectable<ChallengesTable>): Challenge => ({
  id: r.id,
  from: { account: r.from_account, name: r.from_name },
  to: { account: r.to_account, name: r.to_name },
  game: r.game,
  options: JSON.parse(r.options) as Json,
  clock: r.clock ? (JSON.parse(r.clock) as Challenge['clock']) : null,
  rated: Boolean(r.rated),
  seat: r.seat === null ? null : Number(r.seat),
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  status: r.status as Challenge['status'],
  gameId: r.game_id,
});

/** The most of an account's challenges listed at once. */
const LISTED = 50;

export class ChallengeSql implements ChallengeStore {
  constructor(private readonly sql: SqlDb) {}

  async create(c: Challenge): Promise<void> {
    await this.sql.write((trx) =>
      trx
        .insertInto('challenges')
        .values({
          id: c.id,
          from_account: c.from.account,
          from_name: c.from.name,
          to_account: c.to.account,
          to_name: c.to.name,
          game: c.game,
          options: JSON.stringify(c.options),
          clock: c.clock ? JSON.stringify(c.clock) : null,
          rated: c.rated ? 1 : 0,
          seat: c.seat,
          created_at: c.createdAt,
          expires_at: c.expiresAt,
          status: c.status,
        })
        .execute(),
    );
  }

  async read(id: string): Promise<Challenge | null> {
    const row = await this.sql.read((db) => db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirst());
    return row ? challengeFromRow(row) : null;
  }

  async of(account: string, now: number, since: number): Promise<Challenge[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('challenges')
        .selectAll()
        .where((e) => e.or([e('to_account', '=', account), e('from_account', '=', account)]))
        .where((e) =>
          e.or([
            e.and([e('status', '=', 'open'), e('expires_at', '>', now)]),
            e.and([e('status', '<>', 'open'), e('answered_at', '>=', since)]),
          ]),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(LISTED)
        .execute(),
    );
    return rows.map(challengeFromRow);
  }

  answer(
    id: string,
    answer: 'declined' | 'cancelled' | { readonly game: NewGame; readonly seats: readonly PairedSeat[] },
    now: number,
  ): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const changed = await trx
        .updateTable('challenges')
        .set({
          status: typeof answer === 'string' ? answer : 'accepted',
          answered_at: now,
          game_id: typeof answer === 'string' ? null : answer.game.id,
        })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return false;
      if (typeof answer !== 'string') await insertKept(trx, answer.game, answer.seats);
      return true;
    });
  }

  withdraw(account: string, now: number): Promise<string[]> {
    return this.sql.write(async (trx) => {
      const owned = await trx.selectFrom('accounts').select('id').where('owner_id', '=', account).execute();
      const ids = [account, ...owned.map((r) => r.id)];
      const cancelled = await trx
        .updateTable('challenges')
        .set({ status: 'cancelled', answered_at: now })
        .where('status', '=', 'open')
        .where((e) => e.or([e('from_account', 'in', ids), e('to_account', 'in', ids)]))
        .returning(['from_account', 'to_account'])
        .execute();
      await trx.deleteFrom('pool_members').where('account_id', 'in', ids).execute();
      const others = new Set(cancelled.flatMap((r) => [r.from_account, r.to_account]));
      for (const id of ids) others.delete(id);
      return [...others];
    });
  }
}

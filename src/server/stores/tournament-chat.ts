import { keyTaken, type SqlDb } from './sql.ts';

/**
 * Tournaments' chat, kept (tournaments/chat.ts): each tournament's last lines, numbered in the order
 * written, so that any instance reads what another added since the last line it told (by number), and
 * a page merges what it read and what it heard without showing a line twice.
 */

/** A line of a tournament's chat: its number, who wrote it (the name shown then, and the account), what and when. */
export interface TournamentChatLine {
  readonly n: number;
  readonly author: string;
  /** Whose it is: a signed-in player's (the lines go with the account). */
  readonly account: string;
  readonly text: string;
  readonly at: number;
}

export interface TournamentChatStore {
  /** Adds a line after the tournament's last, keeping its last `keep`; the line as numbered. */
  add(tournament: string, line: Omit<TournamentChatLine, 'n'>, keep: number): Promise<TournamentChatLine>;
  /** The tournament's last `limit` lines, oldest first; with `after`, only those numbered past it. */
  read(tournament: string, limit: number, after?: number): Promise<TournamentChatLine[]>;
}

/** Migration 31 of both stores: tournaments' chat lines. */
export const TOURNAMENT_CHAT_MIGRATION = `CREATE TABLE tournament_chat (
     tournament_id TEXT NOT NULL,
     n INTEGER NOT NULL,
     author TEXT NOT NULL,
     account_id TEXT NOT NULL,
     text TEXT NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (tournament_id, n)
   );
   CREATE INDEX tournament_chat_by_account ON tournament_chat(account_id);`;

/** Lines at once that took the same number go again, this many times in all. */
const TRIES = 3;

export class TournamentChatSql implements TournamentChatStore {
  constructor(private readonly sql: SqlDb) {}

  async add(tournament: string, line: Omit<TournamentChatLine, 'n'>, keep: number): Promise<TournamentChatLine> {
    for (let tries = TRIES; ; tries--) {
      try {
        return await this.sql.write(async (trx) => {
          const last = await trx
            .selectFrom('tournament_chat')
            .select((e) => e.fn.max('n').as('n'))
            .where('tournament_id', '=', tournament)
            .executeTakeFirst();
          const n = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
          const { author, account, text, at } = line;
          await trx.insertInto('tournament_chat').values({ tournament_id: tournament, n, author, account_id: account, text, at }).execute();
          await trx
            .deleteFrom('tournament_chat')
            .where('tournament_id', '=', tournament)
            .where('n', '<=', n - keep)
            .execute();
          return { n, ...line };
        });
      } catch (e) {
        // Two lines written at once (on two instances, PostgreSQL) took the same number: the later goes again.
        if (!keyTaken(e) || tries <= 1) throw e;
      }
    }
  }

  async read(tournament: string, limit: number, after?: number): Promise<TournamentChatLine[]> {
    const rows = await this.sql.read((db) => {
      let q = db
        .selectFrom('tournament_chat')
        .select(['n', 'author', 'account_id', 'text', 'at'])
        .where('tournament_id', '=', tournament)
        .orderBy('n', 'desc')
        .limit(limit);
      if (after !== undefined) q = q.where('n', '>', after);
      return q.execute();
    });
    return rows.map((r) => ({ n: Number(r.n), author: r.author, account: r.account_id, text: r.text, at: Number(r.at) })).reverse();
  }
}

import type { Insertable } from 'kysely';
import type { TournamentChatTable } from './schema-tournaments.ts';
import { type Db, keyTaken, type SqlDb } from './sql.ts';

/**
 * Tournaments' chat, kept (tournaments/chat.ts): each tournament's last lines, numbered in the order
 * written, so that any instance reads what another added since the last line it told (by number), and
 * a page merges what it read and what it heard without showing a line twice.
 *
 * A moderator's removal of a line is numbered too: the line goes and a mark naming it takes the next
 * number, so every instance learns of the removal as it learns of new lines (what is past the last it
 * told), and no later line can take a number a page already knows.
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

/** A removal as numbered among the lines: who removed which line (`removes`, its number), when. */
export interface TournamentChatRemoval {
  readonly n: number;
  readonly removes: number;
  /** The moderator's name and account. */
  readonly author: string;
  readonly account: string;
  readonly at: number;
}

/** What was written since a number: lines, and removals of lines. */
export type TournamentChatEntry = TournamentChatLine | TournamentChatRemoval;

export const isRemoval = (e: TournamentChatEntry): e is TournamentChatRemoval => 'removes' in e;

export interface TournamentChatStore {
  /** Adds a line after the tournament's last, keeping its last `keep`; the line as numbered. */
  add(tournament: string, line: Omit<TournamentChatLine, 'n'>, keep: number): Promise<TournamentChatLine>;
  /** The tournament's last `limit` lines (removed ones gone), oldest first. */
  read(tournament: string, limit: number): Promise<TournamentChatLine[]>;
  /** What was written after number `after`, lines and removals, oldest first (at most `limit`: the last ones). */
  since(tournament: string, after: number, limit: number): Promise<TournamentChatEntry[]>;
  /**
   * Removes line `n` of the tournament, numbering the removal after the last line (by a moderator:
   * the caller checked): the line removed; null if there is no such line (never written, already
   * removed, or too old to be kept).
   */
  remove(tournament: string, n: number, by: Omit<TournamentChatRemoval, 'n' | 'removes'>, keep: number): Promise<TournamentChatLine | null>;
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

/** Migration 32 of both stores: a row that is a moderator's removal of a line (the line's number), not a line. */
export const TOURNAMENT_CHAT_REMOVALS = 'ALTER TABLE tournament_chat ADD COLUMN removes INTEGER;';

/** A row as written, but for the tournament and number (append numbers it). */
type Row = Omit<Insertable<TournamentChatTable>, 'tournament_id' | 'n'>;

/** Lines at once that took the same number go again, this many times in all. */
const TRIES = 3;

export class TournamentChatSql implements TournamentChatStore {
  constructor(private readonly sql: SqlDb) {}

  async add(tournament: string, line: Omit<TournamentChatLine, 'n'>, keep: number): Promise<TournamentChatLine> {
    const { author, account, text, at } = line;
    const n = await this.append(tournament, keep, async () => ({ author, account_id: account, text, at, removes: null }));
    if (n === null) throw new Error('a chat line was not written');
    return { n, ...line };
  }

  async remove(
    tournament: string,
    n: number,
    by: Omit<TournamentChatRemoval, 'n' | 'removes'>,
    keep: number,
  ): Promise<TournamentChatLine | null> {
    let removed: TournamentChatLine | null = null;
    await this.append(tournament, keep, async (trx) => {
      const gone = await trx
        .deleteFrom('tournament_chat')
        .where('tournament_id', '=', tournament)
        .where('n', '=', n)
        .where('removes', 'is', null)
        .returning(['author', 'account_id', 'text', 'at'])
        .executeTakeFirst();
      removed = gone ? { n, author: gone.author, account: gone.account_id, text: gone.text, at: Number(gone.at) } : null;
      // No such line: nothing is numbered.
      return gone ? { author: by.author, account_id: by.account, text: '', at: by.at, removes: n } : null;
    });
    return removed;
  }

  /**
   * Writes the row `row` makes (null: none) after the tournament's last, keeping its last `keep`; its number.
   * Two written at once (on two instances, PostgreSQL) took the same number: the later goes again.
   */
  private async append(tournament: string, keep: number, row: (trx: Db) => Promise<Row | null>): Promise<number | null> {
    for (let tries = TRIES; ; tries--) {
      try {
        return await this.sql.write(async (trx) => {
          // The last number read before `row` runs: a removal of the last line is numbered past it, not in its place.
          const last = await trx
            .selectFrom('tournament_chat')
            .select((e) => e.fn.max('n').as('n'))
            .where('tournament_id', '=', tournament)
            .executeTakeFirst();
          const n = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
          const values = await row(trx);
          if (values === null) return null;
          await trx
            .insertInto('tournament_chat')
            .values({ tournament_id: tournament, n, ...values })
            .execute();
          await trx
            .deleteFrom('tournament_chat')
            .where('tournament_id', '=', tournament)
            .where('n', '<=', n - keep)
            .execute();
          return n;
        });
      } catch (e) {
        if (!keyTaken(e) || tries <= 1) throw e;
      }
    }
  }

  async read(tournament: string, limit: number): Promise<TournamentChatLine[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('tournament_chat')
        .select(['n', 'author', 'account_id', 'text', 'at'])
        .where('tournament_id', '=', tournament)
        .where('removes', 'is', null)
        .orderBy('n', 'desc')
        .limit(limit)
        .execute(),
    );
    return rows.map((r) => ({ n: Number(r.n), author: r.author, account: r.account_id, text: r.text, at: Number(r.at) })).reverse();
  }

  async since(tournament: string, after: number, limit: number): Promise<TournamentChatEntry[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('tournament_chat')
        .select(['n', 'author', 'account_id', 'text', 'at', 'removes'])
        .where('tournament_id', '=', tournament)
        .where('n', '>', after)
        .orderBy('n', 'desc')
        .limit(limit)
        .execute(),
    );
    return rows
      .map((r): TournamentChatEntry => {
        const common = { n: Number(r.n), author: r.author, account: r.account_id, at: Number(r.at) };
        return r.removes === null ? { ...common, text: r.text } : { ...common, removes: Number(r.removes) };
      })
      .reverse();
  }
}

import type { Insertable } from 'kysely';
import type { GameId } from './game.ts';
import type { ChatTable } from './schema.ts';
import { compiledOnce, type Db, keyTaken, type SqlDb } from './sql.ts';

/**
 * Games' chat, kept: each game's last lines, numbered in the order written, so that an instance
 * reads what another added since the last number it knows.
 *
 * A moderator's removal of a line is numbered too (migration 34), as a tournament's is
 * (tournament-chat.ts): the line goes and a mark naming it takes the next number, so every instance
 * learns of the removal as it learns of new lines, and no later line takes a number a page already knows.
 */

/** A line of a game's chat, in one of its two rooms, as said. */
export interface ChatLine {
  readonly room: 'players' | 'spectators';
  /** The name shown (an account's name when written). */
  readonly author: string;
  /** Whose it is (removed with the account), if an account's. */
  readonly account: string | null;
  readonly text: string;
  readonly at: number;
}

/** A line as kept: with its number in the game's chat. */
export interface KeptChatLine extends ChatLine {
  readonly n: number;
}

/**
 * A removal as numbered among the lines: which line (`removes`, its number, in its room), when. Who
 * removed it is in the moderators' log, not here: the row carries no name that an account's deletion
 * would take with it (and with it the number, which a later line could then take again).
 */
export interface ChatRemoval {
  readonly n: number;
  readonly removes: number;
  readonly room: ChatLine['room'];
  readonly at: number;
}

/** What was written since a number: lines, and removals of lines. */
export type ChatEntry = KeptChatLine | ChatRemoval;

export const isChatRemoval = (e: ChatEntry): e is ChatRemoval => 'removes' in e;

/** What the stores keep of games' chat: the last lines of each game, numbered in the order written. */
export interface ChatStore {
  /** Adds a line to a game's chat, keeping its last `keep` lines: the line as numbered. */
  add(id: GameId, line: ChatLine, keep: number): Promise<KeptChatLine>;
  /** A game's kept chat lines (removed ones gone), oldest first. */
  read(id: GameId): Promise<KeptChatLine[]>;
  /** What was written in a game's chat after number `after`, lines and removals, oldest first. */
  since(id: GameId, after: number): Promise<ChatEntry[]>;
  /**
   * Removes line `n` of the game's chat, numbering the removal after the last line (by a moderator:
   * the caller checked): the line removed and the removal's own number; null if there is no such line
   * (never written, already removed, too old to be kept, or another game's).
   */
  remove(id: GameId, n: number, at: number, keep: number): Promise<{ readonly line: KeptChatLine; readonly n: number } | null>;
}

/** Migration 34 of both stores: a row that is a moderator's removal of a line (the line's number), not a line. */
export const GAME_CHAT_REMOVALS = 'ALTER TABLE chat ADD COLUMN removes INTEGER;';

/** A game's lines, read when its first socket opens on an instance: compiled once. */
const readChat = compiledOnce((db, v: { id: GameId }) =>
  db
    .selectFrom('chat')
    .select(['n', 'room', 'author', 'account_id', 'text', 'at'])
    .where('game_id', '=', v.id)
    .where('removes', 'is', null)
    .orderBy('n'),
);
interface ChatRow {
  readonly n: number;
  readonly room: string;
  readonly author: string;
  readonly account_id: string | null;
  readonly text: string;
  readonly at: number;
}

const roomOf = (room: string): ChatLine['room'] => (room === 'players' ? 'players' : 'spectators');
const lineOf = (r: ChatRow): KeptChatLine => ({
  n: Number(r.n),
  room: roomOf(r.room),
  author: r.author,
  account: r.account_id,
  text: r.text,
  at: Number(r.at),
});

/** A row as written, but for the game and number (append numbers it). */
type Row = Omit<Insertable<ChatTable>, 'game_id' | 'n'>;

/** Lines at once that took the same number go again, this many times in all. */
const TRIES = 3;

export class ChatSql implements ChatStore {
  constructor(private readonly sql: SqlDb) {}

  async add(id: GameId, line: ChatLine, keep: number): Promise<KeptChatLine> {
    const { room, author, account, text, at } = line;
    const n = await this.append(id, keep, async () => ({ room, author, account_id: account, text, at, removes: null }));
    if (n === null) throw new Error('a chat line was not written');
    return { n, ...line };
  }

  async remove(id: GameId, n: number, at: number, keep: number): Promise<{ readonly line: KeptChatLine; readonly n: number } | null> {
    let removed: KeptChatLine | null = null;
    const numbered = await this.append(id, keep, async (trx) => {
      const gone = await trx
        .deleteFrom('chat')
        .where('game_id', '=', id)
        .where('n', '=', n)
        .where('removes', 'is', null)
        .returning(['n', 'room', 'author', 'account_id', 'text', 'at'])
        .executeTakeFirst();
      removed = gone ? lineOf(gone) : null;
      // No such line: nothing is numbered. The removal is told to the readers of the line's room alone.
      return gone ? { room: gone.room, author: '', account_id: null, text: '', at, removes: n } : null;
    });
    return removed === null || numbered === null ? null : { line: removed, n: numbered };
  }

  /**
   * Writes the row `row` makes (null: none) after the game's last, keeping its last `keep`; its number.
   * Two written at once (on two instances, PostgreSQL) took the same number: the later goes again.
   */
  private async append(id: GameId, keep: number, row: (trx: Db) => Promise<Row | null>): Promise<number | null> {
    for (let tries = TRIES; ; tries--) {
      try {
        return await this.sql.write(async (trx) => {
          // The last number read before `row` runs: a removal of the last line is numbered past it, not in its place.
          const last = await trx
            .selectFrom('chat')
            .select((e) => e.fn.max('n').as('n'))
            .where('game_id', '=', id)
            .executeTakeFirst();
          const n = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
          const values = await row(trx);
          if (values === null) return null;
          await trx
            .insertInto('chat')
            .values({ game_id: id, n, ...values })
            .execute();
          await trx
            .deleteFrom('chat')
            .where('game_id', '=', id)
            .where('n', '<=', n - keep)
            .execute();
          return n;
        });
      } catch (e) {
        if (!keyTaken(e) || tries <= 1) throw e;
      }
    }
  }

  async read(id: GameId): Promise<KeptChatLine[]> {
    const rows = (await this.sql.read((db) => readChat(db, { id }))).rows as ChatRow[];
    return rows.map(lineOf);
  }

  async since(id: GameId, after: number): Promise<ChatEntry[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('chat')
        .select(['n', 'room', 'author', 'account_id', 'text', 'at', 'removes'])
        .where('game_id', '=', id)
        .where('n', '>', after)
        .orderBy('n')
        .execute(),
    );
    return rows.map((r): ChatEntry => {
      if (r.removes === null) return lineOf(r);
      return { n: Number(r.n), removes: Number(r.removes), room: roomOf(r.room), at: Number(r.at) };
    });
  }
}

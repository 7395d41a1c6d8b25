import type { GameId } from './game.ts';
import { compiledOnce, keyTaken, type SqlDb } from './sql.ts';

/** A line of a game's chat, in one of its two rooms. */
export interface ChatLine {
  readonly room: 'players' | 'spectators';
  /** The name shown (an account's name when written). */
  readonly author: string;
  /** Whose it is (removed with the account), if an account's. */
  readonly account: string | null;
  readonly text: string;
  readonly at: number;
}

/** What the stores keep of games' chat: the last lines of each game, numbered in the order written. */
export interface ChatStore {
  /** Adds a line to a game's chat, keeping its last `keep` lines. */
  add(id: GameId, line: ChatLine, keep: number): Promise<void>;
  /** A game's kept chat lines, oldest first. */
  read(id: GameId): Promise<ChatLine[]>;
}

/** A game's lines, read when its first socket opens on an instance: compiled once. */
const readChat = compiledOnce((db, v: { id: GameId }) =>
  db.selectFrom('chat').select(['room', 'author', 'account_id', 'text', 'at']).where('game_id', '=', v.id).orderBy('n'),
);
interface ChatRow {
  readonly room: string;
  readonly author: string;
  readonly account_id: string | null;
  readonly text: string;
  readonly at: number;
}

/** Lines at once that took the same number go again, this many times in all. */
const TRIES = 3;

export class ChatSql implements ChatStore {
  constructor(private readonly sql: SqlDb) {}

  async add(id: GameId, line: ChatLine, keep: number): Promise<void> {
    for (let tries = TRIES; ; tries--) {
      try {
        return await this.sql.write(async (trx) => {
          const last = await trx
            .selectFrom('chat')
            .select((e) => e.fn.max('n').as('n'))
            .where('game_id', '=', id)
            .executeTakeFirst();
          const n = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
          const { room, author, account, text, at } = line;
          await trx.insertInto('chat').values({ game_id: id, n, room, author, account_id: account, text, at }).execute();
          await trx
            .deleteFrom('chat')
            .where('game_id', '=', id)
            .where('n', '<=', n - keep)
            .execute();
        });
      } catch (e) {
        // Two lines of one game written at once (PostgreSQL) took the same number: the later goes again.
        if (!keyTaken(e) || tries <= 1) throw e;
      }
    }
  }

  async read(id: GameId): Promise<ChatLine[]> {
    const rows = (await this.sql.read((db) => readChat(db, { id }))).rows as ChatRow[];
    return rows.map((r) => ({
      room: r.room === 'players' ? 'players' : 'spectators',
      author: r.author,
      account: r.account_id,
      text: r.text,
      at: Number(r.at),
    }));
  }
}

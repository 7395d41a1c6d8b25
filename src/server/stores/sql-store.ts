import type { GameEnding, GameId, RATINGS_CHANGED } from '../store.ts';
import { type ChatLine, ChatSql } from './chat.ts';
import { EndingSql } from './ending.ts';
import type { SqlDb } from './sql.ts';

/**
 * Both stores' common half: every concern written once over the query builder (stores/*.ts), its
 * methods the store's own. SqliteStore and PgStore add only what differs: opening the database,
 * migrating it, and the dialect's ways where a concern asks for them.
 */
export abstract class SqlStore {
  private readonly chats: ChatSql;
  private readonly endings: EndingSql;

  constructor(protected readonly sqlDb: SqlDb) {
    this.chats = new ChatSql(sqlDb);
    this.endings = new EndingSql(sqlDb);
  }

  // Chat (stores/chat.ts).
  addChat(id: GameId, line: ChatLine, keep: number): Promise<void> {
    return this.chats.addChat(id, line, keep);
  }
  chat(id: GameId): Promise<ChatLine[]> {
    return this.chats.chat(id);
  }

  // A game's end (stores/ending.ts).
  end(id: GameId, ending: GameEnding): Promise<boolean | typeof RATINGS_CHANGED> {
    return this.endings.end(id, ending);
  }
}

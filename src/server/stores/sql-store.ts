import type { GameId } from '../store.ts';
import { type ChatLine, ChatSql } from './chat.ts';
import type { SqlDb } from './sql.ts';

/**
 * Both stores' common half: every concern written once over the query builder (stores/*.ts), its
 * methods the store's own. SqliteStore and PgStore add only what differs: opening the database,
 * migrating it, and the dialect's ways where a concern asks for them.
 */
export abstract class SqlStore {
  private readonly chats: ChatSql;

  constructor(protected readonly sqlDb: SqlDb) {
    this.chats = new ChatSql(sqlDb);
  }

  // Chat (stores/chat.ts).
  addChat(id: GameId, line: ChatLine, keep: number): Promise<void> {
    return this.chats.addChat(id, line, keep);
  }
  chat(id: GameId): Promise<ChatLine[]> {
    return this.chats.chat(id);
  }
}

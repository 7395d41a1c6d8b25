import type { Account, DeletionDetails, StoredSession } from '../identity/store.ts';
import type { GameId } from '../store.ts';
import { AccountsSql } from './accounts.ts';
import { BotsSql } from './bots.ts';
import { type ChatLine, ChatSql } from './chat.ts';
import type { SqlDb } from './sql.ts';

/**
 * Both stores' common half: every concern written once over the query builder (stores/*.ts), its
 * methods the store's own. SqliteStore and PgStore add only what differs: opening the database,
 * migrating it, and the dialect's ways where a concern asks for them.
 */
export abstract class SqlStore {
  private readonly chats: ChatSql;
  private readonly accounts: AccountsSql;
  private readonly bots: BotsSql;

  constructor(protected readonly sqlDb: SqlDb) {
    this.chats = new ChatSql(sqlDb);
    this.accounts = new AccountsSql(sqlDb);
    this.bots = new BotsSql(sqlDb);
  }

  // Chat (stores/chat.ts).
  addChat(id: GameId, line: ChatLine, keep: number): Promise<void> {
    return this.chats.addChat(id, line, keep);
  }
  chat(id: GameId): Promise<ChatLine[]> {
    return this.chats.chat(id);
  }

  // Identity (stores/accounts.ts, stores/bots.ts).
  createGuest(id: string, name: string, createdAt: number): Promise<void> {
    return this.accounts.createGuest(id, name, createdAt);
  }
  register(id: string, name: string, key: string, keyHash: string, passwordHash: string, createdAt: number): Promise<boolean> {
    return this.accounts.register(id, name, key, keyHash, passwordHash, createdAt);
  }
  account(id: string): Promise<Account | null> {
    return this.accounts.account(id);
  }
  accountByKey(key: string): Promise<Account | null> {
    return this.accounts.accountByKey(key);
  }
  setPassword(id: string, passwordHash: string): Promise<void> {
    return this.accounts.setPassword(id, passwordHash);
  }
  deleteAccount(id: string, placeholder: string, keyHash: string | null, deletion?: DeletionDetails): Promise<void> {
    return this.accounts.deleteAccount(id, placeholder, keyHash, deletion);
  }
  createSession(idHash: string, accountId: string, now: number): Promise<void> {
    return this.accounts.createSession(idHash, accountId, now);
  }
  session(idHash: string): Promise<StoredSession | null> {
    return this.accounts.session(idHash);
  }
  touchSession(idHash: string, now: number): Promise<void> {
    return this.accounts.touchSession(idHash, now);
  }
  endSession(idHash: string): Promise<void> {
    return this.accounts.endSession(idHash);
  }
  endSessions(accountId: string, except: string | null): Promise<number> {
    return this.accounts.endSessions(accountId, except);
  }
  sessionsOf(accountId: string): Promise<StoredSession[]> {
    return this.accounts.sessionsOf(accountId);
  }
  registerOwnedBot(
    accountId: string,
    ownerId: string,
    name: string,
    key: string,
    keyHash: string,
    tokenHash: string,
    createdAt: number,
    maxBots?: number,
  ): Promise<boolean> {
    return this.bots.registerOwnedBot(accountId, ownerId, name, key, keyHash, tokenHash, createdAt, maxBots);
  }
  ensureEngineAccount(id: string, name: string, key: string, createdAt: number): Promise<void> {
    return this.accounts.ensureEngineAccount(id, name, key, createdAt);
  }
  ownerOf(accountId: string): Promise<string | null> {
    return this.bots.ownerOf(accountId);
  }
  ownerOfBot(tokenHash: string): Promise<string | null> {
    return this.bots.ownerOfBot(tokenHash);
  }
  botsOwnedBy(ownerId: string): Promise<{ name: string; createdAt: number }[]> {
    return this.bots.botsOwnedBy(ownerId);
  }
  rotateBotToken(ownerId: string, key: string, tokenHash: string): Promise<string | null> {
    return this.bots.rotateBotToken(ownerId, key, tokenHash);
  }
  createApiToken(tokenHash: string, accountId: string, label: string, scope: string, createdAt: number): Promise<void> {
    return this.bots.createApiToken(tokenHash, accountId, label, scope, createdAt);
  }
  apiTokensOf(accountId: string): Promise<{ id: string; label: string; scope: string; createdAt: number }[]> {
    return this.bots.apiTokensOf(accountId);
  }
  revokeApiToken(accountId: string, id: string): Promise<boolean> {
    return this.bots.revokeApiToken(accountId, id);
  }
  revokeApiTokens(accountId: string): Promise<number> {
    return this.bots.revokeApiTokens(accountId);
  }
  apiToken(tokenHash: string): Promise<{ accountId: string; scope: string } | null> {
    return this.bots.apiToken(tokenHash);
  }
  seatsOf(accountId: string): Promise<{ game: string; seat: number }[]> {
    return this.accounts.seatsOf(accountId);
  }
  liveSeatsOf(account: string): Promise<{ game: GameId; seat: number }[]> {
    return this.accounts.liveSeatsOf(account);
  }
  closedInPlay(): Promise<string[]> {
    return this.accounts.closedInPlay();
  }
  siteSecret(): Promise<string> {
    return this.accounts.siteSecret();
  }
  registerBot(tokenHash: string, name: string, createdAt: number): Promise<boolean> {
    return this.bots.registerBot(tokenHash, name, createdAt);
  }
  botName(tokenHash: string): Promise<string | null> {
    return this.bots.botName(tokenHash);
  }
  seatedIn(tokenHash: string): Promise<GameId[]> {
    return this.bots.seatedIn(tokenHash);
  }
}

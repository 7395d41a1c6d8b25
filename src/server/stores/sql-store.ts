import type { GameId, NewGame, StoredGame } from '../store.ts';
import { type Challenge, ChallengeSql } from './challenges.ts';
import { type ChatLine, ChatSql } from './chat.ts';
import { LobbySql, type Paired, type PairedSeat, type Waiting } from './lobby.ts';
import type { SqlDb } from './sql.ts';

/**
 * Both stores' common half: every concern written once over the query builder (stores/*.ts), its
 * methods the store's own. SqliteStore and PgStore add only what differs: opening the database,
 * migrating it, and the dialect's ways where a concern asks for them.
 */
export abstract class SqlStore {
  private readonly chats: ChatSql;
  private readonly lobby: LobbySql;
  private readonly challenges: ChallengeSql;

  constructor(protected readonly sqlDb: SqlDb) {
    this.chats = new ChatSql(sqlDb);
    this.lobby = new LobbySql(sqlDb);
    this.challenges = new ChallengeSql(sqlDb);
  }

  // Chat (stores/chat.ts).
  addChat(id: GameId, line: ChatLine, keep: number): Promise<void> {
    return this.chats.addChat(id, line, keep);
  }
  chat(id: GameId): Promise<ChatLine[]> {
    return this.chats.chat(id);
  }

  // Lobby (stores/lobby.ts, stores/challenges.ts).
  open(limit?: number): Promise<StoredGame[]> {
    return this.lobby.open(limit);
  }
  playing(limit: number): Promise<StoredGame[]> {
    return this.lobby.playing(limit);
  }
  openBy(creator: string): Promise<number> {
    return this.lobby.openBy(creator);
  }
  aiOnlyBy(creator: string): Promise<number> {
    return this.lobby.aiOnlyBy(creator);
  }
  joinPool(who: Waiting, seenUntil: number): Promise<number> {
    return this.lobby.joinPool(who, seenUntil);
  }
  leavePool(account: string): Promise<boolean> {
    return this.lobby.leavePool(account);
  }
  waiting(pool: string, now: number): Promise<Waiting[]> {
    return this.lobby.waiting(pool, now);
  }
  poolCounts(now: number): Promise<Record<string, number>> {
    return this.lobby.poolCounts(now);
  }
  renewWaiting(accounts: readonly string[], until: number): Promise<Paired[]> {
    return this.lobby.renewWaiting(accounts, until);
  }
  pairUp(pool: string, game: NewGame, seats: readonly PairedSeat[]): Promise<boolean> {
    return this.lobby.pairUp(pool, game, seats);
  }
  createKept(game: NewGame, seats: readonly PairedSeat[]): Promise<void> {
    return this.lobby.createKept(game, seats);
  }
  addMiss(pool: string, accounts: readonly string[]): Promise<void> {
    return this.lobby.addMiss(pool, accounts);
  }
  lease(name: string, owner: string, until: number, now: number): Promise<boolean> {
    return this.lobby.lease(name, owner, until, now);
  }
  createChallenge(challenge: Challenge): Promise<void> {
    return this.challenges.createChallenge(challenge);
  }
  challenge(id: string): Promise<Challenge | null> {
    return this.challenges.challenge(id);
  }
  challengesOf(account: string, now: number, since: number): Promise<Challenge[]> {
    return this.challenges.challengesOf(account, now, since);
  }
  answerChallenge(
    id: string,
    answer: 'declined' | 'cancelled' | { readonly game: NewGame; readonly seats: readonly PairedSeat[] },
    now: number,
  ): Promise<boolean> {
    return this.challenges.answerChallenge(id, answer, now);
  }
  withdraw(account: string, now: number): Promise<string[]> {
    return this.challenges.withdraw(account, now);
  }
}

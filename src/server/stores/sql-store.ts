import type {
  LoggedAction,
  ModAction,
  NewReport,
  RatingReset,
  ReportRefusal,
  Role,
  Sanction,
  SanctionKind,
  StoredReport,
} from '../moderation/store.ts';
import type {
  AfterMove,
  AppendRefusal,
  Departure,
  GameEnding,
  GameId,
  NewGame,
  Offer,
  RATINGS_CHANGED,
  StoredGame,
  StoredMove,
} from '../store.ts';
import { type ChatLine, ChatSql } from './chat.ts';
import { EndingSql } from './ending.ts';
import { GamesSql } from './games.ts';
import { HeartbeatsSql } from './heartbeats.ts';
import { ModerationSql } from './moderation.ts';
import type { SqlDb } from './sql.ts';

/**
 * Both stores' common half: every concern written once over the query builder (stores/*.ts), its
 * methods the store's own. SqliteStore and PgStore add only what differs: opening the database,
 * migrating it, and the dialect's ways where a concern asks for them.
 */
export abstract class SqlStore {
  private readonly chats: ChatSql;
  private readonly endings: EndingSql;
  private readonly moderation: ModerationSql;
  private readonly heartbeats: HeartbeatsSql;
  private readonly games: GamesSql;

  constructor(protected readonly sqlDb: SqlDb) {
    this.chats = new ChatSql(sqlDb);
    this.endings = new EndingSql(sqlDb);
    this.moderation = new ModerationSql(sqlDb);
    this.heartbeats = new HeartbeatsSql(sqlDb);
    this.games = new GamesSql(sqlDb);
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

  // Moderation (stores/moderation.ts).
  setRole(accountId: string, role: Role, granted: boolean, entry: ModAction): Promise<boolean> {
    return this.moderation.setRole(accountId, role, granted, entry);
  }
  hasRole(accountId: string, role: Role): Promise<boolean> {
    return this.moderation.hasRole(accountId, role);
  }
  withRole(role: Role): Promise<{ readonly name: string; readonly since: number }[]> {
    return this.moderation.withRole(role);
  }
  fileReport(report: NewReport, since: number, max: number): Promise<ReportRefusal | null> {
    return this.moderation.fileReport(report, since, max);
  }
  reports(open: boolean, limit: number, before?: number): Promise<StoredReport[]> {
    return this.moderation.reports(open, limit, before);
  }
  report(id: string): Promise<StoredReport | null> {
    return this.moderation.report(id);
  }
  closeReport(id: string, entry: ModAction): Promise<boolean> {
    return this.moderation.closeReport(id, entry);
  }
  sanction(accountId: string, kind: SanctionKind, until: number | null, entry: ModAction): Promise<string[]> {
    return this.moderation.sanction(accountId, kind, until, entry);
  }
  lift(accountId: string, kind: SanctionKind, entry: ModAction): Promise<boolean> {
    return this.moderation.lift(accountId, kind, entry);
  }
  bannedInPlay(): Promise<string[]> {
    return this.moderation.bannedInPlay();
  }
  sanctionsOf(accountId: string, now: number): Promise<Sanction[]> {
    return this.moderation.sanctionsOf(accountId, now);
  }
  resetRatings(accountId: string, entry: ModAction): Promise<RatingReset> {
    return this.moderation.resetRatings(accountId, entry);
  }
  modLog(limit: number, before?: number): Promise<LoggedAction[]> {
    return this.moderation.modLog(limit, before);
  }

  // Heartbeats (stores/heartbeats.ts).
  heartbeat(instance: string, now: number, stopped?: boolean): Promise<void> {
    return this.heartbeats.heartbeat(instance, now, stopped);
  }
  resumeClocks(instance: string, now: number, staleMs: number): Promise<number> {
    return this.heartbeats.resumeClocks(instance, now, staleMs);
  }

  // Games and moves (stores/games.ts).
  create(game: NewGame): Promise<void> {
    return this.games.create(game);
  }
  read(id: GameId): Promise<StoredGame | null> {
    return this.games.read(id);
  }
  append(id: GameId, move: StoredMove, after: AfterMove): Promise<AppendRefusal | null> {
    return this.games.append(id, move, after);
  }
  claimSeat(
    id: GameId,
    seat: number,
    tokenHash: string,
    name: string | null,
    due?: number,
    account?: string,
    owner?: string,
  ): Promise<boolean> {
    return this.games.claimSeat(id, seat, tokenHash, name, due, account, owner);
  }
  setOffer(id: GameId, offer: Offer | null, plies: number, undone: number): Promise<boolean> {
    return this.games.setOffer(id, offer, plies, undone);
  }
  takeBack(
    id: GameId,
    toPly: number,
    plies: number,
    undone: number,
    after: { deadline: number | null; due: number | null },
  ): Promise<boolean> {
    return this.games.takeBack(id, toPly, plies, undone, after);
  }
  depart(id: GameId, departure: Departure, departed: number, due?: number): Promise<boolean> {
    return this.games.depart(id, departure, departed, due);
  }
  claim(id: GameId, plies: number, owner: string, until: number, now: number): Promise<boolean> {
    return this.games.claim(id, plies, owner, until, now);
  }
  claimDue(owner: string, until: number, now: number, limit: number): Promise<GameId[]> {
    return this.games.claimDue(owner, until, now, limit);
  }
  settle(id: GameId, plies: number, owner: string, due: number | null): Promise<void> {
    return this.games.settle(id, plies, owner, due);
  }
}

import type { Json } from '../../engine/game.ts';
import type { GamesQuery, PlayedResult } from '../identity/store.ts';
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
import type { GameEnding, GameId, RATINGS_CHANGED, StoredGame } from '../store.ts';
import { ArchiveSql } from './archive.ts';
import { type ChatLine, ChatSql } from './chat.ts';
import { EndingSql } from './ending.ts';
import { type ExplorerCount, ExplorerSql, type OpeningLine } from './explorer.ts';
import { HeartbeatsSql } from './heartbeats.ts';
import { ModerationSql } from './moderation.ts';
import { type PuzzleRoundResult, type PuzzleRoundRow, PuzzlesSql, type StoredPuzzleRating } from './puzzles.ts';
import { type Ranked, type RatingPoint, RatingsSql, type StoredRating } from './ratings.ts';
import { type ReviewRequestRow, ReviewsSql, type StoredReview } from './reviews.ts';
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
  private readonly ratings: RatingsSql;
  private readonly archive: ArchiveSql;
  private readonly explorerIndex: ExplorerSql;
  private readonly reviews: ReviewsSql;
  private readonly puzzles: PuzzlesSql;

  constructor(protected readonly sqlDb: SqlDb) {
    this.chats = new ChatSql(sqlDb);
    this.endings = new EndingSql(sqlDb);
    this.moderation = new ModerationSql(sqlDb);
    this.heartbeats = new HeartbeatsSql(sqlDb);
    this.ratings = new RatingsSql(sqlDb);
    this.archive = new ArchiveSql(sqlDb);
    this.explorerIndex = new ExplorerSql(sqlDb);
    this.reviews = new ReviewsSql(sqlDb);
    this.puzzles = new PuzzlesSql(sqlDb);
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

  // Ratings (stores/ratings.ts).
  ratingsOf(accountId: string): Promise<StoredRating[]> {
    return this.ratings.ratingsOf(accountId);
  }
  ratingHistory(accountId: string, perf: string, limit: number): Promise<RatingPoint[]> {
    return this.ratings.ratingHistory(accountId, perf, limit);
  }
  leaderboard(perf: string, maxDeviation: number, limit: number): Promise<Ranked[]> {
    return this.ratings.leaderboard(perf, maxDeviation, limit);
  }
  ratedAbove(perf: string, maxDeviation: number, rating: number): Promise<number> {
    return this.ratings.ratedAbove(perf, maxDeviation, rating);
  }

  // Archive of played games (stores/archive.ts).
  gamesOf(accountId: string, query: GamesQuery): Promise<StoredGame[]> {
    return this.archive.gamesOf(accountId, query);
  }
  finishedGames(game: string, after: GameId | null, limit: number): Promise<StoredGame[]> {
    return this.archive.finishedGames(game, after, limit);
  }
  resultsOf(accountId: string): Promise<PlayedResult[]> {
    return this.archive.resultsOf(accountId);
  }

  // Opening explorer (stores/explorer.ts).
  unexplored(limit: number): Promise<{ ids: GameId[]; left: number }> {
    return this.explorerIndex.unexplored(limit);
  }
  explore(id: GameId, opening: OpeningLine | null): Promise<boolean> {
    return this.explorerIndex.explore(id, opening);
  }
  explorer(variant: string, key: string): Promise<ExplorerCount[]> {
    return this.explorerIndex.explorer(variant, key);
  }

  // Reviews (stores/reviews.ts).
  requestReview(request: ReviewRequestRow): Promise<StoredReview> {
    return this.reviews.requestReview(request);
  }
  review(gameId: GameId): Promise<StoredReview | null> {
    return this.reviews.review(gameId);
  }
  reviewProgress(gameId: GameId, evaluations: readonly Json[]): Promise<boolean> {
    return this.reviews.reviewProgress(gameId, evaluations);
  }
  finishReview(gameId: GameId, review: Json): Promise<boolean> {
    return this.reviews.finishReview(gameId, review);
  }
  unfinishedReviews(limit: number): Promise<StoredReview[]> {
    return this.reviews.unfinishedReviews(limit);
  }
  reviewsRequestedBy(requester: string, since: number): Promise<number> {
    return this.reviews.reviewsRequestedBy(requester, since);
  }

  // Puzzles (stores/puzzles.ts).
  puzzleRound(round: PuzzleRoundRow): Promise<PuzzleRoundResult | null> {
    return this.puzzles.puzzleRound(round);
  }
  puzzleStanding(account: string, game: string): Promise<{ rating: StoredRating | null; tried: string[] }> {
    return this.puzzles.puzzleStanding(account, game);
  }
  puzzleRatings(game: string): Promise<StoredPuzzleRating[]> {
    return this.puzzles.puzzleRatings(game);
  }
}

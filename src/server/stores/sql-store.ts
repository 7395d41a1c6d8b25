import type { Json } from '../../engine/game.ts';
import type { Account, DeletionDetails, GamesQuery, PlayedResult, StoredSession } from '../identity/store.ts';
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
import { AccountsSql } from './accounts.ts';
import { ArchiveSql } from './archive.ts';
import { BotsSql } from './bots.ts';
import { type Challenge, ChallengeSql } from './challenges.ts';
import { type ChatLine, ChatSql } from './chat.ts';
import { EndingSql, type GameEnding, type RATINGS_CHANGED } from './ending.ts';
import { type ExplorerCount, ExplorerSql, type OpeningLine } from './explorer.ts';
import type { AfterMove, AppendRefusal, Departure, GameId, NewGame, Offer, StoredGame, StoredMove } from './game.ts';
import { GamesSql } from './games.ts';
import { HeartbeatsSql } from './heartbeats.ts';
import { LobbySql, type Paired, type PairedSeat, type Waiting } from './lobby.ts';
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
  private readonly accounts: AccountsSql;
  private readonly bots: BotsSql;
  private readonly lobby: LobbySql;
  private readonly challenges: ChallengeSql;
  private readonly games: GamesSql;

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
    this.accounts = new AccountsSql(sqlDb);
    this.bots = new BotsSql(sqlDb);
    this.lobby = new LobbySql(sqlDb);
    this.challenges = new ChallengeSql(sqlDb);
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

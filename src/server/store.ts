import type { Heartbeats } from './downtime.ts';
import type { IdentityStore } from './identity/store.ts';
import type { ModerationStore } from './moderation/store.ts';
import type { SocialStore } from './social/store.ts';
import type { ArchiveStore } from './stores/archive.ts';
import type { ChallengeStore } from './stores/challenges.ts';
import type { ChatStore } from './stores/chat.ts';
import type { ExplorerStore } from './stores/explorer.ts';
import type { DiskState } from './stores/failures.ts';
import type { ForecastsStore } from './stores/forecasts.ts';
import type { GamesStore } from './stores/games.ts';
import type { GamesDbStore } from './stores/games-db.ts';
import type { LobbyStore } from './stores/lobby.ts';
import type { PuzzlesStore } from './stores/puzzles.ts';
import type { RatingsStore } from './stores/ratings.ts';
import type { ReviewsStore } from './stores/reviews.ts';
import type { TournamentChatStore } from './stores/tournament-chat.ts';
import type { TournamentsStore } from './tournaments/store.ts';

/**
 * Where online games live: every game as options + seed + moves, the seat tokens (hashed), and the
 * clocks' deadlines. The store is the truth; a server's rooms are a cache of it. A move is appended
 * at a ply and fails if that ply exists: that check is what decides races between two writers.
 * Implementations (SQLite embedded, PostgreSQL for several instances) pass one contract suite.
 */

export type { Heartbeats } from './downtime.ts';
export type { AccountStore, BotStore, IdentityStore } from './identity/store.ts';
export type { ModerationStore } from './moderation/store.ts';
export type { SocialStore } from './social/store.ts';
export type { ArchiveStore } from './stores/archive.ts';
export type { Challenge, ChallengeStore } from './stores/challenges.ts';
export type { ChatLine, ChatStore } from './stores/chat.ts';
export { type EndingStore, type GameEnding, RATINGS_CHANGED, type RatingChange } from './stores/ending.ts';
export type { ExplorerCount, ExplorerStore, OpeningLine } from './stores/explorer.ts';
export * from './stores/failures.ts';
export * from './stores/game.ts';
export { type GameRow, gameFromRows } from './stores/game-rows.ts';
export type { GamesStore } from './stores/games.ts';
export type { FoundGame, GamePositions, GamesDbStore, GamesQuery as GamesDbQuery, PlayerOutcome } from './stores/games-db.ts';
export type { LobbyStore, Paired, PairedSeat, Waiting } from './stores/lobby.ts';
export type { PuzzleRoundResult, PuzzleRoundRow, PuzzlesStore, StoredPuzzleRating } from './stores/puzzles.ts';
export type { NewRating, Ranked, RatingPoint, RatingsStore, StoredRating } from './stores/ratings.ts';
export type { ReviewRequestRow, ReviewsStore, StoredReview } from './stores/reviews.ts';

/**
 * The store, one part a concern, each named for what it keeps and written once for both databases
 * (stores/*.ts): `store.games.append(…)`, `store.chat.add(…)`. A module that needs one concern takes
 * that part alone (`ChatStore`), not the whole store.
 */
export interface GameStore extends IdentityStore {
  /** Games and moves as they are played, and their ends (with the ratings and opening they write). */
  readonly games: GamesStore;
  /** The open games and those under way, the pools, the leases. */
  readonly lobby: LobbyStore;
  readonly challenges: ChallengeStore;
  readonly chat: ChatStore;
  readonly ratings: RatingsStore;
  /** A player's games and results, the finished games of a kind. */
  readonly archive: ArchiveStore;
  readonly explorer: ExplorerStore;
  /** Finished games searched by player, game, result, speed, date, rating and opening. */
  readonly gamesDb: GamesDbStore;
  readonly reviews: ReviewsStore;
  readonly puzzles: PuzzlesStore;
  readonly moderation: ModerationStore;
  /** Blocks and follows between players. */
  readonly social: SocialStore;
  readonly heartbeats: Heartbeats;
  /** Tournaments, their entries, rounds, pairings and standings. */
  readonly tournaments: TournamentsStore;
  /** Correspondence games' conditional premoves, a seat's each. */
  readonly forecasts: ForecastsStore;
  /** Tournaments' chat: each tournament's last lines. */
  readonly tournamentChat: TournamentChatStore;
  /** Whether writes fail for want of disk (reported by /healthz); absent where the store cannot tell. */
  readonly disk?: DiskState;
  close(): Promise<void>;
}

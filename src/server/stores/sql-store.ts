import type { Heartbeats } from '../downtime.ts';
import type { AccountStore, BotStore } from '../identity/store.ts';
import type { ModerationStore } from '../moderation/store.ts';
import type { SocialStore } from '../social/store.ts';
import type { GameStore } from '../store.ts';
import type { TournamentsStore } from '../tournaments/store.ts';
import { AccountsSql } from './accounts.ts';
import { ArchiveSql, type ArchiveStore } from './archive.ts';
import { BotsSql } from './bots.ts';
import { ChallengeSql, type ChallengeStore } from './challenges.ts';
import { ChatSql, type ChatStore } from './chat.ts';
import type { CreatorTallies } from './creator-tallies.ts';
import { ExplorerSql, type ExplorerStore } from './explorer.ts';
import { ForecastsSql, type ForecastsStore } from './forecasts.ts';
import { GamesSql, type GamesStore } from './games.ts';
import { GamesDbSql, type GamesDbStore } from './games-db.ts';
import { HeartbeatsSql } from './heartbeats.ts';
import { LobbySql, type LobbyStore } from './lobby.ts';
import { ModerationSql } from './moderation.ts';
import { PuzzlesSql, type PuzzlesStore } from './puzzles.ts';
import { RatingsSql, type RatingsStore } from './ratings.ts';
import { ReviewsSql, type ReviewsStore } from './reviews.ts';
import { SocialSql } from './social.ts';
import type { SqlDb } from './sql.ts';
import { TournamentChatSql, type TournamentChatStore } from './tournament-chat.ts';
import { TournamentsSql } from './tournaments.ts';

/**
 * Both stores' common half: every concern written once over the query builder (stores/*.ts), made
 * over one database. SqliteStore and PgStore add only what differs: opening the database and
 * migrating it.
 */
export abstract class SqlStore implements GameStore {
  readonly games: GamesStore;
  readonly lobby: LobbyStore;
  readonly challenges: ChallengeStore;
  readonly chat: ChatStore;
  readonly ratings: RatingsStore;
  readonly accounts: AccountStore;
  readonly bots: BotStore;
  readonly archive: ArchiveStore;
  readonly explorer: ExplorerStore;
  readonly gamesDb: GamesDbStore;
  readonly reviews: ReviewsStore;
  readonly puzzles: PuzzlesStore;
  readonly moderation: ModerationStore;
  readonly social: SocialStore;
  readonly heartbeats: Heartbeats;
  readonly tournaments: TournamentsStore;
  readonly forecasts: ForecastsStore;
  readonly tournamentChat: TournamentChatStore;

  /**
   * `tallies`: each creator's live games kept in memory, where this process is the store's one writer
   * (SQLite); null where instances share the store (PostgreSQL), which is asked instead.
   */
  constructor(
    protected readonly sqlDb: SqlDb,
    tallies: CreatorTallies | null = null,
  ) {
    this.games = new GamesSql(sqlDb, tallies);
    this.lobby = new LobbySql(sqlDb, tallies);
    this.challenges = new ChallengeSql(sqlDb);
    this.chat = new ChatSql(sqlDb);
    this.ratings = new RatingsSql(sqlDb);
    this.accounts = new AccountsSql(sqlDb, tallies);
    this.bots = new BotsSql(sqlDb);
    this.archive = new ArchiveSql(sqlDb);
    this.explorer = new ExplorerSql(sqlDb);
    this.gamesDb = new GamesDbSql(sqlDb);
    this.reviews = new ReviewsSql(sqlDb);
    this.puzzles = new PuzzlesSql(sqlDb);
    this.moderation = new ModerationSql(sqlDb);
    this.social = new SocialSql(sqlDb);
    this.heartbeats = new HeartbeatsSql(sqlDb);
    this.tournaments = new TournamentsSql(sqlDb);
    this.forecasts = new ForecastsSql(sqlDb);
    this.tournamentChat = new TournamentChatSql(sqlDb);
  }

  abstract close(): Promise<void>;
}

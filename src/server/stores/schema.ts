import type { Generated } from 'kysely';

/**
 * The tables both stores keep, as the typed query builder sees them: one schema for SQLite and PostgreSQL, mirroring
 * the stores' migrations (stores/migrations.ts) column for column (a test compares them). Times are milliseconds since
 * the epoch (BIGINT on PostgreSQL, read back as numbers); JSON is kept as text; flags are 0 or 1.
 */
import type {
  TournamentChatTable,
  TournamentEntriesTable,
  TournamentPairingsTable,
  TournamentRoundsTable,
  TournamentsTable,
} from './schema-tournaments.ts';

export type { TournamentChatTable, TournamentEntriesTable, TournamentPairingsTable, TournamentRoundsTable, TournamentsTable };

import type { Defaulted } from './schema-columns.ts';

export interface AccountsTable {
  id: string;
  name: string;
  name_key: string | null;
  password_hash: string | null;
  kind: string;
  created_at: number;
  owner_id: string | null;
  language: string | null;
}

export interface ApiTokensTable {
  token_hash: string;
  account_id: string;
  label: string;
  scope: string;
  created_at: number;
}

export interface BlocksTable {
  blocker: string;
  blocked: string;
  at: number;
}

export interface BotsTable {
  token_hash: string;
  name: string;
  created_at: number;
  account_id: string | null;
}

export interface ChallengesTable {
  id: string;
  from_account: string;
  from_name: string;
  to_account: string;
  to_name: string;
  game: string;
  options: string;
  clock: string | null;
  rated: number;
  seat: number | null;
  created_at: number;
  expires_at: number;
  status: string;
  answered_at: number | null;
  game_id: string | null;
}

export interface ChatTable {
  game_id: string;
  n: number;
  room: string;
  author: string;
  account_id: string | null;
  text: string;
  at: number;
  /** A moderator's removal (migration 34): the number of the line removed; null on a line. */
  removes: number | null;
}

export interface DeparturesTable {
  game_id: string;
  n: number;
  seat: number;
  plies: number;
  at: number;
  termination: string;
}

export interface ExplorerTable {
  variant: string;
  position: string;
  move: string;
  games: number;
  first_wins: number;
  draws: number;
  second_wins: number;
}

export interface FollowsTable {
  follower: string;
  followed: string;
  notify: Defaulted<number>;
  at: number;
}

export interface GameIndexTable {
  game_id: string;
  game: string;
  created_at: number;
  speed: string;
  rated: number;
  termination: string;
  winner: number | null;
  draw: number;
  rating: number | null;
  opening: string;
}

export interface GameIndexPlayersTable {
  account_id: string;
  created_at: number;
  game_id: string;
  seat: number;
  outcome: string | null;
}

export interface GameForecastsTable {
  game_id: string;
  seat: number;
  ply: number;
  lines: string;
}

/** A pair of players who met in a game, the lower id first (games-pairs.ts). */
export interface GameIndexPairsTable {
  account_low: string;
  account_high: string;
  created_at: number;
  game_id: string;
}

export interface GameIndexPositionsTable {
  variant: string;
  position: string;
  created_at: number;
  game_id: string;
}

export interface GamesTable {
  id: string;
  game: string;
  options: string;
  seed: string;
  seats: string;
  clock: string | null;
  created_at: number;
  ended_result: string | null;
  termination: string | null;
  deadline: number | null;
  plies: Defaulted<number>;
  due: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  open_seats: Defaulted<number>;
  creator: string | null;
  departed: Defaulted<number>;
  rules_version: number | null;
  offer: string | null;
  undone: Defaulted<number>;
  undone_at: Defaulted<number>;
  rated: Defaulted<number>;
  rating_diffs: string | null;
  rating_range: string | null;
  explored: Defaulted<number>;
  paused_at: number | null;
  paused_ms: number | null;
  berserk: string | null;
}

export interface HeartbeatsTable {
  instance: string;
  seen: number;
  stopped: Defaulted<number>;
}

export interface LeasesTable {
  name: string;
  owner: string;
  until: number;
}

export interface ModLogTable {
  n: Generated<number>;
  at: number;
  moderator: string | null;
  action: string;
  target: string | null;
  note: string;
  details: string | null;
}

export interface MovesTable {
  game_id: string;
  ply: number;
  move: string;
  at: number;
  client_id: string | null;
}

export interface PoolMembersTable {
  account_id: string;
  pool: string;
  name: string;
  rating: number;
  since: number;
  misses: Defaulted<number>;
  seen_until: number;
  game_id: string | null;
  seat: number | null;
}

export interface PuzzlePlayersTable {
  account_id: string;
  game: string;
  rating: number;
  deviation: number;
  volatility: number;
  rounds: number;
  at: number;
}

export interface PuzzleRatingsTable {
  puzzle: string;
  game: string;
  rating: number;
  deviation: number;
  volatility: number;
  plays: number;
}

export interface PuzzleRoundsTable {
  account_id: string;
  puzzle: string;
  game: string;
  win: number;
  at: number;
}

export interface RatingHistoryTable {
  account_id: string;
  perf: string;
  at: number;
  rating: number;
  game_id: string;
  delta: number | null;
}

export interface RatingsTable {
  account_id: string;
  perf: string;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  at: number;
}

export interface ReportsTable {
  id: string;
  reporter: string;
  reported: string;
  reason: string;
  game_id: string | null;
  text: string;
  created_at: number;
  closed_at: number | null;
  closed_by: string | null;
}

export interface RetiredNamesTable {
  key_hash: string;
}

export interface ReviewsTable {
  game_id: string;
  requester: string;
  requested_at: number;
  total: number;
  evaluations: Defaulted<string>;
  review: string | null;
}

export interface RolesTable {
  account_id: string;
  role: string;
  granted_at: number;
}

export interface SanctionsTable {
  account_id: string;
  kind: string;
  until: number | null;
  at: number;
}

export interface SeatsTable {
  game_id: string;
  seat: number;
  token_hash: string;
  name: string | null;
  account_id: string | null;
}

export interface SessionsTable {
  id_hash: string;
  account_id: string;
  created_at: number;
  seen_at: number;
}

export interface SiteTable {
  name: string;
  value: string;
}

export interface Database {
  accounts: AccountsTable;
  api_tokens: ApiTokensTable;
  blocks: BlocksTable;
  bots: BotsTable;
  challenges: ChallengesTable;
  chat: ChatTable;
  departures: DeparturesTable;
  explorer: ExplorerTable;
  follows: FollowsTable;
  game_index: GameIndexTable;
  game_index_players: GameIndexPlayersTable;
  game_index_pairs: GameIndexPairsTable;
  game_forecasts: GameForecastsTable;
  game_index_positions: GameIndexPositionsTable;
  games: GamesTable;
  heartbeats: HeartbeatsTable;
  leases: LeasesTable;
  mod_log: ModLogTable;
  moves: MovesTable;
  pool_members: PoolMembersTable;
  puzzle_players: PuzzlePlayersTable;
  puzzle_ratings: PuzzleRatingsTable;
  puzzle_rounds: PuzzleRoundsTable;
  rating_history: RatingHistoryTable;
  ratings: RatingsTable;
  reports: ReportsTable;
  retired_names: RetiredNamesTable;
  reviews: ReviewsTable;
  roles: RolesTable;
  sanctions: SanctionsTable;
  seats: SeatsTable;
  sessions: SessionsTable;
  site: SiteTable;
  tournament_chat: TournamentChatTable;
  tournament_entries: TournamentEntriesTable;
  tournament_pairings: TournamentPairingsTable;
  tournament_rounds: TournamentRoundsTable;
  tournaments: TournamentsTable;
}

import type { Defaulted } from './schema-columns.ts';

/** The tournaments' tables (migrations 26, 27, 31 and 32), as stores/schema.ts's Database names them. */

export interface TournamentsTable {
  id: string;
  kind: string;
  name: string;
  game: string;
  options: string;
  clock: string | null;
  rated: number;
  organiser: string;
  organiser_name: string;
  state: string;
  starts_at: number | null;
  rounds: number | null;
  duration_ms: number | null;
  settings: string;
  created_at: number;
  started_at: number | null;
  ends_at: number | null;
  finished_at: number | null;
  round: Defaulted<number>;
  standings: string | null;
  version: Defaulted<number>;
}

export interface TournamentEntriesTable {
  tournament_id: string;
  account_id: string;
  name: string;
  rating: number;
  seed: number | null;
  joined_at: number;
  state: string;
}

export interface TournamentRoundsTable {
  tournament_id: string;
  round: number;
  paired_at: number;
}

export interface TournamentPairingsTable {
  tournament_id: string;
  round: number;
  board: number;
  white: string;
  black: string | null;
  game_id: string | null;
  result: string | null;
  plies: number | null;
  ended_at: number | null;
  /** Migration 36: a table's accounts after the first two (JSON), and the seat that won it. */
  others: string | null;
  winner: number | null;
}

export interface TournamentChatTable {
  tournament_id: string;
  n: number;
  author: string;
  account_id: string;
  text: string;
  at: number;
  /** A moderator's removal (migration 32): the number of the line removed; null on a line. */
  removes: number | null;
}

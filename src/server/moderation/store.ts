import type { Json } from '@hexarena/engines/engine/game.ts';
import type { LoggedAction, ShownReport } from '@hexarena/engines/protocol/moderation.ts';

export type { LoggedAction };

/**
 * What the stores keep for moderation (docs/moderation.md): roles (granted from the command line
 * only), players' reports, sanctions in force (mutes, bans), and the audit log of every action. People
 * are kept by account id, never by name: a name is read from the account when shown, so a deleted
 * account's name is nowhere here. Written once for both databases (stores/moderation.ts); every action
 * and its audit entry are one write.
 */

/** The one role there is: a moderator sees the reports and acts on them. */
export type Role = 'moderator';

/** What a sanction does: a mute refuses the player's chat lines; a ban closes the account to its owner. */
export type SanctionKind = 'mute' | 'ban';

export interface Sanction {
  readonly kind: SanctionKind;
  /** When it lapses; null: for good (until lifted). */
  readonly until: number | null;
  /** When it was given. */
  readonly at: number;
}

/** A report as a player files it. */
export interface NewReport {
  readonly id: string;
  /** The reporting account. */
  readonly reporter: string;
  /** The reported account. */
  readonly reported: string;
  readonly reason: string;
  readonly gameId: string | null;
  readonly text: string;
  readonly at: number;
}

/** A report as moderators read it (ShownReport, what the wire carries), with the accounts it is between. */
export interface StoredReport extends NewReport, ShownReport {}

/** Why a report was not filed: the reporter's allowance is spent, or they have one open about that player. */
export type ReportRefusal = 'too-many' | 'duplicate';

/** An action as the audit log keeps it, by ids. */
export interface ModAction {
  readonly at: number;
  /** The moderator's account; null for the command line (the operator). */
  readonly moderator: string | null;
  /** What was done: grant-moderator, revoke-moderator, mute, unmute, ban, unban, rating-reset, close-report. */
  readonly action: string;
  /** Whom it was done to (an account), if anyone. */
  readonly target: string | null;
  readonly note: string;
  /** What else the action says (a mute's end, a report's id, the games a reset undid). */
  readonly details?: Json;
}

/** What a rating reset undid: the rated games reversed, and the accounts whose ratings were given back. */
export interface RatingReset {
  readonly games: number;
  readonly refunded: number;
}

export interface ModerationStore {
  /** Grants (or revokes) `role`, logging `entry` in the same write; false when nothing changed. */
  setRole(accountId: string, role: Role, granted: boolean, entry: ModAction): Promise<boolean>;
  hasRole(accountId: string, role: Role): Promise<boolean>;
  /** The accounts holding `role`, by name, oldest grant first. */
  withRole(role: Role): Promise<{ readonly name: string; readonly since: number }[]>;
  /**
   * Files a report unless its reporter has filed `max` since `since`, or has one still open about the
   * same player: counted and written in one step, so reports sent at once gain nothing.
   */
  fileReport(report: NewReport, since: number, max: number): Promise<ReportRefusal | null>;
  /** Reports newest first: the open ones, or the closed ones; at most `limit`, made before `before` when given. */
  reports(open: boolean, limit: number, before?: number): Promise<StoredReport[]>;
  /** A report, open or closed, or null. */
  report(id: string): Promise<StoredReport | null>;
  /** Closes an open report, logging `entry` in the same write; false when there is no such open report. */
  closeReport(id: string, entry: ModAction): Promise<boolean>;
  /**
   * Gives the account a sanction (a given one is replaced), logging `entry` in the same write. A ban
   * also ends every session of the account and revokes its personal API tokens and its bots' tokens
   * in that write (once unbanned, the owner gives the bots new ones), and voids the seat tokens of the
   * account and its bots. The games whose seats it voided (none for a mute): their rooms read them again.
   */
  sanction(accountId: string, kind: SanctionKind, until: number | null, entry: ModAction): Promise<string[]>;
  /** Lifts a sanction, logging `entry`; false when the account had none of that kind. */
  lift(accountId: string, kind: SanctionKind, entry: ModAction): Promise<boolean>;
  /**
   * Banned accounts still holding a seat in a game not over: what a crash between a ban and the end
   * of its games leaves, for the next sweep to finish.
   */
  bannedInPlay(): Promise<string[]>;
  /** The account's sanctions in force at `now`. */
  sanctionsOf(accountId: string, now: number): Promise<Sanction[]>;
  /**
   * Undoes a boosted player's rated games (docs/moderation.md, "Rating reset"): every opponent gets
   * back exactly what each rated game against the account changed, those games' rating points go
   * from every history, and the account starts again as a newcomer in every kind of game. Logs
   * `entry` in the same write. A second reset finds nothing left to undo.
   */
  resetRatings(accountId: string, entry: ModAction): Promise<RatingReset>;
  /** The audit log, newest first: at most `limit`, entries before number `before` when given. */
  log(limit: number, before?: number): Promise<LoggedAction[]>;
  /** An act a moderator did elsewhere (on a tournament: tournaments/organising.ts), written in the audit log. */
  record(entry: ModAction): Promise<void>;
}

/**
 * The moderation tables, the same SQL in both stores but for the log's numbering (`serial`: SQLite's
 * INTEGER PRIMARY KEY AUTOINCREMENT, PostgreSQL's BIGSERIAL PRIMARY KEY); and each rated game's exact
 * rating change per player, kept with its history point, so a rating reset gives back exactly what
 * was taken (points stored before have none: the game's whole-point diffs stand in).
 */
export const moderationMigration = (serial: string): string => `CREATE TABLE roles (
     account_id TEXT NOT NULL,
     role TEXT NOT NULL,
     granted_at BIGINT NOT NULL,
     PRIMARY KEY (account_id, role)
   );
   CREATE TABLE reports (
     id TEXT PRIMARY KEY,
     reporter TEXT NOT NULL,
     reported TEXT NOT NULL,
     reason TEXT NOT NULL,
     game_id TEXT,
     text TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     closed_at BIGINT,
     closed_by TEXT
   );
   CREATE INDEX reports_open ON reports(created_at) WHERE closed_at IS NULL;
   CREATE INDEX reports_by_reporter ON reports(reporter, created_at);
   CREATE TABLE sanctions (
     account_id TEXT NOT NULL,
     kind TEXT NOT NULL,
     until BIGINT,
     at BIGINT NOT NULL,
     PRIMARY KEY (account_id, kind)
   );
   CREATE TABLE mod_log (
     n ${serial},
     at BIGINT NOT NULL,
     moderator TEXT,
     action TEXT NOT NULL,
     target TEXT,
     note TEXT NOT NULL,
     details TEXT
   );
   ALTER TABLE rating_history ADD COLUMN delta DOUBLE PRECISION;`;

import type { Json } from '../../engine/game.ts';
import type { LoggedAction, ShownReport } from '../../protocols/wire/moderation.ts';
import { NEW_PLAYER } from '../../ratings/index.ts';

export type { LoggedAction };

/**
 * What the stores keep for moderation (docs/moderation.md): roles (granted from the command line
 * only), players' reports, sanctions in force (mutes, bans), and the audit log of every action. People
 * are kept by account id, never by name: a name is read from the account when shown, so a deleted
 * account's name is nowhere here. Both stores implement it and pass the contract suite.
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
  modLog(limit: number, before?: number): Promise<LoggedAction[]>;
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

/** The columns of a report as both stores read it, names joined from the accounts. */
export const REPORT_SELECT = `SELECT r.id, r.reporter, r.reported, r.reason, r.game_id, r.text, r.created_at, r.closed_at,
     a.name AS reporter_name, b.name AS reported_name, c.name AS closed_by_name
   FROM reports r JOIN accounts a ON a.id = r.reporter JOIN accounts b ON b.id = r.reported LEFT JOIN accounts c ON c.id = r.closed_by`;

export interface ReportRow {
  readonly id: string;
  readonly reporter: string;
  readonly reported: string;
  readonly reason: string;
  readonly game_id: string | null;
  readonly text: string;
  readonly created_at: number | string;
  readonly closed_at: number | string | null;
  readonly reporter_name: string;
  readonly reported_name: string;
  readonly closed_by_name: string | null;
}

export const reportFromRow = (r: ReportRow): StoredReport => ({
  id: r.id,
  reporter: r.reporter,
  reported: r.reported,
  reason: r.reason,
  gameId: r.game_id,
  text: r.text,
  at: Number(r.created_at),
  reporterName: r.reporter_name,
  reportedName: r.reported_name,
  closedAt: r.closed_at === null ? null : Number(r.closed_at),
  closedByName: r.closed_by_name,
});

/** The audit log as both stores read it, names joined from the accounts. */
export const LOG_SELECT = `SELECT l.n, l.at, l.action, l.note, l.details, m.name AS moderator_name, t.name AS target_name
   FROM mod_log l LEFT JOIN accounts m ON m.id = l.moderator LEFT JOIN accounts t ON t.id = l.target`;

export interface LogRow {
  readonly n: number | string;
  readonly at: number | string;
  readonly action: string;
  readonly note: string;
  readonly details: string | null;
  readonly moderator_name: string | null;
  readonly target_name: string | null;
}

export const loggedFromRow = (r: LogRow): LoggedAction => ({
  n: Number(r.n),
  at: Number(r.at),
  moderator: r.moderator_name,
  action: r.action,
  target: r.target_name,
  note: r.note,
  details: r.details === null ? null : (JSON.parse(r.details) as Json),
});

/** An audit entry's values, in the order of LOG_INSERT's columns. */
export const logRow = (e: ModAction): unknown[] => [
  e.at,
  e.moderator,
  e.action,
  e.target,
  e.note,
  e.details === undefined ? null : JSON.stringify(e.details),
];

export const LOG_COLUMNS = 'at, moderator, action, target, note, details';

/** A new report's values, in the order of REPORT_COLUMNS. */
export const reportRow = (r: NewReport): unknown[] => [r.id, r.reporter, r.reported, r.reason, r.gameId, r.text, r.at];

export const REPORT_COLUMNS = 'id, reporter, reported, reason, game_id, text, created_at';

export interface SanctionRow {
  readonly kind: string;
  readonly until: number | string | null;
  readonly at: number | string;
}

export const sanctionFromRow = (r: SanctionRow): Sanction => ({
  kind: r.kind === 'ban' ? 'ban' : 'mute',
  until: r.until === null ? null : Number(r.until),
  at: Number(r.at),
});

/**
 * A rated game's point in an opponent's history, as a reset reads it: the exact change it made
 * (`delta`), or for a point stored before changes were kept, the game's whole-point diff at the
 * opponent's seat.
 */
export interface RefundRow {
  readonly game_id: string;
  readonly account_id: string;
  readonly perf: string;
  readonly delta: number | string | null;
  readonly rating_diffs: string | null;
  readonly seat: number | string | null;
}

/** A player's rating before their first rated game: what a history point's change is counted from. */
export const NEW_RATING = NEW_PLAYER.rating;

/** The change to take back from each (account, perf), and how many games it was over. */
export function refunds(rows: readonly RefundRow[]): { account: string; perf: string; change: number; games: number }[] {
  const byKey = new Map<string, { account: string; perf: string; change: number; games: number }>();
  for (const r of rows) {
    let change = r.delta === null ? null : Number(r.delta);
    if (change === null) {
      const diffs = r.rating_diffs ? (JSON.parse(r.rating_diffs) as number[]) : [];
      change = r.seat === null ? 0 : (diffs[Number(r.seat)] ?? 0);
    }
    const key = `${r.account_id} ${r.perf}`;
    const at = byKey.get(key) ?? { account: r.account_id, perf: r.perf, change: 0, games: 0 };
    at.change += change;
    at.games += 1;
    byKey.set(key, at);
  }
  return [...byKey.values()];
}

/** The opponents' points of every rated game the account played, with what a reset needs to give back. */
export const REFUND_SELECT = `SELECT h.game_id, h.account_id, h.perf, h.delta, g.rating_diffs,
     (SELECT MIN(s.seat) FROM seats s WHERE s.game_id = h.game_id AND s.account_id = h.account_id) AS seat
   FROM rating_history h JOIN games g ON g.id = h.game_id`;

/** A condition on a ratings row `r`: its account is not banned (banned players are off the leaderboard). */
export const NOT_BANNED = "NOT EXISTS (SELECT 1 FROM sanctions s WHERE s.account_id = r.account_id AND s.kind = 'ban')";

/**
 * What a ban writes besides the sanction, in both stores (placeholder :account): the account's
 * sessions and API tokens gone, its bots' tokens opening nothing more (no hash of a token starts
 * so); the owner renews them once unbanned.
 */

/** The banned accounts still seated in a game going on (a departure is a seat left). */
export const BANNED_IN_PLAY = `SELECT DISTINCT b.account_id FROM seats s JOIN games g ON g.id = s.game_id
     JOIN accounts a ON a.id = s.account_id
     JOIN sanctions b ON b.kind = 'ban' AND (b.account_id = a.id OR b.account_id = a.owner_id)
   WHERE g.termination IS NULL AND NOT EXISTS (SELECT 1 FROM departures d WHERE d.game_id = s.game_id AND d.seat = s.seat)`;

/**
 * A ban's writes besides the sanction, in one write (`:account` the banned account). First the seats
 * its bots hold by their tokens pass to the bots' own accounts (so the sweep still finds them once the
 * tokens are revoked); then every seat token of the account and its bots is voided ('closed' is no
 * token's hash: no old seat token moves, chats or asks a rematch), its sessions and personal API
 * tokens end, and its bots' tokens open nothing more (no hash of a token starts so; the owner renews
 * them once unbanned). BANNED_SEAT_GAMES, asked first, lists the games whose rooms must read their seats again.
 */
const OWNED_BOT_TOKENS = 'SELECT b.token_hash FROM bots b JOIN accounts a ON a.id = b.account_id WHERE a.owner_id = :account';
const BANNED_SEATS = 'account_id = :account OR account_id IN (SELECT id FROM accounts WHERE owner_id = :account)';
export const BANNED_SEAT_GAMES = `SELECT DISTINCT game_id FROM seats WHERE ${BANNED_SEATS} OR token_hash IN (${OWNED_BOT_TOKENS})`;
export const BAN_STATEMENTS: readonly string[] = [
  `UPDATE seats SET account_id = (SELECT b.account_id FROM bots b WHERE b.token_hash = seats.token_hash)
     WHERE account_id IS NULL AND token_hash IN (${OWNED_BOT_TOKENS})`,
  `UPDATE seats SET token_hash = 'closed' WHERE ${BANNED_SEATS}`,
  'DELETE FROM sessions WHERE account_id = :account',
  'DELETE FROM api_tokens WHERE account_id = :account',
  "UPDATE bots SET token_hash = 'revoked:' || token_hash WHERE token_hash NOT LIKE 'revoked:%' AND account_id IN (SELECT id FROM accounts WHERE owner_id = :account)",
];

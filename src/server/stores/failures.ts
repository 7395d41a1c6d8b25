import { tallies } from '../tallies.ts';
import type { GameId } from './game.ts';

/** How a store says it cannot serve a request: away, out of disk, or a game of other rules. */

/**
 * The store did not answer (a database restarting, a connection lost): nothing changed, and the
 * same request may be made again. Clients are told "try again" (HTTP 503), never "server error".
 */
export class StoreUnavailable extends Error {
  constructor(cause: unknown) {
    super(`the game store is not answering: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StoreUnavailable';
    tallies.storeErrors++;
  }
}

/**
 * A stored game was played under another version of its rules than this server's (an upgrade
 * changed them): replaying it under today's would make another game of it, so it is not played on
 * here. Said in words (HTTP 409); its record stays readable, stamped with its own version.
 */
export class RulesChanged extends Error {
  constructor(
    readonly id: GameId,
    title: string,
    readonly stored: number,
    readonly current: number,
  ) {
    super(
      `game ${id} was played under ${title} rules version ${stored}, and this server plays version ${current}: it cannot be played on here, only read as a record (/api/games/${id}/record)`,
    );
    this.name = 'RulesChanged';
  }
}

/**
 * The store's disk is full: nothing changed, and nothing will until the operator frees space — not a
 * passing outage. Clients are told so in words; the operator by the log and /healthz.
 */
export class StoreOutOfDisk extends StoreUnavailable {
  constructor(cause: unknown) {
    super(cause);
    this.message = `the game store is out of disk space: ${cause instanceof Error ? cause.message : String(cause)}`;
    this.name = 'StoreOutOfDisk';
  }
}

/** What a client is told when the store's disk is full. */
export const STORE_OUT_OF_DISK = "the server's disk is full, so nothing can be saved; nothing changed. The operator has been told.";

/**
 * Whether a store's writes fail for want of disk, as the store last found: since when, or null. Set
 * by the failed write, cleared by the next one that succeeds; said once in the log each time.
 */
export class DiskState {
  fullSince: number | null = null;
  constructor(private readonly where: string) {}

  full(now: number): void {
    if (this.fullSince !== null) return;
    this.fullSince = now;
    process.stderr.write(
      `hexarena: OUT OF DISK: the game store (${this.where}) cannot write; moves and new games are refused until space is freed\n`,
    );
  }

  written(): void {
    if (this.fullSince === null) return;
    this.fullSince = null;
    process.stderr.write(`hexarena: the game store (${this.where}) writes again\n`);
  }
}

/**
 * The store was migrated by a newer hexarena than this one: this server does not know its newest
 * tables, and writing as if it did could lose what that version keeps. It refuses to open it.
 */
export class StoreTooNew extends Error {
  constructor(
    readonly schema: number,
    readonly known: number,
  ) {
    super(`the game store was made by a newer hexarena (schema ${schema}; this one knows ${known}): run that version or a newer one`);
    this.name = 'StoreTooNew';
  }
}

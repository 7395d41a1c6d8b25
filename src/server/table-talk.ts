import type { Player } from '@hexarena/engines/engine/game.ts';
import type { ChatMessage, Presence } from '@hexarena/engines/protocol/index.ts';
import type { ChatLine, GameStore } from './store.ts';

/**
 * Who is at a game's table, and what they say: per seat whether its player has a socket open on any
 * instance (and since when not), how many watch, and the game's two chats — the players' and the
 * spectators', kept apart — stored so that a restart or another instance loses none of them. Each
 * instance counts its own sockets and tells the others (through the hub's Redis notices).
 */

/** One instance's count of a game's sockets. */
export interface PresenceReport {
  readonly seats: readonly number[];
  readonly watching: number;
}

/** How long another instance's count holds without news: it tells it again every REPORT_EVERY_MS. */
export const REPORT_EVERY_MS = 20_000;
export const REPORT_TTL_MS = 50_000;

/** Lines kept per game (both chats together). */
export const CHAT_KEPT = 200;

export type ChatRoom = ChatLine['room'];

export class TableTalk {
  /** Per seat: sockets of its player open here, and since when there are none. */
  private readonly seats: { sockets: number; goneSince: number | null }[];
  private watchers = 0;
  /** What the other instances last said of their sockets, and when. */
  private readonly remote = new Map<string, { report: PresenceReport; at: number }>();
  private readonly presenceListeners = new Set<(p: Presence) => void>();
  private readonly localListeners = new Set<(report: PresenceReport) => void>();
  private readonly chatListeners = new Set<(room: ChatRoom, line: ChatMessage, local: boolean, account: string | null) => void>();
  private lines: Promise<ChatLine[]> | null = null;

  constructor(
    private readonly id: string,
    private readonly store: GameStore,
    seats: number,
    private readonly now: () => number,
    /** How long a player must be away on their own clock before their opponent may claim the game. */
    readonly claimAfterMs: number,
  ) {
    // Until a player connects here, they count as gone since the room was loaded.
    const since = now();
    this.seats = Array.from({ length: seats }, () => ({ sockets: 0, goneSince: since }));
  }

  /** A socket opened, holding `seats` (none: a spectator); what to call when it closes. */
  attend(seats: readonly Player[]): () => void {
    const held = seats.map((s) => this.seats[s]).filter((s) => s !== undefined);
    for (const s of held) s.sockets++;
    if (held.length === 0) this.watchers++;
    this.changed(true);
    let gone = false;
    return () => {
      if (gone) return;
      gone = true;
      for (const s of held) s.sockets--;
      if (held.length === 0) this.watchers--;
      this.changed(true);
    };
  }

  /** What this instance counts: sockets per seat, and watchers (what it tells the other instances). */
  report(): PresenceReport {
    return { seats: this.seats.map((s) => s.sockets), watching: this.watchers };
  }

  /** Whether any socket of the game is open here. */
  get attended(): boolean {
    return this.watchers > 0 || this.seats.some((s) => s.sockets > 0);
  }

  /** Another instance's count, as it last told it; it holds until `REPORT_TTL_MS` without news. */
  heard(from: string, report: PresenceReport): void {
    this.remote.set(from, { report, at: this.now() });
    this.changed(false);
  }

  /** The counts of other instances still fresh (a dead instance's fade out). */
  private freshRemote(): PresenceReport[] {
    const now = this.now();
    for (const [from, r] of this.remote) if (now - r.at > REPORT_TTL_MS) this.remote.delete(from);
    return [...this.remote.values()].map((r) => r.report);
  }

  /** Works out who is there over every instance, noting when a seat's player went. */
  private recompute(): void {
    const remote = this.freshRemote();
    const now = this.now();
    for (const [i, s] of this.seats.entries()) {
      const connected = s.sockets > 0 || remote.some((r) => (r.seats[i] ?? 0) > 0);
      if (connected) s.goneSince = null;
      else s.goneSince ??= now;
    }
  }

  /** Something changed (here, or another instance said so): the listeners are told. */
  private changed(local: boolean): void {
    this.recompute();
    const p = this.presence();
    for (const listener of this.presenceListeners) listener(p);
    if (local) for (const listener of this.localListeners) listener(this.report());
  }

  /** Calls `listener` with this instance's count whenever it changes here. */
  onLocalChange(listener: (report: PresenceReport) => void): () => void {
    this.localListeners.add(listener);
    return () => this.localListeners.delete(listener);
  }

  /** Since when `seat`'s player has had no socket open on any instance, or null while they have one. */
  goneSince(seat: Player): number | null {
    this.recompute();
    return this.seats[seat]?.goneSince ?? null;
  }

  presence(): Presence {
    const remote = this.freshRemote();
    return {
      seats: this.seats.map((s) => ({ connected: s.goneSince === null, goneSince: s.goneSince })),
      watching: this.watchers + remote.reduce((n, r) => n + r.watching, 0),
      claimAfterMs: this.claimAfterMs,
    };
  }

  onPresence(listener: (p: Presence) => void): () => void {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  }

  /** The last lines of one chat, but those of the accounts `hidden` (a reader's blocks). */
  async chat(room: ChatRoom, hidden: ReadonlySet<string> = new Set()): Promise<ChatMessage[]> {
    this.lines ??= this.store.chat.read(this.id);
    const lines = await this.lines.catch(() => {
      this.lines = null;
      return [];
    });
    return lines.filter((l) => l.room === room && (l.account === null || !hidden.has(l.account))).map(shown);
  }

  /** Stores a line, then tells this instance's readers of that chat. */
  async say(line: ChatLine): Promise<void> {
    await this.store.chat.add(this.id, line, CHAT_KEPT);
    if (this.lines) this.lines = this.lines.then((all) => [...all, line].slice(-CHAT_KEPT));
    for (const listener of this.chatListeners) listener(line.room, shown(line), true, line.account);
  }

  /** The game was made here just now: no line of its chat is in the store to read. */
  saidNothingYet(): void {
    this.lines ??= Promise.resolve([]);
  }

  /** Another instance added lines: they are read again, and the new ones told. */
  async reread(): Promise<void> {
    const before = this.lines ? await this.lines.catch(() => []) : null;
    this.lines = this.store.chat.read(this.id);
    const after = await this.lines;
    if (before === null) return;
    const last = before.at(-1);
    const fresh = last
      ? after.slice(after.findIndex((l) => l.at === last.at && l.text === last.text && l.author === last.author) + 1)
      : after;
    for (const line of fresh) for (const listener of this.chatListeners) listener(line.room, shown(line), false, line.account);
  }

  /** Calls `listener` with each new line; `local`: said through this instance; `account`: whose it is. */
  onChat(listener: (room: ChatRoom, line: ChatMessage, local: boolean, account: string | null) => void): () => void {
    this.chatListeners.add(listener);
    return () => this.chatListeners.delete(listener);
  }
}

const shown = (l: ChatLine): ChatMessage => ({ author: l.author, text: l.text, at: l.at });

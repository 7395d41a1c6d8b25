import type { Player } from '@hexarena/engines/engine/game.ts';
import type { ChatMessage, Presence } from '@hexarena/engines/protocol/index.ts';
import type { GameStore } from './store.ts';
import type { ChatLine, KeptChatLine } from './stores/chat.ts';
import { isChatRemoval } from './stores/chat.ts';

/**
 * Who is at a game's table, and what they say: per seat whether its player has a socket open on any
 * instance (and since when not), how many watch, and the game's two chats — the players' and the
 * spectators', kept apart — stored so that a restart or another instance loses none of them. Each
 * instance counts its own sockets and tells the others (through the hub's Redis notices). A line a
 * moderator removes goes from both: its removal is numbered among the lines (stores/chat.ts), so
 * another instance learns of it as it learns of new lines, reading past the last number it knows.
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

/** What happened in a game's chat: a line said (and whose account it is), or line `n` removed by a moderator. */
export type ChatNews =
  | { readonly kind: 'said'; readonly room: ChatRoom; readonly line: ChatMessage; readonly account: string | null }
  | { readonly kind: 'removed'; readonly room: ChatRoom; readonly n: number };

/** Hears what happens in the chat. */
type ChatListener = (news: ChatNews) => void;

export class TableTalk {
  /** Per seat: sockets of its player open here, and since when there are none. */
  private readonly seats: { sockets: number; goneSince: number | null }[];
  private watchers = 0;
  /** What the other instances last said of their sockets, and when. */
  private readonly remote = new Map<string, { report: PresenceReport; at: number }>();
  private readonly presenceListeners = new Set<(p: Presence) => void>();
  private readonly localListeners = new Set<(report: PresenceReport) => void>();
  private readonly chatListeners = new Set<ChatListener>();
  /** The kept lines, as read once and followed since; and the last number known (a removal's too). */
  private lines: Promise<KeptChatLine[]> | null = null;
  private last = -1;
  private turns: Promise<void> = Promise.resolve();
  private readonly writtenListeners = new Set<() => void>();

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
    const lines = await this.kept().catch(() => {
      this.lines = null;
      return [];
    });
    return lines.filter((l) => l.room === room && (l.account === null || !hidden.has(l.account))).map(shown);
  }

  /** The kept lines, read from the store the first time. */
  private kept(): Promise<KeptChatLine[]> {
    this.lines ??= this.store.chat.read(this.id).then((lines) => {
      this.last = Math.max(this.last, lines.at(-1)?.n ?? -1);
      return lines;
    });
    return this.lines;
  }

  /** Stores a line, then tells this instance's readers of that chat (and the other instances, by the hub). */
  async say(line: ChatLine): Promise<void> {
    const kept = await this.store.chat.add(this.id, line, CHAT_KEPT);
    await this.written(kept.n, { kind: 'said', room: kept.room, line: shown(kept), account: kept.account }, [kept], []);
  }

  /**
   * Removes line `n` (a moderator's act: the caller checked), then tells this instance's readers of its
   * chat (and the other instances, by the hub): the line removed, or null if the game has no such line.
   */
  async remove(n: number, at: number): Promise<KeptChatLine | null> {
    const removed = await this.store.chat.remove(this.id, n, at, CHAT_KEPT);
    if (removed === null) return null;
    await this.written(removed.n, { kind: 'removed', room: removed.line.room, n }, [], [n]);
    return removed.line;
  }

  /**
   * Something was written here under number `n`: told to the readers here once — at once when it is
   * the next number after the last known, else with what came between (read from the store) — then to
   * the other instances.
   */
  private async written(n: number, news: ChatNews, fresh: readonly KeptChatLine[], removed: readonly number[]): Promise<void> {
    await this.inTurn(async () => {
      const before = this.lines && (await this.lines.catch(() => null));
      if (!before) {
        // Nothing read here yet: a reader reading now finds it in the store; one waiting is told.
        this.tellHere(news);
        return;
      }
      if (n === this.last + 1) {
        await this.take(fresh, removed);
        this.last = n;
        this.tellHere(news);
      } else await this.readSince();
    });
    for (const listener of this.writtenListeners) listener();
  }

  /** Adds `fresh` lines to the kept ones (each once, by number) and drops the `removed`. */
  private async take(fresh: readonly KeptChatLine[], removed: readonly number[]): Promise<void> {
    if (!this.lines) return;
    const gone = new Set(removed);
    this.lines = this.lines.then((all) => {
      const known = new Set(all.map((l) => l.n));
      const added = fresh.filter((l) => !known.has(l.n));
      return [...all.filter((l) => !gone.has(l.n)), ...added].sort((a, b) => a.n - b.n).slice(-CHAT_KEPT);
    });
    await this.lines.catch(() => undefined);
  }

  /** The game was made here just now: no line of its chat is in the store to read. */
  saidNothingYet(): void {
    this.lines ??= Promise.resolve([]);
  }

  /** Another instance added lines or removed some: what is new since the last number known is read and told. */
  reread(): Promise<void> {
    return this.inTurn(() => this.readSince());
  }

  /** Runs `step` after those before it: two readings at once would tell the same lines twice. */
  private inTurn(step: () => Promise<void>): Promise<void> {
    const next = this.turns.then(step);
    this.turns = next.catch(() => undefined);
    return next;
  }

  private async readSince(): Promise<void> {
    // Nothing read here yet: the first reader reads it all.
    const before = this.lines && (await this.lines.catch(() => null));
    if (!before) return;
    const entries = await this.store.chat.since(this.id, this.last);
    const known = new Set(before.map((l) => l.n));
    const fresh = entries.filter((e): e is KeptChatLine => !isChatRemoval(e) && !known.has(e.n));
    const removals = entries.filter((e) => isChatRemoval(e) && known.has(e.removes)).filter(isChatRemoval);
    await this.take(
      fresh,
      removals.map((r) => r.removes),
    );
    this.last = Math.max(this.last, entries.at(-1)?.n ?? -1);
    for (const line of fresh) this.tellHere({ kind: 'said', room: line.room, line: shown(line), account: line.account });
    for (const r of removals) this.tellHere({ kind: 'removed', room: r.room, n: r.removes });
  }

  private tellHere(news: ChatNews): void {
    for (const listener of this.chatListeners) listener(news);
  }

  /** Calls `listener` with each new line and each removal, wherever it was done. */
  onChat(listener: ChatListener): () => void {
    this.chatListeners.add(listener);
    return () => this.chatListeners.delete(listener);
  }

  /** Calls `listener` after each line said or removed through this instance (the hub tells the others). */
  onWrittenHere(listener: () => void): () => void {
    this.writtenListeners.add(listener);
    return () => this.writtenListeners.delete(listener);
  }
}

const shown = (l: KeptChatLine): ChatMessage => ({ n: l.n, author: l.author, text: l.text, at: l.at });

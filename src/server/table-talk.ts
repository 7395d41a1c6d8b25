import type { Player } from '../engine/game.ts';
import type { ChatMessage, Presence } from '../protocols/wire/index.ts';
import type { ChatLine, GameStore } from './store.ts';

/**
 * Who is at a game's table on this instance, and what they say: per seat whether its player has a
 * socket open (and since when not), how many watch, and the game's two chats — the players' and the
 * spectators', kept apart — stored so that a restart or another instance loses none of them.
 */

/** Lines kept per game (both chats together). */
export const CHAT_KEPT = 200;

export type ChatRoom = ChatLine['room'];

export class TableTalk {
  /** Per seat: sockets of its player open here, and since when there are none. */
  private readonly seats: { sockets: number; goneSince: number | null }[];
  private watchers = 0;
  private readonly presenceListeners = new Set<(p: Presence) => void>();
  private readonly chatListeners = new Set<(room: ChatRoom, line: ChatMessage, local: boolean) => void>();
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
    for (const s of held) {
      s.sockets++;
      s.goneSince = null;
    }
    if (held.length === 0) this.watchers++;
    this.tell();
    let gone = false;
    return () => {
      if (gone) return;
      gone = true;
      for (const s of held) if (--s.sockets === 0) s.goneSince = this.now();
      if (held.length === 0) this.watchers--;
      this.tell();
    };
  }

  /** Since when `seat`'s player has had no socket open here, or null while they have one. */
  goneSince(seat: Player): number | null {
    return this.seats[seat]?.goneSince ?? null;
  }

  presence(): Presence {
    return {
      seats: this.seats.map((s) => ({ connected: s.sockets > 0, goneSince: s.goneSince })),
      watching: this.watchers,
      claimAfterMs: this.claimAfterMs,
    };
  }

  onPresence(listener: (p: Presence) => void): () => void {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  }

  private tell(): void {
    const p = this.presence();
    for (const listener of this.presenceListeners) listener(p);
  }

  /** The last lines of one chat. */
  async chat(room: ChatRoom): Promise<ChatMessage[]> {
    this.lines ??= this.store.chat(this.id);
    const lines = await this.lines.catch(() => {
      this.lines = null;
      return [];
    });
    return lines.filter((l) => l.room === room).map(shown);
  }

  /** Stores a line, then tells this instance's readers of that chat. */
  async say(line: ChatLine): Promise<void> {
    await this.store.addChat(this.id, line, CHAT_KEPT);
    if (this.lines) this.lines = this.lines.then((all) => [...all, line].slice(-CHAT_KEPT));
    for (const listener of this.chatListeners) listener(line.room, shown(line), true);
  }

  /** Another instance added lines: they are read again, and the new ones told. */
  async reread(): Promise<void> {
    const before = this.lines ? await this.lines.catch(() => []) : null;
    this.lines = this.store.chat(this.id);
    const after = await this.lines;
    if (before === null) return;
    const last = before.at(-1);
    const fresh = last
      ? after.slice(after.findIndex((l) => l.at === last.at && l.text === last.text && l.author === last.author) + 1)
      : after;
    for (const line of fresh) for (const listener of this.chatListeners) listener(line.room, shown(line), false);
  }

  /** Calls `listener` with each new line; `local`: said through this instance. */
  onChat(listener: (room: ChatRoom, line: ChatMessage, local: boolean) => void): () => void {
    this.chatListeners.add(listener);
    return () => this.chatListeners.delete(listener);
  }
}

const shown = (l: ChatLine): ChatMessage => ({ author: l.author, text: l.text, at: l.at });

import type { CodedRefusal } from './arbiter.ts';
import type { Room } from './room.ts';
import type { Bot } from './store.ts';

/**
 * Seats taken in games: by a person (who gets a new token) or a bot (who sits with its own). The
 * arbiter judges a claim and the room stores it; this tells whoever follows: the other instances,
 * the scheduler (the last seat of a timed game may make an AI due), and a bot's stream.
 */
export class Seating {
  private readonly botListeners = new Map<string, Set<(id: string) => void>>();

  constructor(
    /** Called for each seat taken through this instance. */
    private readonly taken: (room: Room) => void,
  ) {}

  /** A seat for whoever asks: a bot sits with its own token (answered without one), a person gets a new token. */
  async seat(
    room: Room,
    seat: number,
    name: string | null,
    bot: Bot | null,
    /** The account of the person's session, who holds the seat from any browser. */
    account?: string,
    /** A rated game's claimant's owning account: one seat for it (owners.ts), checked in the store's write. */
    owner?: string,
  ): Promise<{ ok: true; token?: string } | ({ ok: false } & CodedRefusal)> {
    const claimed = bot
      ? await room.claimWithHash(seat, bot.name, bot.tokenHash, undefined, owner)
      : await room.claim(seat, name, account, owner);
    if (!claimed.ok) return claimed;
    this.taken(room);
    if (bot) this.told(bot.tokenHash, room.id);
    return claimed;
  }

  /** The token hashes of the bots whose games someone follows here (their streams). */
  followed(): string[] {
    return [...this.botListeners.keys()];
  }

  /** The bot (by its token hash) sits in game `id` now: whoever follows its games here is told. */
  told(tokenHash: string, id: string): void {
    for (const listener of this.botListeners.get(tokenHash) ?? []) listener(id);
  }

  /** Calls `listener` with each game the bot (by its token hash) takes a seat in from now on. */
  onBotSeated(tokenHash: string, listener: (id: string) => void): () => void {
    const listeners = this.botListeners.get(tokenHash) ?? new Set();
    this.botListeners.set(tokenHash, listeners);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.botListeners.delete(tokenHash);
    };
  }
}

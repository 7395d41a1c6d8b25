import type { LobbyMessage } from '@hexarena/engines/protocol/lobby.ts';
import { type GameStore, TOURNAMENT_OF } from '../store.ts';

type Told = (message: Extract<LobbyMessage, { type: 'following' | 'tournament-game' }>) => void;

/**
 * How instances tell each other of games started (Fanout, over Redis): each then tells its own
 * sockets, reading the game and its players' followers from the store, the truth.
 */
export interface StartedGamesBus {
  tellStarted(id: string): void;
  onStarted(handler: (id: string) => void): void;
}

/**
 * The notice a follower asked for (docs/social.md): when a player they follow starts a rated game,
 * their lobby sockets hear its id (`{"type":"following"}`), to watch it, on whichever instance they
 * are: the instance where the game started tells the others (`bus`), and each tells its own. Only the
 * followers with a socket open hear: nothing is kept for later, and nothing is read on an instance
 * where none is open.
 */
export class FollowNews {
  private readonly listeners = new Map<string, Set<Told>>();

  constructor(
    private readonly store: GameStore,
    /** The other instances (none: this one is alone). */
    private readonly bus: StartedGamesBus | null = null,
  ) {
    bus?.onStarted((id) => void this.tell(id).catch(() => undefined));
  }

  /** `listener` hears of the rated games of the players `account` follows with notices, until the returned function is called. */
  listen(account: string, listener: Told): () => void {
    let set = this.listeners.get(account);
    if (!set) {
      set = new Set();
      this.listeners.set(account, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(account) === set) this.listeners.delete(account);
    };
  }

  /** Game `id` has every seat taken, here: the other instances are told, and this one tells its own sockets. */
  started(id: string): Promise<void> {
    this.bus?.tellStarted(id);
    return this.tell(id);
  }

  /**
   * Game `id` has every seat taken (here or on another instance): if rated, the followers of its
   * players here hear of it; a tournament's, its own players here hear of it too
   * (`{"type":"tournament-game"}`), wherever they are on the site.
   */
  private async tell(id: string): Promise<void> {
    if (this.listeners.size === 0) return;
    const game = await this.store.games.read(id);
    if (!game || game.ending) return;
    if (game.creator?.startsWith(TOURNAMENT_OF)) {
      const tournament = game.creator.slice(TOURNAMENT_OF.length);
      for (const account of new Set(game.seatAccounts))
        for (const listener of (account && this.listeners.get(account)) || []) listener({ type: 'tournament-game', tournament, game: id });
    }
    if (!game.rated) return;
    const told = new Set<string>();
    for (const [seat, account] of game.seatAccounts.entries()) {
      if (account === null) continue;
      const player = game.seatNames[seat] ?? null;
      if (player === null) continue;
      for (const follower of await this.store.social.notified(account)) {
        // A follower seated in the game, or told of it already (two of theirs playing each other), hears nothing more.
        if (told.has(follower) || game.seatAccounts.includes(follower)) continue;
        const listeners = this.listeners.get(follower);
        if (!listeners) continue;
        told.add(follower);
        for (const listener of listeners) listener({ type: 'following', player, game: id });
      }
    }
  }
}

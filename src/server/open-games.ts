import type { OpenGame } from '@hexarena/engines/protocol/index.ts';
import { REMATCH_OF } from './hub.ts';
import { hostOf } from './live-game.ts';
import type { GameStore } from './store.ts';

/** How long the lobby's answer is reused. */
const LOBBY_MS = 1000;

/**
 * The open games (seeks), as the lobby lists them, hosts and their ratings included: read from the
 * store at most once a second, however many ask (home pages, the lobby socket's pushes).
 */
export class OpenGames {
  private kept: { at: number; games: Promise<OpenGame[]> } | null = null;

  constructor(private readonly store: GameStore) {}

  /** The list as read within the last second, else read now. */
  list(): Promise<OpenGame[]> {
    if (!this.kept || Date.now() - this.kept.at >= LOBBY_MS) {
      const read = this.read();
      const kept = { at: Date.now(), games: read };
      this.kept = kept;
      // A failed read is not kept: the next request tries again.
      read.catch(() => {
        this.kept = null;
      });
    }
    return this.kept.games;
  }

  /** The list let go: a game was made or a seat taken here; the next to ask has it read anew. */
  forget(): void {
    this.kept = null;
  }

  /** The list read anew: a game was made or a seat taken here. */
  reread(): Promise<OpenGame[]> {
    this.kept = null;
    return this.list();
  }

  private async read(): Promise<OpenGame[]> {
    // A rematch waits for the players of the game before it, not for anyone.
    const games = (await this.store.lobby.open(50)).filter((g) => !g.creator?.startsWith(REMATCH_OF));
    return Promise.all(
      games.map(async (g) => {
        const host = await hostOf(this.store, g);
        return {
          id: g.id,
          game: g.game,
          options: g.options,
          seats: g.seats.map((kind, i) => (kind === 'open' ? (g.seatTokens[i] ? 'taken' : 'open') : 'ai')),
          clock: g.clock ?? null,
          createdAt: g.createdAt,
          ...(g.rated ? { rated: true } : {}),
          ...(g.ratingRange ? { ratingRange: g.ratingRange } : {}),
          ...(host ? { host } : {}),
        };
      }),
    );
  }
}

import type { LiveGame, OpenGame } from '@hexarena/engines/protocol/index.ts';
import { PROVISIONAL_DEVIATION } from '@hexarena/engines/ratings/glicko2.ts';
import { perfOf } from '@hexarena/engines/ratings/index.ts';
import type { FastifyInstance } from 'fastify';
import type { GameStore, StoredGame } from './store.ts';

/** How many of the newest games under way are weighed for the home page's live game. */
const CANDIDATES = 30;
/** The live game is chosen again at most this often, however many home pages ask. */
const CHOSEN_FOR_MS = 5000;

/** A seat's player's rating in the game's perf, if the seat holds an account that has one. */
async function ratingOf(store: GameStore, g: StoredGame, seat: number) {
  const account = g.seatAccounts[seat];
  if (!account) return undefined;
  const perf = perfOf(g.game, g.clock);
  return (await store.ratings.of(account)).find((r) => r.perf === perf);
}

/** Who waits at an open game: the first seat taken, with their rating when the seek is rated. */
export async function hostOf(store: GameStore, g: StoredGame): Promise<OpenGame['host'] | undefined> {
  const seat = g.seatTokens.findIndex((t) => t !== null);
  const name = seat < 0 ? null : g.seatNames[seat];
  if (!name) return undefined;
  const rating = g.rated ? await ratingOf(store, g, seat) : undefined;
  return rating
    ? { name, rating: Math.round(rating.rating), ...(rating.deviation >= PROVISIONAL_DEVIATION ? { provisional: true } : {}) }
    : { name };
}

/** Who sits in a seat, as a game to watch names them: the player's name, or the AI's level. */
export function seatPlayerName(g: StoredGame, seat: number): string {
  const kind = g.seats[seat];
  return kind === 'open' ? (g.seatNames[seat] ?? 'Anonymous') : `AI (${kind})`;
}

/** A seat's player as a game to watch lists them: its name, and an AI seat's level (the app says it in its reader's language). */
export function seatPlayer(g: StoredGame, seat: number): { readonly name: string; readonly ai?: string } {
  const kind = g.seats[seat];
  const name = seatPlayerName(g, seat);
  return kind === undefined || kind === 'open' ? { name } : { name, ai: kind };
}

/** A game as the home page shows it to watch: who plays, how rated, how far it is. */
async function describe(store: GameStore, g: StoredGame): Promise<LiveGame> {
  const players = await Promise.all(
    g.seats.map(async (_, i) => {
      const rating = await ratingOf(store, g, i);
      const player = seatPlayer(g, i);
      return rating ? { ...player, rating: Math.round(rating.rating) } : player;
    }),
  );
  return liveGameOf(g, g.moves.length, players);
}

/** A game to watch as the home page, TV and the list of games being played show it: who plays, how rated, how far it is. */
export function liveGameOf(g: StoredGame, plies: number, players: LiveGame['players']): LiveGame {
  return {
    id: g.id,
    game: g.game,
    options: g.options,
    clock: g.clock ?? null,
    ...(g.rated ? { rated: true } : {}),
    plies,
    players,
  };
}

/**
 * The game the home page offers to watch, as lichess's TV picks one: of the newest games under way
 * that have begun, the one whose players are rated highest (on average, rated seats only), else the
 * newest.
 */
export async function chooseLiveGame(store: GameStore): Promise<LiveGame | null> {
  const begun = (await store.lobby.playing(CANDIDATES)).filter((g) => g.moves.length > 0);
  const described = await Promise.all(begun.map((g) => describe(store, g)));
  const strength = (g: LiveGame) => {
    const rated = g.players.flatMap((p) => (p.rating === undefined ? [] : [p.rating]));
    return rated.length === 0 ? Number.NEGATIVE_INFINITY : rated.reduce((a, b) => a + b, 0) / rated.length;
  };
  // Newest first already: a stable sort keeps the newest among equals.
  return described.sort((a, b) => strength(b) - strength(a))[0] ?? null;
}

/** GET /api/games/live: the game chooseLiveGame picks, chosen again at most every few seconds. */
export function registerLiveGame(app: FastifyInstance, store: GameStore): void {
  let chosen: { at: number; game: Promise<LiveGame | null> } | null = null;
  app.get('/api/games/live', async () => {
    if (!chosen || Date.now() - chosen.at >= CHOSEN_FOR_MS) {
      const game = chooseLiveGame(store);
      chosen = { at: Date.now(), game };
      game.catch(() => {
        chosen = null;
      });
    }
    return { game: await chosen.game };
  });
}

import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub.ts';
import type { Identities } from '../identity/identities.ts';
import type { GameStore } from '../store.ts';
import type { TournamentChat } from './chat.ts';
import { DEFAULT_DIRECTOR_SETTINGS, Director, type DirectorSettings } from './director.ts';
import type { TournamentNews } from './news.ts';
import { registerTournaments } from './routes.ts';
import { PairingThread } from './swiss-pairer.ts';

/**
 * Tournaments on the server (docs/tournaments.md): the director, which runs on every instance and
 * directs while it holds the lease, and the routes. A game a round makes is followed at once by the
 * streams of the bots seated in it on this instance; `started` tells the players' followers.
 */
export function startTournaments(
  app: FastifyInstance,
  services: {
    readonly store: GameStore;
    readonly hub: Hub;
    readonly identities: Identities;
    readonly started: (id: string) => void;
    /** Told of each change, so the lobby sockets that follow the tournament hear it. */
    readonly news: TournamentNews;
    /** Its chat, read and said over HTTP, told to the same sockets. */
    readonly chat: TournamentChat;
  },
  limits: {
    readonly hub?: { readonly now?: () => number; readonly instance?: string };
    readonly tournaments?: Partial<Omit<DirectorSettings, 'now'>>;
  } = {},
): Director {
  const { store, hub } = services;
  const settings = {
    ...limits.tournaments,
    ...(limits.hub?.now ? { now: limits.hub.now } : {}),
    ...(limits.hub?.instance ? { instance: limits.hub.instance } : {}),
  };
  const pairing = new PairingThread();
  const director = new Director(
    store,
    {
      ...DEFAULT_DIRECTOR_SETTINGS,
      ...settings,
      pairSwiss: pairing.pair,
      changed: (id) => services.news.changed(id),
      // Each tick, on every instance: the followed tournaments (and chats) read again, for a change whose notice was lost.
      ticked: () => {
        services.news.sweep();
        services.chat.sweep();
      },
    },
    (game) => {
      for (const seat of game.seats) hub.botSeatedAtMaking(seat.tokenHash, game.id);
      services.started(game.id);
    },
    { followed: () => hub.botsFollowed(), tell: (tokenHash, id) => hub.botSeatedAtMaking(tokenHash, id) },
  );
  registerTournaments(app, {
    store,
    identities: services.identities,
    now: settings.now ?? DEFAULT_DIRECTOR_SETTINGS.now,
    nudge: () => void director.tick(),
    views: services.news.views,
    changed: (id) => services.news.changed(id),
    chat: services.chat,
  });
  director.start();
  app.addHook('onClose', async () => {
    director.close();
    await pairing.close();
  });
  return director;
}

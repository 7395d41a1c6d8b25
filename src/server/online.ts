import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { endGamesOf, sweepClosedAccounts, withdrawFromPlay } from './account-closing.ts';
import { AgentsPool } from './agents-pool.ts';
import { BOT_STREAMS, BOTS_PER_ACCOUNT, registerBots } from './bots.ts';
import { ChallengeNews, registerChallenges } from './challenges.ts';
import { CurrentGames, registerCurrentGames } from './current-games.ts';
import { startHeartbeat } from './downtime.ts';
import { Engines } from './engines.ts';
import { exploreFinished, registerExplorer } from './explorer.ts';
import type { Fanout } from './fanout.ts';
import { registerChatRemoval } from './game-chat-removal.ts';
import { registerGameRoutes } from './game-routes.ts';
import { registerGameSocket } from './game-socket.ts';
import { GamesElsewhere, reportHeldGames } from './games-elsewhere.ts';
import { DEFAULT_HUB_SETTINGS, Hub } from './hub.ts';
import { Identities } from './identity/identities.ts';
import { guardOrigins } from './identity/origin.ts';
import { registerIdentity } from './identity/routes.ts';
import { DEFAULT_SESSION_SETTINGS } from './identity/sessions.ts';
import { registerLadder } from './ladder-routes.ts';
import { Allowance, type Edge } from './limits.ts';
import { registerLiveGame } from './live-game.ts';
import { registerLobby } from './lobby.ts';
import { registerModeration } from './moderation/routes.ts';
import { subscriberOf } from './network.ts';
import type { OnlineLimits } from './online-limits.ts';
import { OpenGames } from './open-games.ts';
import { registerPlayers } from './players.ts';
import { DEFAULT_POOL_SETTINGS, Pools } from './pools.ts';
import { DEFAULT_PRESENCE_BEAT_MS, Presence } from './presence.ts';
import { publicGame } from './public-game.ts';
import { registerPuzzleRatings } from './puzzle-ratings.ts';
import { DEFAULT_REVIEW_SETTINGS, Reviews, registerReviews } from './reviews.ts';
import { type Social, startSocial } from './social/index.ts';
import { keepAlive, MAX_FRAME_BYTES, MESSAGE_RATE, newEdge, PING_MS, SEND_BUFFER_BYTES } from './socket-edge.ts';
import { Intake, type OnlineParts } from './stop.ts';
import type { GameStore } from './store.ts';

export type { OnlineLimits } from './online-limits.ts';

import { TournamentChat } from './tournaments/chat.ts';
import { startTournaments } from './tournaments/index.ts';
import { TournamentNews } from './tournaments/news.ts';
import { TournamentViews } from './tournaments/views.ts';

/**
 * Online games over HTTP and WebSocket (docs/protocol.md), wired: which services run (the hub and its
 * rooms, the AI threads, pairing, reviews, identities, Redis between instances) and which routes and
 * sockets serve them. The routes and sockets themselves are their modules' (game-routes.ts,
 * game-socket.ts, lobby.ts, bots.ts …).
 */

/** Per address, on /api: a burst of this many requests, refilled at `rate` a second (40 by default). */
const ADDRESS_BURST = 120;
const ADDRESS_RATE = 40;

/** Reports one account may file a day: enough for every bad game, not for flooding the queue. */
const REPORTS_PER_DAY = 10;
/** A few games waiting for opponents at once is plenty for anyone; more is filling the lobby. */
const OPEN_GAMES = 5;
/** Games of AIs alone one creator may have going at once: to watch, not to load the server. */
const AI_GAMES = 2;

/** A deletion cut short by a crash is finished within a minute by any instance still running. */
const CLOSING_SWEEP_MS = 60_000;

/** The services online play runs on, started once for the server. */
interface OnlineServices {
  readonly edge: Edge;
  readonly pool: AgentsPool;
  readonly reviews: Reviews;
  readonly fanout: Fanout | null;
  readonly identities: Identities;
  readonly hub: Hub;
  readonly presence: Presence;
  readonly pools: Pools;
  readonly social: Social;
  /** Tournaments' changes, told to the lobby sockets that follow them. */
  readonly tournamentNews: TournamentNews;
  /** Tournaments' chats, told to the same sockets. */
  readonly tournamentChat: TournamentChat;
}

export async function registerOnline(
  app: FastifyInstance,
  store: GameStore,
  limits: OnlineLimits = {},
  /** What is under way at the server's edge, and whether it still takes work (see stop.ts). */
  intake: Intake = new Intake(app.server),
): Promise<{ hub: Hub; edge: Edge; parts: OnlineParts; identities: Identities }> {
  await keepHeartbeat(app, store, limits);
  const atStart = startWhenReady(app);
  const services = await startServices(app, store, limits);
  const { hub, edge, pools, reviews, pool } = services;
  const openGames = new OpenGames(store);
  const lobbyChanged = registerLobbyAndAccounts(app, store, limits, intake, services, openGames, atStart);
  keepAlive(app, limits.pingMs ?? PING_MS, edge);
  limitRequestsPerAddress(app, limits.rate ?? ADDRESS_RATE);
  registerGameRoutes(app, {
    store,
    hub,
    identities: services.identities,
    openGames,
    lobbyChanged,
    siteSecret: siteSecretOf(store),
    outsideSeats: limits.outsideSeats ?? [],
    openGamesEach: limits.openGames ?? OPEN_GAMES,
    aiGamesEach: limits.aiGames ?? AI_GAMES,
    blocks: services.social.blocks,
    started: services.social.started,
  });
  registerChatRemoval(app, { store, hub, identities: services.identities, now: limits.hub?.now ?? Date.now });
  registerLiveGame(app, store);
  registerCurrentGames(app, currentGames(app, store, hub, services.fanout, limits.hub?.now ?? Date.now), limits.hub?.now ?? Date.now);
  registerExplorer(app, store);
  const stopExploring = startExploring(app, store, atStart);
  registerBots(
    app,
    hub,
    publicGame,
    edge,
    limits.botStreams ?? BOT_STREAMS,
    services.identities,
    intake,
    limits.botsPerAccount ?? BOTS_PER_ACCOUNT,
  );
  registerReviews(app, reviews, services.identities);
  registerPuzzleRatings(app, store, services.identities, reviews.settings.now);
  const { identities, presence, social } = services;
  const director = startTournaments(
    app,
    { store, hub, identities, started: social.started, news: services.tournamentNews, chat: services.tournamentChat },
    limits,
  );
  registerGameSocket(app, { hub, edge, identities, presence, intake, blocks: social.blocks });

  // Due games left from before (AIs whose turn it was, clocks that ran out) are taken up at once,
  // while the server already answers.
  atStart.add(() => void hub.sweep());
  // So are reviews left unfinished, from the positions already judged.
  atStart.add(() => reviews.resume().catch(() => undefined));
  const parts: OnlineParts = {
    stopStarting: () => {
      atStart.cancel();
      hub.close();
      pools.close();
      director.close();
      reviews.close();
      stopExploring();
    },
    closeThreads: () => pool.close(),
    drain: async () => {
      await Promise.all([hub.drain(), pools.idle(), director.idle()]);
    },
    sockets: app.websocketServer,
  };
  return { hub, edge, parts, identities: services.identities };
}

/**
 * The games being played, listed from the rooms held here and, with other instances, from those
 * they hold as they tell it (each tells what it holds, from its start to its close).
 */
function currentGames(app: FastifyInstance, store: GameStore, hub: Hub, fanout: Fanout | null, now: () => number): CurrentGames {
  if (!fanout) return new CurrentGames(hub, store);
  const elsewhere = new GamesElsewhere(now);
  const current = new CurrentGames(hub, store, elsewhere);
  const stop = reportHeldGames(fanout, () => current.held(), elsewhere, now);
  app.addHook('onClose', async () => stop());
  return current;
}

/** Work begun at start, not before the server is ready: `add` it, `cancel` what has not begun. */
interface AtStart {
  add(work: () => void): void;
  cancel(): void;
}

/**
 * The work a server starts with besides answering — due games taken up, reviews resumed, the
 * explorer's count, the engines' accounts, deletions a crash cut short — is begun once it is ready
 * (as it starts listening: a tick later), never before: none of it is needed for the first answer,
 * and spawn to listening is how long players wait after a restart (docs/server.md). None of it is
 * begun once the server closes.
 */
function startWhenReady(app: FastifyInstance): AtStart {
  const works: (() => void)[] = [];
  let cancelled = false;
  const cancel = () => {
    cancelled = true;
  };
  app.addHook('onReady', async () => {
    setImmediate(() => {
      if (!cancelled) for (const work of works.splice(0)) work();
    });
  });
  app.addHook('onClose', async () => cancel());
  return { add: (work) => works.push(work), cancel };
}

/** Before anything reads a game: clocks move on by the time the whole site was down (downtime.ts). */
async function keepHeartbeat(app: FastifyInstance, store: GameStore, limits: OnlineLimits): Promise<void> {
  const heartbeat = await startHeartbeat(store.heartbeats, {
    instance: limits.hub?.instance ?? DEFAULT_HUB_SETTINGS.instance,
    now: limits.hub?.now ?? Date.now,
    ...(limits.heartbeatMs === undefined ? {} : { everyMs: limits.heartbeatMs }),
  });
  // Before the server stops answering (and long before the store closes): the site's last sign of life.
  app.addHook('preClose', () => heartbeat.stop());
}

/** The services started, each closed with the server; the WebSocket plugin registered. */
async function startServices(app: FastifyInstance, store: GameStore, limits: OnlineLimits): Promise<OnlineServices> {
  const edge = newEdge(limits.messageRate ?? MESSAGE_RATE, limits.sendBufferBytes ?? SEND_BUFFER_BYTES);
  const pool = new AgentsPool(limits.aiThreads);
  // Reviews stop asking for positions before the threads go.
  const reviews = new Reviews(store, pool, {
    ...DEFAULT_REVIEW_SETTINGS,
    ...limits.reviews,
    instance: limits.hub?.instance ?? DEFAULT_HUB_SETTINGS.instance,
    leaseMs: limits.hub?.leaseMs ?? DEFAULT_HUB_SETTINGS.leaseMs,
    now: limits.hub?.now ?? Date.now,
  });
  app.addHook('onClose', async () => reviews.close());
  app.addHook('onClose', () => pool.close());
  // Redis's client is loaded only by a server that has one to talk to.
  const fanout = limits.redisUrl ? new (await import('./fanout.ts')).Fanout(limits.redisUrl) : null;
  if (fanout) app.addHook('onClose', () => fanout.close());
  guardOrigins(app, limits.origins ?? []);
  const identities = new Identities(store, { ...DEFAULT_SESSION_SETTINGS, ...limits.sessions }, () => (limits.hub?.now ?? Date.now)());
  const hub = new Hub(store, pool, fanout, { ...DEFAULT_HUB_SETTINGS, ...limits.hub, outsideSeats: limits.outsideSeats ?? [] });
  const presence = new Presence();
  // With Redis, who is online on the other instances too (the search's "online first", profiles, the following list).
  if (limits.redisUrl) {
    const { ClusterPresence } = await import('./cluster-presence.ts');
    const beatMs = limits.presenceMs ?? DEFAULT_PRESENCE_BEAT_MS;
    const cluster = new ClusterPresence(limits.redisUrl, presence, { beatMs, ttlMs: 3 * beatMs });
    app.addHook('onClose', () => cluster.close());
  }
  registerPlayers(app, store, hub, identities, presence);
  app.addHook('onClose', async () => hub.close());
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const social = startSocial(app, store, identities, presence, limits, fanout);
  const settings = { ...DEFAULT_POOL_SETTINGS, ...(limits.hub?.now ? { now: limits.hub.now } : {}), ...limits.pools };
  // A game the pairing made is a rated game started: the players' followers hear of it.
  const pools = new Pools(store, settings, social.started);
  pools.start();
  app.addHook('onClose', async () => pools.close());
  const tournamentNews = new TournamentNews(new TournamentViews(store), fanout);
  const tournamentChat = new TournamentChat(store.tournamentChat, social.blocks, fanout);
  return { edge, pool, reviews, fanout, identities, hub, presence, pools, social, tournamentNews, tournamentChat };
}

/**
 * Challenges, the engine ladder, the lobby's socket, accounts and moderation. Returns what tells the
 * lobby's sockets that a game was made or a seat taken here.
 */
function registerLobbyAndAccounts(
  app: FastifyInstance,
  store: GameStore,
  limits: OnlineLimits,
  intake: Intake,
  services: OnlineServices,
  openGames: OpenGames,
  atStart: AtStart,
): () => void {
  const { hub, identities } = services;
  const now = limits.hub?.now ?? Date.now;
  // A game made or a seat taken here: the lobby sockets hear the new list at once (the cache let go).
  const news = new ChallengeNews(store, services.fanout, now, services.social.blocks);
  const engines = new Engines(store, limits.outsideSeats ?? [], now);
  // Engines' accounts made at start (again on first need if the store was away).
  atStart.add(() => engines.ensure().catch(() => undefined));
  registerChallenges(app, store, identities, news, engines, now, services.social.blocks, services.social.started);
  registerLadder(app, store, engines, limits.operatorToken ?? null, now);
  const seeksChanged = registerLobby(
    app,
    services.pools,
    identities,
    services.edge,
    services.presence,
    () => openGames.reread(),
    news,
    intake,
    services.social.news,
    services.tournamentNews,
    services.tournamentChat,
  );
  // A change made here: the list kept for /api/games is let go; lobby sockets, if any, hear the new one.
  const lobbyChanged = (): void => {
    openGames.forget();
    seeksChanged();
  };
  registerIdentity(
    app,
    identities,
    limits.identity,
    (games) => {
      for (const id of games) hub.seatsChanged(id);
      // A guest's games are the account's now: the lobby names their host anew (the list kept had the guest's name).
      if (games.length > 0) lobbyChanged();
    },
    {
      withdraw: (account) => withdrawFromPlay(account, store, now(), news),
      endGames: async (account) => {
        await endGamesOf(account, 'closed', store, hub);
        // Its seeks were called off: the lobby shows it at once.
        lobbyChanged();
        await services.social.forget(account);
      },
    },
    services.social.joined,
  );
  // A ban ends the player's play as a deletion does; its games read "banned".
  registerModeration(app, store, identities, {
    reportsPerDay: limits.reportsPerDay ?? REPORTS_PER_DAY,
    now,
    closePlay: async (account, voided) => {
      // Rooms held here (and on other instances) forget the seat tokens the ban voided, finished games' too.
      for (const id of voided) hub.seatsChanged(id);
      await withdrawFromPlay(account, store, now(), news);
      await endGamesOf(account, 'banned', store, hub);
      lobbyChanged();
    },
  });
  // A deletion or a ban a crash cut short (its games still going) is finished at start, or by another instance.
  for (const termination of ['closed', 'banned'] as const) {
    let sweep: { stop(): void } | null = null;
    atStart.add(() => {
      sweep = sweepClosedAccounts(store, hub, termination, limits.closingSweepMs ?? CLOSING_SWEEP_MS);
    });
    app.addHook('onClose', async () => sweep?.stop());
  }
  return lobbyChanged;
}

/**
 * One address cannot flood the API: past its allowance it is told to slow down, and nothing runs.
 * Counted on the route the router matched, not on the text that came in: `/%61pi/games` or an
 * absolute request target reach the same handler, so they spend the same allowance.
 */
function limitRequestsPerAddress(app: FastifyInstance, rate: number): void {
  const allowance = new Allowance(rate, ADDRESS_BURST);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    if (allowance.take(subscriberOf(request.ip), Date.now())) return;
    reply.header('retry-after', '1');
    return reply.code(429).send({ error: `too many requests from this address: at most ${rate} a second` });
  });
}

/** The key of the hashes that stand for addresses: read once, again if the store was away. */
function siteSecretOf(store: GameStore): () => Promise<string> {
  let secret: Promise<string> | null = null;
  return () => {
    if (!secret) {
      const read = store.accounts.siteSecret();
      secret = read;
      read.catch(() => {
        secret = null;
      });
    }
    return secret;
  };
}

/**
 * The opening explorer counts the games finished before it existed (or ended by a write that left
 * them for it), in the background from the start, saying how far it is in the log. Resumable: a
 * process stopped midway counts the rest at its next start.
 */
function startExploring(app: FastifyInstance, store: GameStore, atStart: AtStart): () => void {
  let closing = false;
  const stop = () => {
    closing = true;
  };
  app.addHook('onClose', async () => stop());
  let said = 0;
  atStart.add(() => {
    void exploreFinished(
      store,
      (done, total) => {
        if (done - said < 1000 && done < total) return;
        said = done;
        process.stderr.write(`hexarena: opening explorer: ${done} of ${total} finished games counted\n`);
      },
      () => closing,
    ).catch((e: unknown) => {
      // The store away: the rest waits for the next start, nothing is counted twice.
      if (!closing) process.stderr.write(`hexarena: opening explorer: counting stopped (${e instanceof Error ? e.message : String(e)})\n`);
    });
  });
  return stop;
}

import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { agentNames } from '../ai/agents.ts';
import type { Json } from '../engine/game.ts';
import { ok, type Result } from '../engine/result.ts';
import { findGame } from '../games/index.ts';
import { OUTSIDE_PROGRAMS_PLAY } from '../protocols/seat-prefixes.ts';
import {
  type ClientMessage,
  type MessageErrorCode,
  messageId,
  type OpenGame,
  type PublicGame,
  parseClientMessage,
  parseNewGameRequest,
  parseRematchRequest,
  parseSeatRequest,
  type SeatInfo,
  type ServerMessage,
} from '../protocols/wire/index.ts';
import { perfOf } from '../ratings/index.ts';
import { endGamesOf, sweepClosedAccounts, withdrawFromPlay } from './account-closing.ts';
import { AgentsPool } from './agents-pool.ts';
import { BOT_STREAMS, BOTS_PER_ACCOUNT, botOf, registerBots } from './bots.ts';
import { ChallengeNews, registerChallenges } from './challenges.ts';
import type { Clocks } from './clock.ts';
import { pauseShown, startHeartbeat } from './downtime.ts';
import { Engines } from './engines.ts';
import { exploreFinished, registerExplorer } from './explorer.ts';
import { Fanout } from './fanout.ts';
import { DEFAULT_HUB_SETTINGS, Hub, type HubSettings, REMATCH_OF } from './hub.ts';
import { Identities, type Identity } from './identity/identities.ts';
import { guardOrigins } from './identity/origin.ts';
import { type IdentityLimits, registerIdentity } from './identity/routes.ts';
import { DEFAULT_SESSION_SETTINGS, type SessionSettings } from './identity/sessions.ts';
import { registerLadder } from './ladder-routes.ts';
import { Allowance, type Edge } from './limits.ts';
import { hostOf, registerLiveGame } from './live-game.ts';
import { registerLobby } from './lobby.ts';
import { registerModeration, silenced } from './moderation/routes.ts';
import { parseChatText, parseName } from './names.ts';
import { subscriberOf } from './network.ts';
import { OneAtATime } from './one-at-a-time.ts';
import { addressKey, countedAs, holdsSeatIn, ONE_SEAT_ERROR, ONE_SEAT_PER_ACCOUNT, owningAccount } from './owners.ts';
import { registerPlayers } from './players.ts';
import { DEFAULT_POOL_SETTINGS, type PoolSettings, Pools } from './pools.ts';
import { Presence } from './presence.ts';
import { registerPuzzleRatings } from './puzzle-ratings.ts';
import { recordOf } from './records.ts';
import { DEFAULT_REVIEW_SETTINGS, type ReviewSettings, Reviews, registerReviews } from './reviews.ts';
import { type Intent, type MannerIntent, type Room, type RoomEvent, STORE_UNAVAILABLE } from './room.ts';
import { Intake, type OnlineParts } from './stop.ts';
import { type GameStore, RulesChanged } from './store.ts';
import type { ChatRoom } from './table-talk.ts';

/**
 * Online games over HTTP and WebSocket (docs/protocol.md): REST under /api to create, list, read,
 * join and fetch the record of games; one WebSocket per client and game for live play. The rooms
 * behind them are the hub's (hub.ts).
 */

/** WebSocket messages are small: anything longer is answered with an error, and the socket stays. */
const MAX_MESSAGE_BYTES = 4096;
/** Frames past this are not even read: the socket is closed (1009), as the protocol documents. */
const MAX_FRAME_BYTES = 64 * 1024;
/** Chat lines per connection: a burst of three, then one a second. */
const CHAT_BURST = 3;
const CHAT_RATE = 1;
/** Per connection: a burst of this many messages, refilled at RATE per second. */
const BURST = 30;
const RATE = 10;
/**
 * Per address, over all its sockets: a few players behind one address (a household, a school) play
 * at once, but twenty sockets do not each get a connection's allowance.
 */
const ADDRESS_MESSAGE_FACTOR = 3;

/** What anyone may see of a game: no seed (it decides the dice) and no token until the game is over. */
function publicGame(room: Room): PublicGame {
  const stored = room.stored;
  return {
    id: stored.id,
    game: stored.game,
    options: stored.options,
    seats: publicSeats(room),
    version: room.version,
    toMove: room.toMove,
    legalMoves: room.legalMoves(),
    clock: stored.clock ? { ...stored.clock, ...(room.clocks() as Clocks) } : null,
    moves: stored.moves.map((m) => m.move),
    ending: room.ending,
    view: room.view(null),
    start: room.startView,
    // Clients show clocks against the server's time, not their own.
    now: Date.now(),
    ...(stored.rated ? { rated: true } : {}),
    ...pausedField(room),
  };
}

/** The running clock was paused while the site was down, and nothing has happened since: said to the players. */
function pausedField(room: Room): { paused?: { at: number; ms: number } } {
  const paused = pauseShown(room.stored);
  return paused ? { paused: { at: paused.at, ms: paused.ms } } : {};
}

/**
 * Who sits where: open, taken by a person (with the name they gave) or played by the server's AI;
 * `left`, why a player left a game that goes on without them.
 */
function publicSeats(room: Room): SeatInfo[] {
  const stored = room.stored;
  return stored.seats.map((kind, i) => {
    const left = room.leftBecause(i);
    return {
      kind: kind === 'open' ? (stored.seatTokens[i] ? ('taken' as const) : ('open' as const)) : ('ai' as const),
      ...(kind === 'open' ? {} : { level: kind }),
      name: stored.seatNames[i] ?? null,
      ...(left === null ? {} : { left }),
    };
  });
}

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,20}$' } },
} as const;

/** The name a request gave, checked in characters, or null when it gave none. */
const nameOf = (given: string | undefined): Result<string | null> => (given === undefined ? ok(null) : parseName(given));

/** The name a seat is taken under: a player's username; a guest's given name, else their guest name; else what was given. */
function seatName(identity: Identity | null, given: string | undefined): Result<string | null> {
  if (identity?.account.kind === 'player') return ok(identity.account.name);
  const name = nameOf(given);
  return name.ok && name.value === null && identity ? ok(identity.account.name) : name;
}

/** How long the lobby's answer is reused. */
const LOBBY_MS = 1000;

/** Per address, on /api: a burst of this many requests, refilled at `rate` a second (40 by default). */
const ADDRESS_BURST = 120;

export interface OnlineLimits {
  /** Requests a second an address may make on /api once its burst is spent. */
  readonly rate?: number;
  /** Messages a second a WebSocket connection may send once its burst is spent. */
  readonly messageRate?: number;
  /** Outside Hive players (`uhp:<command line>`, `http:<address>`) games may seat, as the operator allowed them. */
  readonly outsideSeats?: readonly string[];
  /** Redis between instances sharing one PostgreSQL store (REDIS_URL). */
  readonly redisUrl?: string;
  /** Claims, sweeps and abandonment (defaults: DEFAULT_HUB_SETTINGS). */
  readonly hub?: Partial<HubSettings>;
  /** How often each WebSocket is pinged; one that has not answered the last ping by the next is closed. */
  readonly pingMs?: number;
  /** Bytes that may wait for a slow client (a socket, a bot's stream) before it is dropped. */
  readonly sendBufferBytes?: number;
  /** Event streams a bot may hold open at once. */
  readonly botStreams?: number;
  /** Games with a seat still open one creator (an account with its bots, an address) may have at once. */
  readonly openGames?: number;
  /** Games of AIs alone one creator (an account with its bots, an address) may have going at once. */
  readonly aiGames?: number;
  /** How often deleted accounts' games left going (a crash mid-deletion) are looked for and ended (a minute). */
  readonly closingSweepMs?: number;
  /** Bots one player may make. */
  readonly botsPerAccount?: number;
  /** Threads the server's AIs think in (one fewer than the cores, at least one). */
  readonly aiThreads?: number;
  /** The origins the site is served from (HEXARENA_ORIGIN); by default, the one each request names. */
  readonly origins?: readonly string[];
  /** Session cookies: Secure and `__Host-` when served over HTTPS (HEXARENA_SECURE_COOKIES), and their lifetimes. */
  readonly sessions?: Partial<SessionSettings>;
  /** Failed logins and new accounts allowed (see IdentityLimits). */
  readonly identity?: IdentityLimits;
  /** The operator's token (HEXARENA_OPERATOR_TOKEN): what asks for the engine ladder's games. */
  readonly operatorToken?: string;
  /** Quick pairing's waves and lease (defaults: DEFAULT_POOL_SETTINGS). */
  readonly pools?: Partial<PoolSettings>;
  /** Reports one account may file a day (HEXARENA_REPORTS_PER_DAY, 10). */
  readonly reportsPerDay?: number;
  /** Computer reviews: how many a player may ask for an hour, and each position's budget (DEFAULT_REVIEW_SETTINGS). */
  readonly reviews?: Partial<Omit<ReviewSettings, 'instance' | 'now' | 'leaseMs'>>;
  /** How often this instance writes its heartbeat (HEARTBEAT_MS): at most that much downtime is charged after a crash. */
  readonly heartbeatMs?: number;
}

/** Reports one account may file a day: enough for every bad game, not for flooding the queue. */
const REPORTS_PER_DAY = 10;
/** A few games waiting for opponents at once is plenty for anyone; more is filling the lobby. */
const OPEN_GAMES = 5;
/** Games of AIs alone one creator may have going at once: to watch, not to load the server. */
const AI_GAMES = 2;

/** A deletion cut short by a crash is finished within a minute by any instance still running. */
const CLOSING_SWEEP_MS = 60_000;

/** 1 MiB: a full sync of a big DiceWars map is tens of KB; a client this far behind has stopped reading. */
const SEND_BUFFER_BYTES = 1024 * 1024;
const PING_MS = 30_000;

export async function registerOnline(
  app: FastifyInstance,
  store: GameStore,
  limits: OnlineLimits = {},
  /** What is under way at the server's edge, and whether it still takes work (see stop.ts). */
  intake: Intake = new Intake(app.server),
): Promise<{ hub: Hub; edge: Edge; parts: OnlineParts }> {
  // Before anything reads a game: clocks move on by the time the whole site was down (downtime.ts).
  const heartbeat = await startHeartbeat(store, {
    instance: limits.hub?.instance ?? DEFAULT_HUB_SETTINGS.instance,
    now: limits.hub?.now ?? Date.now,
    ...(limits.heartbeatMs === undefined ? {} : { everyMs: limits.heartbeatMs }),
  });
  // Before the server stops answering (and long before the store closes): the site's last sign of life.
  app.addHook('preClose', () => heartbeat.stop());
  const rate = limits.rate ?? 40;
  const openGames = limits.openGames ?? OPEN_GAMES;
  const aiGames = limits.aiGames ?? AI_GAMES;
  // The key of the hashes that stand for addresses: read once, again if the store was away.
  let secret: Promise<string> | null = null;
  const siteSecret = (): Promise<string> => {
    if (!secret) {
      secret = store.siteSecret();
      secret.catch(() => {
        secret = null;
      });
    }
    return secret;
  };
  const messageRate = limits.messageRate ?? RATE;
  const edge: Edge = {
    messageRate,
    addressMessages: new Allowance(messageRate * ADDRESS_MESSAGE_FACTOR, BURST * 2),
    sendBufferBytes: limits.sendBufferBytes ?? SEND_BUFFER_BYTES,
    dropped: { slow: 0, silent: 0 },
  };
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
  const fanout = limits.redisUrl ? new Fanout(limits.redisUrl) : null;
  if (fanout) app.addHook('onClose', () => fanout.close());
  guardOrigins(app, limits.origins ?? []);
  const identities = new Identities(store, { ...DEFAULT_SESSION_SETTINGS, ...limits.sessions }, () => (limits.hub?.now ?? Date.now)());
  const hub = new Hub(store, pool, fanout, { ...DEFAULT_HUB_SETTINGS, ...limits.hub, outsideSeats: limits.outsideSeats ?? [] });
  const presence = new Presence();
  registerPlayers(app, store, hub, identities, presence);
  app.addHook('onClose', async () => hub.close());
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const pools = new Pools(store, { ...DEFAULT_POOL_SETTINGS, ...(limits.hub?.now ? { now: limits.hub.now } : {}), ...limits.pools });
  pools.start();
  app.addHook('onClose', async () => pools.close());
  // The open games (seeks), as the lobby lists them, hosts and their ratings included: read from the
  // store at most once a second, however many ask (home pages, the lobby socket's pushes).
  let lobby: { at: number; games: Promise<OpenGame[]> } | null = null;
  const readOpenGames = async (): Promise<OpenGame[]> => {
    // A rematch waits for the players of the game before it, not for anyone.
    const games = (await store.open(50)).filter((g) => !g.creator?.startsWith(REMATCH_OF));
    return Promise.all(
      games.map(async (g) => {
        const host = await hostOf(store, g);
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
  };
  const listOpenGames = (): Promise<OpenGame[]> => {
    if (!lobby || Date.now() - lobby.at >= LOBBY_MS) {
      const read = readOpenGames();
      lobby = { at: Date.now(), games: read };
      // A failed read is not kept: the next request tries again.
      read.catch(() => {
        lobby = null;
      });
    }
    return lobby.games;
  };
  // A game made or a seat taken here: the lobby sockets hear the new list at once (the cache let go).
  const news = new ChallengeNews(store, fanout, limits.hub?.now ?? Date.now);
  const engines = new Engines(store, limits.outsideSeats ?? [], limits.hub?.now ?? Date.now);
  // Engines' accounts made at start (again on first need if the store was away).
  engines.ensure().catch(() => undefined);
  registerChallenges(app, store, identities, news, engines, limits.hub?.now ?? Date.now);
  registerLadder(app, store, engines, limits.operatorToken ?? null, limits.hub?.now ?? Date.now);
  const seeksChanged = registerLobby(
    app,
    pools,
    identities,
    edge,
    presence,
    () => {
      lobby = null;
      return listOpenGames();
    },
    news,
    intake,
  );
  // The list kept for /api/games is let go whether or not a lobby socket reads it anew.
  const lobbyChanged = (): void => {
    lobby = null;
    seeksChanged();
  };
  const now = limits.hub?.now ?? Date.now;
  registerIdentity(
    app,
    identities,
    limits.identity,
    (games) => {
      for (const id of games) hub.seatsChanged(id);
    },
    {
      withdraw: (account) => withdrawFromPlay(account, store, now(), news),
      endGames: async (account) => {
        await endGamesOf(account, 'closed', store, hub);
        // Its seeks were called off: the lobby shows it at once.
        lobbyChanged();
      },
    },
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
    const sweep = sweepClosedAccounts(store, hub, termination, limits.closingSweepMs ?? CLOSING_SWEEP_MS);
    app.addHook('onClose', async () => sweep.stop());
  }
  keepAlive(app, limits.pingMs ?? PING_MS, edge);

  // One address cannot flood the API: past its allowance it is told to slow down, and nothing runs.
  // Counted on the route the router matched, not on the text that came in: `/%61pi/games` or an
  // absolute request target reach the same handler, so they spend the same allowance.
  const allowance = new Allowance(rate, ADDRESS_BURST);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    if (allowance.take(subscriberOf(request.ip), Date.now())) return;
    reply.header('retry-after', '1');
    return reply.code(429).send({ error: `too many requests from this address: at most ${rate} a second` });
  });

  // Each creator's games are counted against its caps and made one at a time (one-at-a-time.ts).
  const creations = new OneAtATime();
  app.post('/api/games', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const parsed = parseNewGameRequest(request.body);
    if (!parsed.ok) return reply.code(400).send({ error: parsed.error.message });
    const body = parsed.value;
    // A bot creates games with its token: its seat is taken with that token.
    const bot = await botOf(store, request);
    if (bot === 'unknown') return reply.code(401).send({ error: 'that is not a bot token: register with POST /api/bots' });
    const identity = bot ? null : await identities.of(request);
    const name = seatName(identity, body.name);
    if (!name.ok) return reply.code(400).send({ error: `name: ${name.error.message}` });
    const found = findGame(body.game);
    if (!found.ok) return reply.code(400).send({ error: found.error.message });
    const game = found.value;
    const options = game.parseOptions(body.options ?? {});
    if (!options.ok) return reply.code(400).send({ error: `options: ${options.error.message}` });
    const seatNames = game.seatNames(options.value);
    if (body.seats.length !== seatNames.length)
      return reply
        .code(400)
        .send({ error: `${game.title} with these options has ${seatNames.length} seats, the request names ${body.seats.length}` });
    // Outside programs only as the server's operator allowed them (HEXARENA_OUTSIDE_SEATS): a name
    // from the network never starts a program on its own.
    const agents = [...agentNames(game), ...(game.id === OUTSIDE_PROGRAMS_PLAY ? (limits.outsideSeats ?? []) : [])];
    const unknown = body.seats.find((s) => s !== 'open' && !agents.includes(s));
    if (unknown !== undefined)
      return reply.code(400).send({ error: `seat "${unknown}" is neither "open" nor an AI of ${game.id} (${agents.join(', ')})` });
    if (body.seat !== undefined && body.seat >= seatNames.length) return reply.code(400).send({ error: `there is no seat ${body.seat}` });
    if (body.seat !== undefined && body.seats[body.seat] !== 'open')
      return reply
        .code(400)
        .send({ error: `seat ${body.seat} (${seatNames[body.seat]}) is played by the server's AI, not open to a person` });
    // Rated: players with accounts in every seat (two, or a free-for-all's table), none the server's AI; the creator one of them.
    if (body.rated) {
      if (game.unrated) return reply.code(400).send({ error: `${game.title} is not rated: play it casual` });
      if (body.seats.some((s) => s !== 'open'))
        return reply.code(400).send({ error: 'a rated game is between players: every seat open to people, none to the server’s AI' });
      if (identity?.account.kind !== 'player' || body.seat === undefined)
        return reply.code(400).send({ error: 'a rated game is made by a player with an account, who takes a seat in it: sign up first' });
    }
    // Counted by who answers for the request, not the text it sends: a player's account with its bots
    // and tokens, else a keyed hash of the address (the address itself is never stored).
    const counted = await countedAs(store, bot, identity, async () => addressKey(await siteSecret(), request.ip));
    const creator = counted.key;
    const aiOnly = body.seats.every((s) => s !== 'open');
    const leftOpen = body.seats.filter((s) => s === 'open').length - (body.seat === undefined ? 0 : 1);
    // A game nobody plays by hand is played with the options that make it end (Hive's repetition draw,
    // a round cap where the game has one), as a match of AIs is.
    const played = aiOnly && game.headlessOptions ? game.headlessOptions(options.value) : options.value;
    // Counted and made one at a time per creator: games asked for all at once each see the last one made.
    const made = await creations.run(creator, async () => {
      // Games of AIs alone take the AI threads everyone shares: a couple at once per creator.
      if (aiOnly && (await store.aiOnlyBy(creator)) >= aiGames)
        return `${counted.says} has ${aiGames} games of AIs alone going already: let them end before starting more`;
      if (leftOpen > 0 && (await store.openBy(creator)) >= openGames)
        return `${counted.says} has ${openGames} games waiting for players already: wait for them to fill or end before making more`;
      return hub.create(
        game.id,
        played as Json,
        body.seats,
        body.clock ?? null,
        undefined,
        creator,
        body.rated === true,
        body.ratingRange ?? null,
      );
    });
    if (typeof made === 'string') return reply.code(429).send({ error: made });
    const room = made;
    const id = room.id;
    // The lobby sockets hear of it once its creator sits.
    if (body.seat === undefined) {
      lobbyChanged();
      return reply.code(201).send({ id, version: room.version });
    }
    // A rated game's creator holds one seat of it: their own claim of another, meanwhile, loses in the store.
    const claimed = await hub.seat(room, body.seat, name.value, bot, identity?.account.id, body.rated ? identity?.account.id : undefined);
    lobbyChanged();
    if (!claimed.ok) return reply.code(409).send({ error: claimed.error });
    return reply.code(201).send({ id, version: room.version, seat: body.seat, ...(claimed.token ? { token: claimed.token } : {}) });
  });

  app.get('/api/games', async () => ({ games: await listOpenGames() }));
  registerLiveGame(app, store);
  registerExplorer(app, store);
  const stopExploring = startExploring(app, store);

  app.get('/api/games/:id', { schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    // The room is the store's game as of its last commit: no second read.
    const room = await hub.room(id);
    if (!room) return reply.code(404).send({ error: `there is no game ${id}` });
    // The seats the asker's account holds: a browser learns its seats here, in any tab or device.
    const account = (await identities.of(request))?.account.id;
    const yours = account === undefined ? [] : room.stored.seatAccounts.flatMap((a, seat) => (a === account ? [seat] : []));
    return { ...publicGame(room), yours };
  });

  app.post(
    '/api/games/:id/seats/:seat',
    {
      bodyLimit: 1024,
      schema: {
        params: {
          ...idParams,
          required: ['id', 'seat'],
          // Parameters arrive as text: a seat is one digit.
          properties: { ...idParams.properties, seat: { type: 'string', pattern: '^[0-9]$' } },
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const seat = Number((request.params as { seat: string }).seat);
      const asked = parseSeatRequest(request.body);
      if (!asked.ok) return reply.code(400).send({ error: asked.error.message });
      const identity = await identities.of(request);
      const name = seatName(identity, asked.value.name);
      if (!name.ok) return reply.code(400).send({ error: `name: ${name.error.message}` });
      const bot = await botOf(store, request);
      if (bot === 'unknown') return reply.code(401).send({ error: 'that is not a bot token: register with POST /api/bots' });
      const room = await hub.room(id);
      if (!room) return reply.code(404).send({ error: `there is no game ${id}` });
      if (seat >= room.stored.seats.length)
        return reply.code(404).send({ error: `game ${id} has ${room.stored.seats.length} seats: there is no seat ${seat}` });
      // A rematch's seats belong to the players of the game it follows: they take them through its rematch.
      const follows = room.stored.creator?.startsWith(REMATCH_OF) ? room.stored.creator.slice(REMATCH_OF.length) : null;
      if (follows !== null)
        return reply
          .code(403)
          .send({ error: `the rematch's seats are kept for the players of game ${follows}: they take them from its page (Rematch)` });
      // Nobody rates themself: an account, its bots and its tokens hold one seat of a rated game. Said
      // from the game as stored here, and checked again in the store's write (another instance's claim).
      const claimant = bot ? { botToken: bot.tokenHash } : identity ? { account: identity.account.id } : null;
      const owner = room.stored.rated && claimant ? await owningAccount(store, claimant) : null;
      if (owner !== null && (await holdsSeatIn(store, room.stored, owner)))
        return reply.code(403).send({ error: ONE_SEAT_ERROR, code: ONE_SEAT_PER_ACCOUNT });
      // A rated game's seats are taken by players with accounts: a guest or a script plays casual games.
      if (room.stored.rated && (bot || identity?.account.kind !== 'player'))
        return reply.code(403).send({ error: 'a rated game is played by players with accounts: sign up (or log in) to take this seat' });
      // A seek with a rating range: the claimant's rating in its kind of game (1500 for a newcomer) must be in it.
      const range = room.stored.rated ? room.stored.ratingRange : null;
      if (range && identity) {
        const perf = perfOf(room.stored.game, room.stored.clock);
        const rating = Math.round((await store.ratingsOf(identity.account.id)).find((r) => r.perf === perf)?.rating ?? 1500);
        if (rating < range.min || rating > range.max)
          return reply.code(403).send({ error: `this game is for players rated ${range.min}–${range.max} in ${perf}; yours is ${rating}` });
      }
      const claimed = await hub.seat(room, seat, name.value, bot, bot ? undefined : identity?.account.id, owner ?? undefined);
      if (!claimed.ok)
        return reply.code(claimed.code ? 403 : 409).send({ error: claimed.error, ...(claimed.code ? { code: claimed.code } : {}) });
      lobbyChanged();
      return reply.code(201).send({ seat, ...(claimed.token ? { token: claimed.token } : {}), version: room.version });
    },
  );

  app.post(
    '/api/games/:id/rematch',
    {
      bodyLimit: 1024,
      schema: { params: idParams },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const asked = parseRematchRequest(request.body);
      if (!asked.ok) return reply.code(400).send({ error: asked.error.message });
      const { seat, token } = asked.value;
      const room = await hub.room(id);
      if (!room) return reply.code(404).send({ error: `there is no game ${id}` });
      // The game may have ended, or the seat been taken, through another instance a moment ago.
      // A seat token (a bot's, a script's), or the session of the account that holds the seat.
      const account = (await identities.of(request))?.account.id;
      const credential = token ?? (account === undefined ? undefined : { account });
      if (!room.over || !room.holds(seat, credential)) await room.catchUp();
      if (!room.holds(seat, credential)) return reply.code(403).send({ error: `that is not ${room.seatName(seat)}'s token` });
      if (!room.over) return reply.code(409).send({ error: 'the game is still on: a rematch follows its end' });
      const next = (await hub.room(await hub.rematch(room))) as Room;
      // Everyone moves one seat on, with the name they had.
      const moved = (seat + 1) % room.stored.seats.length;
      const claimed = await hub.seat(next, moved, room.stored.seatNames[seat] ?? null, null, room.stored.seatAccounts[seat] ?? undefined);
      if (!claimed.ok) return reply.code(409).send({ error: `the rematch's ${next.seatName(moved)} is taken already` });
      return reply.code(201).send({ id: next.id, seat: moved, token: claimed.token });
    },
  );

  app.get('/api/games/:id/record', { schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const stored = await store.read(id);
    if (!stored) return reply.code(404).send({ error: `there is no game ${id}` });
    if (!stored.ending) return reply.code(409).send({ error: 'the game is still on: its record, seed included, is public once it ends' });
    const record = recordOf(stored);
    return record.ok ? record.value : reply.code(500).send({ error: record.error.message });
  });

  registerBots(app, hub, publicGame, edge, limits.botStreams ?? BOT_STREAMS, identities, intake, limits.botsPerAccount ?? BOTS_PER_ACCOUNT);
  registerReviews(app, reviews, identities);
  registerPuzzleRatings(app, store, identities, reviews.settings.now);

  app.get('/api/games/:id/ws', { websocket: true, schema: { params: idParams } }, (socket: WebSocket, request) => {
    const { id } = request.params as { id: string };
    const since = Number((request.query as { since?: string }).since);
    void connect(
      hub,
      socket,
      id,
      Number.isInteger(since) && since >= 0 ? since : null,
      edge,
      subscriberOf(request.ip),
      identities.of(request),
      presence,
      intake,
    );
  });

  // Due games left from before (AIs whose turn it was, clocks that ran out) are taken up at once,
  // while the server already answers.
  void hub.sweep();
  // So are reviews left unfinished, from the positions already judged.
  reviews.resume().catch(() => undefined);
  const parts: OnlineParts = {
    stopStarting: () => {
      hub.close();
      pools.close();
      reviews.close();
      stopExploring();
    },
    closeThreads: () => pool.close(),
    drain: async () => {
      await Promise.all([hub.drain(), pools.idle()]);
    },
    sockets: app.websocketServer,
  };
  return { hub, edge, parts };
}

/**
 * Pings every WebSocket each `pingMs`; one that has not answered the previous ping is gone (a phone
 * that lost its network, a half-open connection) and is closed, so its listeners and memory go too.
 */
function keepAlive(app: FastifyInstance, pingMs: number, edge: Edge): void {
  const alive = new WeakSet<WebSocket>();
  app.websocketServer.on('connection', (socket: WebSocket) => {
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
  });
  const timer = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (!alive.has(socket)) {
        edge.dropped.silent++;
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, pingMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Sends unless the client has stopped reading: with more than the edge's bound already waiting for
 * it, it is dropped (4008, said in the protocol) rather than kept growing the server's memory.
 */
function send(socket: WebSocket, message: ServerMessage, edge: Edge): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > edge.sendBufferBytes) {
    edge.dropped.slow++;
    socket.close(4008, 'too slow: the client did not read what it was sent');
    // Its close frame waits behind what it does not read: cut it off now.
    socket.terminate();
    return;
  }
  socket.send(JSON.stringify(message));
}

/** One client on one game: catch-up or full sync, then live events; its intents go to the room. */
async function connect(
  hub: Hub,
  socket: WebSocket,
  id: string,
  since: number | null,
  edge: Edge,
  address: string,
  /** Whose session opened the socket: its intents without a token act for that account's seats. */
  identity: Promise<Identity | null>,
  presence: Presence,
  intake: Intake,
): Promise<void> {
  const tell = (message: ServerMessage) => send(socket, message, edge);
  // A client may send as soon as its socket opens, before the room is loaded: what it sends meanwhile
  // waits here, in order, instead of going to no listener (a loss that a slower store made visible).
  const early: { data: Buffer; binary: boolean }[] = [];
  const hold = (data: Buffer, binary: boolean) => early.push({ data, binary });
  socket.on('message', hold);
  const room = await hub.room(id).catch((e: unknown) => (e instanceof RulesChanged ? e : ('unavailable' as const)));
  const who = await identity.catch(() => null);
  const account = who?.account.id;
  const authorName = who?.account.name;
  // Online while a socket of theirs is open (the socket may close while the room loads).
  if (account !== undefined && socket.readyState === socket.OPEN) socket.once('close', presence.enter(account));
  // When the game cannot be opened, what the client sent meanwhile is answered too, each with its id.
  const refuseEarly = (error: string) => {
    for (const m of early) {
      const id = m.binary ? undefined : messageId(m.data.toString());
      if (id !== undefined) tell({ type: 'error', id, error });
    }
  };
  if (room instanceof RulesChanged) {
    socket.off('message', hold);
    refuseEarly(room.message);
    tell({ type: 'error', error: room.message });
    socket.close(4409, 'played under other rules');
    return;
  }
  // A client ahead of this instance saw events another instance made: this one catches up first.
  if (room && room !== 'unavailable' && since !== null && since > room.version) await room.catchUp().catch(() => undefined);
  socket.off('message', hold);
  if (room === 'unavailable') {
    // 1013: try again later. The client reconnects by itself, as after any dropped connection.
    refuseEarly(STORE_UNAVAILABLE);
    tell({ type: 'error', error: STORE_UNAVAILABLE });
    socket.close(1013, 'the game store is not answering');
    return;
  }
  if (!room) {
    refuseEarly(`there is no game ${id}`);
    tell({ type: 'error', error: `there is no game ${id}` });
    socket.close(4404, 'no such game');
    return;
  }
  // Still ahead of the store, the client claims what never happened (a bug, another site's game): it starts over.
  // After a restart that paused the clocks, the client's clock is older than the store's: it starts over too.
  const missed = since === null || since > room.version || pauseShown(room.stored) ? null : room.eventsSince(since);
  if (missed) {
    tell({ type: 'events', events: missed });
    // Seats are taken without a version: a client catching up hears who sits where now.
    tell({ type: 'seats', seats: publicSeats(room) });
  } else tell({ type: 'sync', game: publicGame(room) });
  const unsubscribe = room.subscribe((event: RoomEvent) => tell({ type: 'event', event }));
  hub.watch(room);
  const unsubscribeSeats = room.onSeats(() => tell({ type: 'seats', seats: publicSeats(room) }));
  const unsubscribeRematch = hub.onRematch(room, (rematch) => tell({ type: 'rematch', id: rematch }));
  // At the table: the standing offer, who is here, and the chat this socket reads — the players'
  // for a seat's holder, the spectators' for anyone else; the two never mix.
  const seatsHere = account === undefined ? [] : room.stored.seatAccounts.flatMap((a, seat) => (a === account ? [seat] : []));
  const chatRoom: ChatRoom = seatsHere.length > 0 ? 'players' : 'spectators';
  tell({ type: 'offer', offer: room.offer });
  const unsubscribeOffer = room.onOffer(() => tell({ type: 'offer', offer: room.offer }));
  const unsubscribePresence = room.talk.onPresence((p) => tell({ type: 'presence', ...p }));
  const leave = room.talk.attend(seatsHere);
  void room.talk.chat(chatRoom).then((lines) => tell({ type: 'chat', room: chatRoom, lines }));
  const unsubscribeChat = room.talk.onChat((said, line) => {
    if (said === chatRoom) tell({ type: 'chat', room: said, lines: [line] });
  });
  socket.on('close', () => {
    unsubscribe();
    unsubscribeSeats();
    unsubscribeRematch();
    unsubscribeOffer();
    unsubscribePresence();
    unsubscribeChat();
    leave();
  });
  const chatAllowance = new Allowance(CHAT_RATE, CHAT_BURST, 1);

  const allowance = new Allowance(edge.messageRate, BURST, 1);
  const onMessage = async (data: Buffer, binary: boolean) => {
    const arrived = performance.now();
    // A frame is at most 64 KB (MAX_FRAME_BYTES), so even a message too long to act on is parsed for
    // its id: every refusal goes back with the id of what it refuses.
    const raw = binary ? null : data.toString();
    const id = raw === null ? undefined : messageId(raw);
    const refuse = (code: MessageErrorCode, error: string) => tell({ type: 'error', ...(id === undefined ? {} : { id }), code, error });
    const now = Date.now();
    // The socket's own allowance, and its address's over all its sockets.
    if (!allowance.take('', now) || !edge.addressMessages.take(address, now))
      return refuse('too-many', `too many messages: at most ${edge.messageRate} a second`);
    if (raw === null) return refuse('not-json', 'messages are JSON text such as {"type":"move",…}');
    if (data.length > MAX_MESSAGE_BYTES) return refuse('too-large', `a message is at most ${MAX_MESSAGE_BYTES} bytes`);
    const message = parseClientMessage(raw);
    if (!message.ok) return refuse('malformed', message.error.message);
    const m = message.value;
    if (m.type === 'chat') {
      if (account === undefined && m.token === undefined)
        return refuse('no-session', 'chat needs a session: open the game from the site (a guest is enough)');
      if (!chatAllowance.take('', now)) return refuse('chat-too-fast', 'too many lines: at most one a second');
      const checked = parseChatText(m.text);
      if (!checked.ok) return refuse(checked.error.code, checked.error.message);
      // A seat's token speaks in the players' chat, as its holder's socket does.
      const byToken = m.seat !== undefined && m.token !== undefined && room.holds(m.seat, m.token);
      if (m.token !== undefined && !byToken) return refuse('bad-token', 'that is not the seat’s token');
      // A socket opened before its account was deleted speaks no more: its name is gone from the site.
      if (account !== undefined && (await hub.store.account(account))?.kind === 'deleted')
        return refuse('account-closed', 'this account was deleted: it cannot chat');
      // A muted (or banned) player's lines are refused, whichever way they come: their session or their seat's token.
      const speaker = byToken ? (room.stored.seatAccounts[m.seat as number] ?? account) : account;
      const muted = speaker === undefined ? null : silenced(await hub.store.sanctionsOf(speaker, Date.now()));
      if (muted !== null) return refuse('muted', muted);
      const said: ChatRoom = byToken ? 'players' : chatRoom;
      const author = byToken ? (room.stored.seatNames[m.seat as number] ?? room.seatName(m.seat as number)) : (authorName ?? 'someone');
      await room.talk.say({ room: said, author, account: account ?? null, text: checked.value, at: Date.now() });
      return tell({ type: 'done', ...(id === undefined ? {} : { id }) });
    }
    const answer =
      m.type === 'move' || m.type === 'resign' ? await room.submit(intentOf(m, account)) : await room.act(mannerOf(m, account));
    if ('done' in answer) tell({ type: 'done', ...(id === undefined ? {} : { id }) });
    else tell({ type: 'answer', ...(id === undefined ? {} : { id }), ...answer });
    hub.latency.record(performance.now() - arrived);
  };
  // While the server stops, a message is neither acted on nor answered: the socket is about to close
  // with 1012, and the client sends what is unanswered again once reconnected (a move's id makes
  // that safe). One taken in before is waited for: its answer goes out before the close.
  const take = (data: Buffer, binary: boolean) => {
    if (intake.open) void intake.track(onMessage(data, binary));
  };
  socket.on('message', take);
  for (const m of early) take(m.data, m.binary);
}

/**
 * The opening explorer counts the games finished before it existed (or ended by a write that left
 * them for it), in the background from the start, saying how far it is in the log. Resumable: a
 * process stopped midway counts the rest at its next start.
 */
function startExploring(app: FastifyInstance, store: GameStore): () => void {
  let closing = false;
  const stop = () => {
    closing = true;
  };
  app.addHook('onClose', async () => stop());
  let said = 0;
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
  return stop;
}

/** What the room is asked, from what the client sent (its id, when it gave one, names a move's retry). */
function intentOf(message: Extract<ClientMessage, { type: 'move' | 'resign' }>, account: string | undefined): Intent {
  // A token speaks for itself; without one, the socket's session speaks.
  const token = message.token ?? (account === undefined ? undefined : { account });
  if (message.type === 'resign') return { kind: 'resign', seat: message.seat, token };
  const { seat, move, version, id } = message;
  return { kind: 'move', seat, token, move, version, ...(id === undefined ? {} : { clientId: id }) };
}

/** An offer, an answer, an abort or a claim, as the room is asked it. */
function mannerOf(
  message: Extract<ClientMessage, { type: 'offer' | 'reply' | 'abort' | 'claim' }>,
  account: string | undefined,
): MannerIntent {
  const token = message.token ?? (account === undefined ? undefined : { account });
  const { seat } = message;
  switch (message.type) {
    case 'offer':
      return { kind: 'offer', seat, token, offer: message.offer };
    case 'reply':
      return { kind: 'reply', seat, token, offer: message.offer, accept: message.accept };
    case 'abort':
      return { kind: 'abort', seat, token };
    case 'claim':
      return { kind: 'claim', seat, token, result: message.result };
  }
}

import type { ServerResponse } from 'node:http';
import type { BotStreamMessage, PublicGame } from '@hexarena/engines/protocol/index.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GAME_ID_PARAMS } from './game-id.ts';
import type { Hub } from './hub.ts';
import { API_TOKEN_PREFIX, type Identities, nameKeyHash, newAccountId } from './identity/identities.ts';
import { keptForTheSite } from './identity/usernames.ts';
import { type Edge, Holdings } from './limits.ts';
import { refusalBody } from './refusal-body.ts';
import { type Room, type RoomEvent, STORE_UNAVAILABLE } from './room.ts';
import { type Intake, STREAM_RESTARTING } from './stop.ts';
import { type Bot, type GameStore, RulesChanged } from './store.ts';
import { hashToken, newSeatToken } from './tokens.ts';

/**
 * The bot API (docs/protocol.md): a bot registers once by name and gets a token; that token is the
 * seat token of every seat it takes (creating a game, or claiming a seat, with the token as a Bearer
 * credential), so it also moves over the game's WebSocket like anyone. One NDJSON stream carries
 * the events of all the games it sits in; moves are posted in the game's notation.
 */

export type { Bot } from './store.ts';

const BOT_NAME = /^[A-Za-z0-9_-]{1,30}$/;
/** A stream says it is alive this often, so proxies and clients can tell a quiet game from a dead line. */
const PING_MS = 20_000;
/** Event streams one bot may hold at once: one is what it needs; a few cover a restart that overlaps. */
export const BOT_STREAMS = 3;
/** Bots one player may make: enough to try a few programs, not an army whose games count as one each. */
export const BOTS_PER_ACCOUNT = 5;
/** The stable code of the refusal of a bot past the owner's share (docs/protocol.md). */
export const TOO_MANY_BOTS = 'too-many-bots';

/** The bot a request speaks for (Authorization: Bearer <token>); null without one; 'unknown' for a token no bot has. */
export async function botOf(store: GameStore, request: FastifyRequest): Promise<Bot | null | 'unknown'> {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  // A person's own API token is not a bot's: the identity of the request speaks for it.
  if (header.startsWith(`Bearer ${API_TOKEN_PREFIX}`)) return null;
  const token = /^Bearer ([A-Za-z0-9_-]{1,64})$/.exec(header)?.[1];
  if (!token) return 'unknown';
  const tokenHash = hashToken(token);
  const name = await store.bots.nameOf(tokenHash);
  return name === null ? 'unknown' : { name, tokenHash, token };
}

const unknownBot = (reply: FastifyReply) => reply.code(401).send({ error: 'that is not a bot token: register with POST /api/bots' });

export function registerBots(
  app: FastifyInstance,
  hub: Hub,
  publicGame: (room: Room) => PublicGame,
  edge: Edge,
  botStreams: number,
  identities: Identities,
  intake: Intake,
  botsPerAccount: number = BOTS_PER_ACCOUNT,
): void {
  const store = hub.store;
  const streams = new Holdings(botStreams);
  registerBotMaking(app, store, identities, botsPerAccount);

  // Who a token is: a bot started with only its token learns its name.
  app.get('/api/bot/me', async (request, reply) => {
    const bot = await botOf(store, request);
    if (bot === null || bot === 'unknown') return unknownBot(reply);
    return { name: bot.name };
  });

  // One line of JSON per message: the bot's games as they are when it connects, then their events.
  app.get('/api/bot/stream', async (request, reply) => {
    const bot = await botOf(store, request);
    if (bot === null || bot === 'unknown') return unknownBot(reply);
    const release = streams.take(bot.tokenHash);
    if (!release)
      return reply
        .code(429)
        .send({ error: `${bot.name} has ${botStreams} event streams open already: one carries all its games; close one first` });
    reply.hijack();
    await streamBotGames({ hub, publicGame, edge, intake }, bot, reply.raw, release);
  });
  registerBotMoves(app, hub);
}

/** POST /api/bots: a player makes a bot, an account of its own, and gets its token. */
function registerBotMaking(app: FastifyInstance, store: GameStore, identities: Identities, botsPerAccount: number): void {
  app.post(
    '/api/bots',
    {
      bodyLimit: 1024,
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: { name: { type: 'string', minLength: 1, maxLength: 30 } },
        },
      },
    },
    async (request, reply) => {
      const { name } = request.body as { name: string };
      // Coded (`bots.*`, and TOO_MANY_BOTS) for the account page to say in its player's language.
      if (!BOT_NAME.test(name))
        return reply.code(400).send(refusalBody('bots.nameRule', 'a bot name is 1 to 30 letters, digits, - or _', { max: 30 }));
      // A bot's name shows in seats and chat as a player's does: none that passes for the site, its staff or its engines.
      if (keptForTheSite(name.toLowerCase()))
        return reply.code(400).send(refusalBody('bots.nameKept', `"${name}" is kept for the site: choose another name`, { name }));
      // A bot is an account of its own, owned by the player who makes it (who may give it a new token).
      const owner = await identities.of(request);
      if (owner?.account.kind !== 'player' || owner.via !== 'session')
        return reply
          .code(401)
          .send(refusalBody('bots.logIn', 'log in to make a bot: a bot belongs to a player, who can revoke its token (see /account)'));
      // Checked first for the words, and again in the store's write, where bots made at once are counted.
      const full = async () => (await store.bots.ownedBy(owner.account.id)).length >= botsPerAccount;
      const tooMany = () =>
        reply
          .code(409)
          .send(
            refusalBody(
              TOO_MANY_BOTS,
              `an account may have ${botsPerAccount} bots, and yours has them: give one of them a new token (POST /api/account/bots/:name/token) rather than make another`,
              { count: botsPerAccount },
            ),
          );
      if (await full()) return tooMany();
      const token = newSeatToken();
      const key = name.toLowerCase();
      const made = await store.bots.registerOwned(
        newAccountId(),
        owner.account.id,
        name,
        key,
        nameKeyHash(key),
        hashToken(token),
        identities.now(),
        botsPerAccount,
      );
      if (!made)
        return (await full()) ? tooMany() : reply.code(409).send(refusalBody('bots.nameTaken', `the name ${name} is taken`, { name }));
      return reply.code(201).send({ name, token });
    },
  );
}

/** What a bot's event stream works with. */
interface BotStreamServices {
  readonly hub: Hub;
  readonly publicGame: (room: Room) => PublicGame;
  readonly edge: Edge;
  readonly intake: Intake;
}

/**
 * A bot's event stream, one line of JSON a message: its games as they are when it connects, then
 * their events, and every game it is seated in later. `release` gives its place back once it closes.
 */
async function streamBotGames(services: BotStreamServices, bot: Bot, out: ServerResponse, release: () => void): Promise<void> {
  const { hub, publicGame, edge, intake } = services;
  const store = hub.store;
  out.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
  // Said at once: a bot with no game yet knows its stream is open, not only at the first ping.
  out.flushHeaders();
  const write = (message: BotStreamMessage) => {
    if (out.writableEnded || out.destroyed) return;
    // A bot that stopped reading is cut off rather than kept growing the server's memory: it reads
    // its games again from a new stream.
    if (out.writableLength > edge.sendBufferBytes) {
      edge.dropped.slow++;
      out.destroy();
      return;
    }
    out.write(`${JSON.stringify(message)}\n`);
  };
  const following = new Map<string, () => void>();
  const follow = async (id: string) => {
    if (following.has(id)) return;
    following.set(id, () => undefined);
    const room = await hub.room(id).catch((e: unknown) => (e instanceof RulesChanged ? e : ('unavailable' as const)));
    // A game under other rules cannot be played here: the bot is told so, and its other games go on.
    if (room instanceof RulesChanged) return write({ type: 'error', id, error: room.message });
    // The store is away: the stream ends with the reason, and the bot connects again (its games are
    // all sent again then), rather than go on missing one of them.
    if (room === 'unavailable') return unavailable();
    if (!room) return;
    const seats = room.stored.seatTokens.flatMap((h, seat) => (h === bot.tokenHash ? [seat] : []));
    write({ type: 'game', seats, game: publicGame(room) });
    const unsubscribe = room.subscribe((event: RoomEvent) => {
      // Whose turn it is now, and the legal moves when it is the bot's: no GET after every event.
      const toMove = room.toMove;
      const mine = toMove !== null && room.stored.seatTokens[toMove] === bot.tokenHash;
      write({ type: 'event', id, event, toMove, ...(mine ? { legalMoves: room.legalMoves() } : {}) });
      // Over, or over for the bot: it left (resigned, ran out of time) a game that goes on without it.
      if (event.kind === 'end' || (event.kind === 'leave' && seats.every((seat) => room.hasLeft(seat)))) stop(id);
    });
    following.set(id, unsubscribe);
    if (room.over) stop(id);
  };
  const stop = (id: string) => {
    following.get(id)?.();
    following.delete(id);
  };
  const unavailable = () => {
    write({ type: 'error', error: STORE_UNAVAILABLE });
    out.end();
  };
  const unseat = hub.onBotSeated(bot.tokenHash, (id) => void follow(id));
  const ping = setInterval(() => write({ type: 'ping' }), PING_MS);
  // Open until the bot closes it, or the server stops: then its last line says so, and it ends
  // (cut after a short grace if the bot does not read).
  intake.stream(out, () => {
    write({ type: 'error', error: STREAM_RESTARTING });
    out.end();
  });
  out.on('close', () => {
    release();
    clearInterval(ping);
    unseat();
    for (const id of [...following.keys()]) stop(id);
  });
  const games = await store.bots.seatedIn(bot.tokenHash).catch(() => null);
  if (games === null) return unavailable();
  for (const id of games) await follow(id);
}

/** POST /api/bot/games/:id/move: a bot moves by REST, in notation. */
function registerBotMoves(app: FastifyInstance, hub: Hub): void {
  const store = hub.store;
  app.post(
    '/api/bot/games/:id/move',
    {
      bodyLimit: 1024,
      schema: {
        params: GAME_ID_PARAMS,
        body: {
          type: 'object',
          required: ['move'],
          additionalProperties: false,
          properties: { move: { type: 'string', maxLength: 200 }, version: { type: 'integer', minimum: 0 } },
        },
      },
    },
    async (request, reply) => {
      const bot = await botOf(store, request);
      if (bot === null || bot === 'unknown') return unknownBot(reply);
      const { id } = request.params as { id: string };
      const { move, version } = request.body as { move: string; version?: number };
      const room = await hub.room(id);
      if (!room) return reply.code(404).send({ error: `there is no game ${id}` });
      const seats = room.stored.seatTokens.flatMap((h, seat) => (h === bot.tokenHash ? [seat] : []));
      if (seats.length === 0) return reply.code(403).send({ error: `${bot.name} has no seat in game ${id}` });
      // The seat to move if it is the bot's, else its first (the room then says whose turn it is).
      const seat = seats.includes(room.toMove ?? -1) ? (room.toMove as number) : (seats[0] as number);
      const answer = await room.submit({ kind: 'move', seat, token: bot.token, move, version: version ?? room.version });
      return reply.code(answer.ok ? 200 : 409).send(answer);
    },
  );
}

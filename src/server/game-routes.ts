import { randomInt } from 'node:crypto';
import { agentNames } from '@hexarena/engines/ai/agents.ts';
import type { AnyGame, Json } from '@hexarena/engines/engine/game.ts';
import { err, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { type NewGameRequest, parseNewGameRequest, parseRematchRequest, parseSeatRequest } from '@hexarena/engines/protocol/index.ts';
import { perfOf } from '@hexarena/engines/ratings/index.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { outsideSeatGame } from '../protocols/seat-prefixes.ts';
import { type CodedRefusal, seatTaken } from './arbiter.ts';
import { botOf } from './bots.ts';
import { codedRefusal } from './game/decide.ts';
import { GAME_ID_PARAMS, noSuchGame } from './game-id.ts';
import { type Hub, REMATCH_OF } from './hub.ts';
import type { Identities, Identity } from './identity/identities.ts';
import { MAX_NAME_LENGTH, parseName } from './names.ts';
import { OneAtATime } from './one-at-a-time.ts';
import type { OpenGames } from './open-games.ts';
import { addressKey, type Counted, countedAs, holdsSeatIn, ONE_SEAT_ERROR, ONE_SEAT_PER_ACCOUNT, owningAccount } from './owners.ts';
import { publicGame, seatsOf } from './public-game.ts';
import { recordOf } from './records.ts';
import { type RefusalBody, refusalBody } from './refusal-body.ts';
import type { Room } from './room.ts';
import type { Blocks } from './social/blocks.ts';
import type { Bot, GameStore } from './store.ts';

/**
 * The REST routes of online games (docs/protocol.md): create and list games, read one, take a seat,
 * ask for a rematch, fetch a finished game's record.
 */

/** What the game routes work with. */
export interface GameRouteServices {
  readonly store: GameStore;
  readonly hub: Hub;
  readonly identities: Identities;
  readonly openGames: OpenGames;
  /** Tells the lobby's sockets a game was made or a seat taken here. */
  readonly lobbyChanged: () => void;
  /** The key of the hashes that stand for addresses. */
  readonly siteSecret: () => Promise<string>;
  /** Outside players the operator allowed games to seat (see OnlineLimits). */
  readonly outsideSeats: readonly string[];
  /** Games with a seat still open one creator may have at once. */
  readonly openGamesEach: number;
  /** Games of AIs alone one creator may have going at once. */
  readonly aiGamesEach: number;
  /** Who blocks whom: neither takes the other's seek. */
  readonly blocks: Blocks;
  /** Told of a game whose last seat was taken here (a rated one's players' followers hear of it). */
  readonly started?: (id: string) => void;
}

const seatParams = {
  ...GAME_ID_PARAMS,
  required: ['id', 'seat'],
  // Parameters arrive as text: a seat is one digit.
  properties: { ...GAME_ID_PARAMS.properties, seat: { type: 'string', pattern: '^[0-9]$' } },
} as const;

/*
 * The refusals of making a game carry a stable code (`games.*`; the rules' own for a game that is not
 * there, the owners' `one-seat-per-account`) beside their English words, and the values those words
 * name: the app says them in its player's language (src/web/create-refusals.ts).
 */
const notABot = () => refusalBody('games.notABot', 'that is not a bot token: register with POST /api/bots');

/** A name refused: one code for its three reasons (the words say which), the longest a name may be its value. */
const badName = (error: Error) => refusalBody('games.name', `name: ${error.message}`, { max: MAX_NAME_LENGTH });

/** The name a request gave, checked in characters, or null when it gave none. */
const nameOf = (given: string | undefined): Result<string | null> => (given === undefined ? ok(null) : parseName(given));

/** The name a seat is taken under: a player's username; a guest's given name, else their guest name; else what was given. */
function seatName(identity: Identity | null, given: string | undefined): Result<string | null> {
  if (identity?.account.kind === 'player') return ok(identity.account.name);
  const name = nameOf(given);
  return name.ok && name.value === null && identity ? ok(identity.account.name) : name;
}

export function registerGameRoutes(app: FastifyInstance, services: GameRouteServices): void {
  const { store, hub, identities } = services;
  // Each creator's games are counted against its caps and made one at a time (one-at-a-time.ts).
  const creations = new OneAtATime();
  app.post('/api/games', { bodyLimit: 16 * 1024 }, (request, reply) => createGame(services, creations, request, reply));
  app.get('/api/games', async () => ({ games: await services.openGames.list() }));
  app.get('/api/games/:id', { schema: { params: GAME_ID_PARAMS } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    // The room is the store's game as of its last commit: no second read.
    const room = await hub.room(id);
    if (!room) return reply.code(404).send(noSuchGame(id));
    // The seats the asker's account holds: a browser learns its seats here, in any tab or device.
    const account = (await identities.of(request))?.account.id;
    return { ...publicGame(room), yours: seatsOf(room, account) };
  });
  app.post('/api/games/:id/seats/:seat', { bodyLimit: 1024, schema: { params: seatParams } }, (request, reply) =>
    takeSeat(services, request, reply),
  );
  app.post('/api/games/:id/rematch', { bodyLimit: 1024, schema: { params: GAME_ID_PARAMS } }, (request, reply) =>
    askRematch(services, request, reply),
  );
  app.get('/api/games/:id/record', { schema: { params: GAME_ID_PARAMS } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const stored = await store.games.read(id);
    if (!stored) return reply.code(404).send(noSuchGame(id));
    if (!stored.ending)
      return reply.code(409).send(refusalBody('record.stillOn', 'the game is still on: its record, seed included, is public once it ends'));
    const record = recordOf(stored);
    return record.ok ? record.value : reply.code(500).send({ error: record.error.message });
  });
}

/** POST /api/games: a game made, its creator seated in it when they asked for a seat. */
async function createGame(services: GameRouteServices, creations: OneAtATime, request: FastifyRequest, reply: FastifyReply) {
  const { store, hub, identities } = services;
  const parsed = parseNewGameRequest(request.body);
  // A body the app never sends (its dialog builds it): one code for every shape refused, the words say which.
  if (!parsed.ok) return reply.code(400).send(refusalBody('games.request', parsed.error.message));
  const body = withSeatDrawn(parsed.value);
  if (body === null)
    return reply.code(400).send(refusalBody('games.randomNoneOpen', 'a "random" seat is drawn among the open seats, and none is open'));
  // A bot creates games with its token: its seat is taken with that token.
  const bot = await botOf(store, request);
  if (bot === 'unknown') return reply.code(401).send(notABot());
  const identity = bot ? null : await identities.of(request);
  const name = seatName(identity, body.name);
  if (!name.ok) return reply.code(400).send(badName(name.error));
  const checked = checkNewGame(body, identity, services.outsideSeats);
  if (!checked.ok) return reply.code(400).send(checked.error);
  const { game, options } = checked.value;
  // Counted by who answers for the request, not the text it sends: a player's account with its bots
  // and tokens, else a keyed hash of the address (the address itself is never stored).
  const counted = await countedAs(store, bot, identity, async () => addressKey(await services.siteSecret(), request.ip));
  const aiOnly = body.seats.every((s) => s !== 'open');
  // A game nobody plays by hand is played with the options that make it end (Hive's repetition draw,
  // a round cap where the game has one), as a match of AIs is.
  const played = aiOnly && game.headlessOptions ? game.headlessOptions(options) : options;
  // Counted and made one at a time per creator: games asked for all at once each see the last one made.
  const made = await creations.run(counted.key, async () => {
    const over = await overCreatorCaps(services, counted, body);
    if (over !== null) return over;
    const { seats, clock, rated, ratingRange } = body;
    return hub.create(game.id, played as Json, seats, clock ?? null, undefined, counted.key, rated === true, ratingRange ?? null);
  });
  if ('error' in made) return reply.code(429).send(made);
  const room = made;
  const id = room.id;
  // The lobby sockets hear of it once its creator sits.
  if (body.seat === undefined) {
    services.lobbyChanged();
    return reply.code(201).send({ id, version: room.version });
  }
  // A rated game's creator holds one seat of it: their own claim of another, meanwhile, loses in the store.
  const account = identity?.account.id;
  const claimed = await hub.seat(room, body.seat, name.value, bot, account, body.rated ? account : undefined);
  services.lobbyChanged();
  if (!claimed.ok) return reply.code(409).send(seatRefusal(claimed));
  return reply.code(201).send({ id, version: room.version, seat: body.seat, ...(claimed.token ? { token: claimed.token } : {}) });
}

/** A request whose creator's seat is a number, or none. */
type SeatedRequest = Omit<NewGameRequest, 'seat'> & { readonly seat?: number };

/**
 * The creator's "random" seat drawn among the open ones, as lichess's "random side" (and as pools and
 * challenges draw who plays first); null when no seat is open.
 */
function withSeatDrawn(body: NewGameRequest): SeatedRequest | null {
  if (body.seat !== 'random') return body as SeatedRequest;
  const open = body.seats.flatMap((s, i) => (s === 'open' ? [i] : []));
  if (open.length === 0) return null;
  return { ...body, seat: open[randomInt(open.length)] as number };
}

/** The game a request asks for and its options, when its seats and its rating make sense for that game. */
function checkNewGame(
  body: SeatedRequest,
  identity: Identity | null,
  outsideSeats: readonly string[],
): Result<{ game: AnyGame; options: unknown }, RefusalBody> {
  const found = findGame(body.game);
  // The rules' own refusal (rules.unknownGame), with the game asked for.
  if (!found.ok) return err(refusalBody(found.error));
  const game = found.value;
  const named = { game: game.title };
  const options = game.parseOptions(body.options ?? {});
  if (!options.ok) return err(refusalBody('games.options', `options: ${options.error.message}`, named, options.error));
  const seatNames = game.seatNames(options.value);
  if (body.seats.length !== seatNames.length)
    return err(
      refusalBody(
        'games.seatCount',
        `${game.title} with these options has ${seatNames.length} seats, the request names ${body.seats.length}`,
        {
          ...named,
          count: seatNames.length,
          asked: body.seats.length,
        },
      ),
    );
  // Outside programs only as the server's operator allowed them (HEXARENA_OUTSIDE_SEATS): a name
  // from the network never starts a program on its own.
  const agents = [...agentNames(game), ...outsideSeats.filter((seat) => outsideSeatGame(seat) === game.id)];
  const unknown = body.seats.find((s) => s !== 'open' && !agents.includes(s));
  if (unknown !== undefined)
    return err(
      refusalBody('games.unknownAgent', `seat "${unknown}" is neither "open" nor an AI of ${game.id} (${agents.join(', ')})`, {
        ...named,
        agent: unknown.slice(0, 40),
      }),
    );
  if (body.seat !== undefined && body.seat >= seatNames.length)
    return err(refusalBody('games.noSeat', `there is no seat ${body.seat}`, { seat: body.seat, count: seatNames.length }));
  if (body.seat !== undefined && body.seats[body.seat] !== 'open')
    return err(
      refusalBody(
        'games.seatPlayedByAI',
        `seat ${body.seat} (${seatNames[body.seat]}) is played by the server's AI, not open to a person`,
        {
          seat: body.seat,
          // A value named …Seat is the seat as the game names it (White, X): the app says it in its language.
          nameSeat: seatNames[body.seat] as string,
        },
      ),
    );
  // Rated: players with accounts in every seat (two, or a free-for-all's table), none the server's AI; the creator one of them.
  if (body.rated) {
    if (game.unrated) return err(refusalBody('games.unrated', `${game.title} is not rated: play it casual`, named));
    if (body.seats.some((s) => s !== 'open'))
      return err(refusalBody('games.ratedAI', 'a rated game is between players: every seat open to people, none to the server’s AI'));
    if (identity?.account.kind !== 'player' || body.seat === undefined)
      return err(
        refusalBody('games.ratedPlayer', 'a rated game is made by a player with an account, who takes a seat in it: sign up first'),
      );
  }
  return ok({ game, options: options.value });
}

/** Why the creator may not make this game now (too many of its games going already), or null. */
async function overCreatorCaps(services: GameRouteServices, counted: Counted, body: SeatedRequest): Promise<RefusalBody | null> {
  const { store, aiGamesEach, openGamesEach } = services;
  const aiOnly = body.seats.every((s) => s !== 'open');
  const leftOpen = body.seats.filter((s) => s === 'open').length - (body.seat === undefined ? 0 : 1);
  // Games of AIs alone take the AI threads everyone shares: a couple at once per creator.
  if (aiOnly && (await store.lobby.aiOnlyBy(counted.key)) >= aiGamesEach)
    return refusalBody(
      'games.tooManyAIGames',
      `${counted.says} has ${aiGamesEach} games of AIs alone going already: let them end before starting more`,
      { count: aiGamesEach, ...counted.who },
    );
  if (leftOpen > 0 && (await store.lobby.openBy(counted.key)) >= openGamesEach)
    return refusalBody(
      'games.tooManyOpen',
      `${counted.says} has ${openGamesEach} games waiting for players already: wait for them to fill or end before making more`,
      { count: openGamesEach, ...counted.who },
    );
  return null;
}

/** POST /api/games/:id/seats/:seat: a person, a guest or a bot takes an open seat. */
async function takeSeat(services: GameRouteServices, request: FastifyRequest, reply: FastifyReply) {
  const { store, hub, identities } = services;
  const { id } = request.params as { id: string };
  const seat = Number((request.params as { seat: string }).seat);
  const asked = parseSeatRequest(request.body);
  if (!asked.ok) return reply.code(400).send(refusalBody('games.request', asked.error.message));
  const identity = await identities.of(request);
  const name = seatName(identity, asked.value.name);
  if (!name.ok) return reply.code(400).send(badName(name.error));
  const bot = await botOf(store, request);
  if (bot === 'unknown') return reply.code(401).send(notABot());
  const room = await hub.room(id);
  if (!room) return reply.code(404).send(noSuchGame(id));
  const count = room.stored.seats.length;
  if (seat >= count)
    return reply
      .code(404)
      .send(refusalBody('games.noSeat', `game ${id} has ${count} seats: there is no seat ${seat}`, { id, seat, count }));
  const answered = await mayTakeSeat(store, room, bot, identity);
  if (!answered.ok) return reply.code(403).send(answered.error);
  const owner = answered.value;
  // A seek of a player who blocks the claimant (or whom they block) is as good as taken, and said so
  // in the words a taken seat gets: the block is not told.
  const claimant = bot ? null : identity?.account.id;
  if (claimant !== undefined && claimant !== null && (await blocksAt(services.blocks, room, claimant)))
    return reply.code(409).send(seatRefusal(seatTaken(room.seatName(seat))));
  const claimed = await hub.seat(room, seat, name.value, bot, bot ? undefined : identity?.account.id, owner ?? undefined);
  // The one account's one seat is a right refused (403); the others, the seat as it stands (409).
  if (!claimed.ok) return reply.code(claimed.code === ONE_SEAT_PER_ACCOUNT ? 403 : 409).send(seatRefusal(claimed));
  services.lobbyChanged();
  if (room.stored.seats.every((kind, i) => kind !== 'open' || room.stored.seatTokens[i] !== null)) services.started?.(room.id);
  return reply.code(201).send({ seat, ...(claimed.token ? { token: claimed.token } : {}), version: room.version });
}

/** A seat or a rematch refused, as arbiter.ts and game/asks.ts judged it: its words, code and values, as they are. */
const seatRefusal = ({ error, code, values }: CodedRefusal): RefusalBody => refusalBody(code, error, values);

/** Whether a player seated at the game blocks `account`, or is blocked by them. */
async function blocksAt(blocks: Blocks, room: Room, account: string): Promise<boolean> {
  const seated = [...new Set(room.stored.seatAccounts.filter((a): a is string => a !== null && a !== account))];
  for (const other of seated) if (await blocks.between(account, other)) return true;
  return false;
}

/**
 * Whether this claimant may take a seat of this game: the account that answers for them in a rated
 * game (null otherwise), or why not (always a 403).
 */
async function mayTakeSeat(
  store: GameStore,
  room: Room,
  bot: Bot | null,
  identity: Identity | null,
): Promise<Result<string | null, RefusalBody>> {
  const stored = room.stored;
  // A rematch's seats belong to the players of the game it follows: they take them through its rematch.
  const follows = stored.creator?.startsWith(REMATCH_OF) ? stored.creator.slice(REMATCH_OF.length) : null;
  if (follows !== null)
    return err(
      refusalBody(
        'games.rematchSeats',
        `the rematch's seats are kept for the players of game ${follows}: they take them from its page (Rematch)`,
        { id: follows },
      ),
    );
  // Nobody rates themself: an account, its bots and its tokens hold one seat of a rated game. Said
  // from the game as stored here, and checked again in the store's write (another instance's claim).
  const claimant = bot ? { botToken: bot.tokenHash } : identity ? { account: identity.account.id } : null;
  const owner = stored.rated && claimant ? await owningAccount(store, claimant) : null;
  if (owner !== null && (await holdsSeatIn(store, stored, owner)))
    return { ok: false, error: { error: ONE_SEAT_ERROR, code: ONE_SEAT_PER_ACCOUNT } };
  // A rated game's seats are taken by players with accounts: a guest or a script plays casual games.
  if (stored.rated && (bot || identity?.account.kind !== 'player'))
    return err(refusalBody('games.ratedSeat', 'a rated game is played by players with accounts: sign up (or log in) to take this seat'));
  // A seek with a rating range: the claimant's rating in its kind of game (1500 for a newcomer) must be in it.
  const range = stored.rated ? stored.ratingRange : null;
  if (range && identity) {
    const perf = perfOf(stored.game, stored.clock);
    const rating = Math.round((await store.ratings.of(identity.account.id)).find((r) => r.perf === perf)?.rating ?? 1500);
    if (rating < range.min || rating > range.max)
      return err(
        refusalBody('games.ratingRange', `this game is for players rated ${range.min}–${range.max} in ${perf}; yours is ${rating}`, {
          min: range.min,
          max: range.max,
          perf,
          rating,
        }),
      );
  }
  return ok(owner);
}

/** POST /api/games/:id/rematch: a finished game's player asks for the next; everyone moves one seat on. */
async function askRematch(services: GameRouteServices, request: FastifyRequest, reply: FastifyReply) {
  const { hub, identities } = services;
  const { id } = request.params as { id: string };
  const asked = parseRematchRequest(request.body);
  if (!asked.ok) return reply.code(400).send(refusalBody('games.request', asked.error.message));
  const { seat, token } = asked.value;
  const room = await hub.room(id);
  if (!room) return reply.code(404).send(noSuchGame(id));
  // The game may have ended, or the seat been taken, through another instance a moment ago.
  // A seat token (a bot's, a script's), or the session of the account that holds the seat.
  const account = (await identities.of(request))?.account.id;
  const credential = token ?? (account === undefined ? undefined : { account });
  const asks = await room.admits({ kind: 'rematch', seat, credential });
  // The seat not the asker's (403); the game still on, or a tournament's (409): as game/asks.ts decided, with its code.
  if (asks.kind === 'refuse') return reply.code(asks.refusal === 'bad-token' ? 403 : 409).send(seatRefusal(codedRefusal(asks)));
  const next = (await hub.room(await hub.rematch(room))) as Room;
  // Everyone moves one seat on, with the name they had.
  const moved = (seat + 1) % room.stored.seats.length;
  const claimed = await hub.seat(next, moved, room.stored.seatNames[seat] ?? null, null, room.stored.seatAccounts[seat] ?? undefined);
  if (!claimed.ok)
    return reply
      .code(409)
      .send(
        refusalBody('games.rematchTaken', `the rematch's ${next.seatName(moved)} is taken already`, { nameSeat: next.seatName(moved) }),
      );
  return reply.code(201).send({ id: next.id, seat: moved, token: claimed.token });
}

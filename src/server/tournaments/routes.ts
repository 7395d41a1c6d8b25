import { randomBytes } from 'node:crypto';
import type { Json } from '@hexarena/engines/engine/game.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { parseClockRequest } from '@hexarena/engines/protocol/requests.ts';
import { perfOf } from '@hexarena/engines/ratings/index.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatTrf } from '../../tournaments/trf.ts';
import { botOf } from '../bots.ts';
import type { Identities } from '../identity/identities.ts';
import { usernameKey } from '../identity/usernames.ts';
import { Allowance } from '../limits.ts';
import { tournamentsOf } from '../social/player-tournaments.ts';
import type { GameStore } from '../store.ts';
import { type EntryConditions, entryRefusal } from './conditions.ts';
import type { EntryState, NewTournament, StoredTournament, TournamentKind, TournamentState } from './store.ts';
import { swissTournament } from './swiss-trf.ts';
import { summaryOf, type TournamentViews } from './views.ts';

/**
 * Tournaments over HTTP (docs/tournaments.md): made by a signed-in organiser, listed, read with
 * their standings and pairings, joined and left by players (by their session or personal token)
 * and bots (by their token), started and finished early by their organiser. Every body is checked
 * by its schema at the edge; writes are counted per account.
 */

export interface TournamentRoutes {
  readonly store: GameStore;
  readonly identities: Identities;
  readonly now: () => number;
  /** Something changed that the director should look at now rather than at its next tick. */
  readonly nudge: () => void;
  /** Its views, made once a version. */
  readonly views: TournamentViews;
  /** A tournament changed here: its followers here and elsewhere hear it. */
  readonly changed: (id: string) => void;
}

/** Writes per account: a burst of 20, then one a second. */
const WRITE_BURST = 20;
const WRITE_RATE = 1;
const LIST_LIMIT = 50;
/** Tournaments one organiser may have made or running at once: each is the director's work every tick. */
export const UNFINISHED_EACH = 5;
const DAY_MS = 86_400_000;

const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,20}$' } },
} as const;
const CREATE_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'name', 'game'],
  properties: {
    kind: { enum: ['arena', 'swiss', 'round-robin'] },
    name: { type: 'string', minLength: 1, maxLength: 60 },
    game: { type: 'string', minLength: 1, maxLength: 20 },
    options: { type: 'object' },
    clock: { type: ['object', 'null'] },
    rated: { type: 'boolean' },
    startsAt: { type: ['integer', 'null'], minimum: 0 },
    rounds: { type: 'integer', minimum: 1, maximum: 30 },
    durationMs: { type: 'integer', minimum: 60_000, maximum: DAY_MS },
    cycles: { type: 'integer', minimum: 1, maximum: 4 },
    byePoints: { enum: [0, 0.5, 1] },
    conditions: {
      type: 'object',
      additionalProperties: false,
      properties: {
        minRatedGames: { type: 'integer', minimum: 0, maximum: 1000 },
        minRating: { type: 'integer', minimum: 0, maximum: 4000 },
        maxRating: { type: 'integer', minimum: 0, maximum: 4000 },
        inviteOnly: { type: 'boolean' },
      },
    },
  },
} as const;
const NAME_PARAMS = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
const LIST_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { state: { enum: ['upcoming', 'running', 'finished'] } },
} as const;

type CreateBody = {
  kind: TournamentKind;
  name: string;
  game: string;
  options?: Json;
  clock?: unknown;
  rated?: boolean;
  startsAt?: number | null;
  rounds?: number;
  durationMs?: number;
  cycles?: number;
  byePoints?: number;
  conditions?: EntryConditions;
};

export function registerTournaments(app: FastifyInstance, settings: TournamentRoutes): void {
  const desk = new Desk(settings);
  registerCreate(app, desk);
  registerReads(app, desk);
  registerEntries(app, desk);
  registerOrganising(app, desk);
}

/** Who asks, and the allowance their writes spend. */
class Desk {
  readonly writes = new Allowance(WRITE_RATE, WRITE_BURST);
  constructor(readonly settings: TournamentRoutes) {}

  /** A signed-in player (session or personal token), or a 401 sent. */
  async player(request: FastifyRequest, reply: FastifyReply): Promise<{ id: string; name: string } | null> {
    const identity = await this.settings.identities.of(request);
    if (identity?.account.kind === 'player') return identity.account;
    void reply.code(401).send({ error: 'log in first: tournaments are made by players' });
    return null;
  }

  /** A player or a bot (by its token), or a reply sent. */
  async entrant(request: FastifyRequest, reply: FastifyReply): Promise<{ id: string; name: string } | null> {
    const bot = await botOf(this.settings.store, request);
    if (bot === 'unknown') {
      void reply.code(401).send({ error: 'that is not a bot token: register with POST /api/bots' });
      return null;
    }
    if (bot) {
      const account = await this.settings.store.tournaments.botAccount(bot.tokenHash);
      if (account) return { id: account, name: bot.name };
      void reply.code(403).send({ error: `${bot.name} has no account of its own to play tournaments under: register it again` });
      return null;
    }
    const identity = await this.settings.identities.of(request);
    if (identity?.account.kind === 'player') return identity.account;
    void reply.code(401).send({ error: 'log in first (or send a bot token) to play in a tournament' });
    return null;
  }

  /** A write counted on the account: past its allowance, a 429 sent. */
  spend(account: string, reply: FastifyReply): boolean {
    if (this.writes.take(account, this.settings.now())) return true;
    reply.header('retry-after', '1');
    void reply.code(429).send({ error: 'too many tournament requests at once: try again in a moment' });
    return false;
  }

  /** The tournament in the path, or a 404 sent. */
  async tournament(request: FastifyRequest, reply: FastifyReply): Promise<StoredTournament | null> {
    const { id } = request.params as { id: string };
    const t = await this.settings.store.tournaments.read(id);
    if (!t) void reply.code(404).send({ error: `there is no tournament ${id}` });
    return t;
  }
}

/** The tournament a body asks for, checked beyond its schema (the game, its options and clock, what its kind needs). */
function tournamentOf(body: CreateBody, organiser: { id: string; name: string }, now: number): NewTournament | string {
  const found = findGame(body.game);
  if (!found.ok) return found.error.message;
  const options = found.value.parseOptions(body.options);
  if (!options.ok) return options.error.message;
  if (found.value.seatNames(options.value).length !== 2)
    return `tournaments are played by two players a game: ${body.game} with these options is not`;
  const clock = body.clock === undefined ? { ok: true as const, value: null } : parseClockRequest(body.clock);
  if (!clock.ok) return clock.error.message;
  if (body.kind === 'swiss' && body.rounds === undefined) return 'a Swiss needs its number of "rounds"';
  if (body.kind === 'arena' && body.durationMs === undefined) return 'an arena needs its "durationMs"';
  if (body.startsAt !== undefined && body.startsAt !== null && (body.startsAt < now || body.startsAt > now + 30 * DAY_MS))
    return '"startsAt" is a time within the next 30 days';
  const conditions = body.conditions ?? {};
  if (conditions.minRating !== undefined && conditions.maxRating !== undefined && conditions.minRating > conditions.maxRating)
    return '"conditions": "minRating" is at most "maxRating"';
  return {
    id: randomBytes(6).toString('base64url'),
    kind: body.kind,
    name: body.name,
    game: found.value.id,
    options: options.value as Json,
    clock: clock.value ? { initialMs: clock.value.initialMs, incrementMs: clock.value.incrementMs } : null,
    rated: (body.rated ?? true) && !found.value.unrated,
    organiser: organiser.id,
    organiserName: organiser.name,
    startsAt: body.startsAt ?? null,
    rounds: body.kind === 'swiss' ? (body.rounds ?? null) : null,
    durationMs: body.kind === 'arena' ? (body.durationMs ?? null) : null,
    settings: {
      ...(body.kind === 'swiss' ? { byePoints: body.byePoints ?? 1 } : {}),
      ...(body.kind === 'round-robin' ? { cycles: body.cycles ?? 1 } : {}),
      ...(Object.keys(conditions).length > 0 ? { conditions } : {}),
      ...(conditions.inviteOnly ? { invite: randomBytes(9).toString('base64url') } : {}),
    },
    createdAt: now,
  };
}

function registerCreate(app: FastifyInstance, desk: Desk): void {
  const { store, now } = desk.settings;
  app.post('/api/tournaments', { bodyLimit: 4096, schema: { body: CREATE_BODY } }, async (request, reply) => {
    const me = await desk.player(request, reply);
    if (!me || !desk.spend(me.id, reply)) return reply;
    if ((await store.tournaments.unfinishedBy(me.id)) >= UNFINISHED_EACH)
      return reply
        .code(409)
        .send({ error: `you organise ${UNFINISHED_EACH} tournaments that have not finished: finish one, or wait for one to end` });
    const made = tournamentOf(request.body as CreateBody, me, now());
    if (typeof made === 'string') return reply.code(400).send({ error: made });
    await store.tournaments.create(made);
    desk.settings.nudge();
    // An invitation's code is told to its organiser here, once: the link they share.
    return reply.code(201).send({ id: made.id, ...(made.settings.invite ? { invite: made.settings.invite } : {}) });
  });
}

const STATES: Record<string, TournamentState> = { upcoming: 'created', running: 'running', finished: 'finished' };

function registerReads(app: FastifyInstance, desk: Desk): void {
  const { store } = desk.settings;
  app.get('/api/tournaments', { schema: { querystring: LIST_QUERY } }, async (request) => {
    const { state } = request.query as { state?: string };
    const states = state ? [STATES[state] as TournamentState] : (['created', 'running', 'finished'] as const);
    const lists = await Promise.all(states.map((s) => store.tournaments.list(s, LIST_LIMIT)));
    return { tournaments: lists.flat().map(summaryOf) };
  });
  // A player's tournaments for their profile: each with where they placed once it is over, or stand while it runs.
  app.get('/api/players/:name/tournaments', { schema: { params: NAME_PARAMS } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const account = await store.accounts.byKey(usernameKey(name));
    if (!account || (account.kind !== 'player' && account.kind !== 'bot'))
      return reply.code(404).send({ error: `there is no player ${name}` });
    return { tournaments: await tournamentsOf(store, desk.settings.views, account, LIST_LIMIT) };
  });
  // Which tournament and round a game was paired in: its page links back there rather than offering a rematch.
  app.get('/api/games/:id/tournament', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const of = await store.tournaments.ofGame(id);
    const t = of && (await store.tournaments.read(of.tournament));
    if (!of || !t) return reply.code(404).send({ error: `game ${id} is no tournament's` });
    return { id: t.id, name: t.name, kind: t.kind, round: of.round, state: t.state };
  });
  app.get('/api/tournaments/:id', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    // Made once a version, however many pages read it; its version is what the lobby socket's events follow.
    const view = await desk.settings.views.view(id);
    if (!view) return reply.code(404).send({ error: `there is no tournament ${id}` });
    return view;
  });
  // A Swiss as FIDE's Tournament Report File, through its complete rounds: what `hexarena swiss export` fetches.
  app.get('/api/tournaments/:id/trf', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    const t = await desk.tournament(request, reply);
    if (!t) return reply;
    if (t.kind !== 'swiss') return reply.code(409).send({ error: `${t.name} is not a Swiss: only a Swiss is written as TRF` });
    const [entries, pairings] = await Promise.all([store.tournaments.entries(t.id), store.tournaments.pairings(t.id)]);
    return reply.type('text/plain; charset=utf-8').send(formatTrf(swissTournament(t, entries, pairings)));
  });
}

const ENTRY_WORDS: Record<string, EntryState> = { withdraw: 'withdrawn', pause: 'paused' };

function registerEntries(app: FastifyInstance, desk: Desk): void {
  const { store, now } = desk.settings;
  app.post('/api/tournaments/:id/join', { bodyLimit: 1024, schema: { params: ID_PARAMS } }, async (request, reply) => {
    const me = await desk.entrant(request, reply);
    if (!me || !desk.spend(me.id, reply)) return reply;
    const t = await desk.tournament(request, reply);
    if (!t) return reply;
    const perf = perfOf(t.game, t.clock);
    const mine = (await store.ratings.of(me.id)).find((r) => r.perf === perf);
    const rating = mine?.rating ?? 1500;
    const invite = (request.body as { invite?: unknown } | null | undefined)?.invite;
    // Checked at entry: one who entered already (paused, withdrawn) comes back without them.
    const entered = (await store.tournaments.entries(t.id)).some((e) => e.account === me.id);
    const refused = entered
      ? null
      : entryRefusal(t, { ratedGames: mine?.games ?? 0, rating }, typeof invite === 'string' ? invite : undefined);
    if (refused) return reply.code(403).send(refused);
    const joined = await store.tournaments.join(t.id, { account: me.id, name: me.name, rating, joinedAt: now() });
    if (joined === 'closed')
      return reply
        .code(409)
        .send({ error: t.state === 'finished' ? `${t.name} is over` : `${t.name} has started: a round robin takes no late entries` });
    if (joined === 'joined') desk.settings.changed(t.id);
    desk.settings.nudge();
    return { joined: true, already: joined === 'already' };
  });
  for (const [word, state] of Object.entries(ENTRY_WORDS))
    app.post(`/api/tournaments/:id/${word}`, { bodyLimit: 1024, schema: { params: ID_PARAMS } }, async (request, reply) => {
      const me = await desk.entrant(request, reply);
      if (!me || !desk.spend(me.id, reply)) return reply;
      const t = await desk.tournament(request, reply);
      if (!t) return reply;
      if (!(await store.tournaments.setEntry(t.id, me.id, state)))
        return reply.code(409).send({ error: `you are not playing in ${t.name}` });
      desk.settings.changed(t.id);
      return { state };
    });
}

function registerOrganising(app: FastifyInstance, desk: Desk): void {
  const { store, now } = desk.settings;
  const organiser = async (request: FastifyRequest, reply: FastifyReply) => {
    const me = await desk.player(request, reply);
    if (!me || !desk.spend(me.id, reply)) return null;
    const t = await desk.tournament(request, reply);
    if (!t) return null;
    if (t.organiser === me.id) return t;
    void reply.code(403).send({ error: `only ${t.organiserName}, who organises ${t.name}, may do that` });
    return null;
  };
  // An invitation's link, read again by its organiser alone (the create answer told it once; a page
  // opened later needs it to share): anyone else is refused, and no cache keeps it.
  app.get('/api/tournaments/:id/invite', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    const me = await desk.player(request, reply);
    if (!me) return reply;
    const t = await desk.tournament(request, reply);
    if (!t) return reply;
    if (t.organiser !== me.id)
      return reply.code(403).send({ error: `only ${t.organiserName}, who organises ${t.name}, may read its invitation` });
    if (!t.settings.invite) return reply.code(404).send({ error: `${t.name} is open to all: it has no invitation` });
    return reply.header('cache-control', 'no-store').send({ invite: t.settings.invite });
  });
  app.post('/api/tournaments/:id/start', { bodyLimit: 1024, schema: { params: ID_PARAMS } }, async (request, reply) => {
    const t = await organiser(request, reply);
    if (!t) return reply;
    if (!(await store.tournaments.startAt(t.id, now()))) return reply.code(409).send({ error: `${t.name} has started already` });
    desk.settings.changed(t.id);
    desk.settings.nudge();
    return { starting: true };
  });
  // Cancelled before it starts: it and its entries are gone (once it runs, its organiser finishes it instead).
  app.post('/api/tournaments/:id/cancel', { bodyLimit: 1024, schema: { params: ID_PARAMS } }, async (request, reply) => {
    const t = await organiser(request, reply);
    if (!t) return reply;
    if (!(await store.tournaments.cancel(t.id)))
      return reply.code(409).send({ error: `${t.name} has started: finish it rather than cancel it` });
    return { cancelled: true };
  });
  // Finished early: no round (or wave) is paired after this; the games under way are played out.
  app.post('/api/tournaments/:id/finish', { bodyLimit: 1024, schema: { params: ID_PARAMS } }, async (request, reply) => {
    const t = await organiser(request, reply);
    if (!t) return reply;
    if (!(await store.tournaments.endAt(t.id, now()))) return reply.code(409).send({ error: `${t.name} is not running` });
    desk.settings.changed(t.id);
    desk.settings.nudge();
    return { finishing: true };
  });
}

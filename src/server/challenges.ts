import { randomBytes } from 'node:crypto';
import type { AnyGame, GameRules, Json } from '@hexarena/engines/engine/game.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import type { ChallengeView } from '@hexarena/engines/protocol/lobby.ts';
import { type ChallengeRequest, parseChallengeRequest } from '@hexarena/engines/protocol/requests.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Engine, Engines } from './engines.ts';
import type { Fanout } from './fanout.ts';
import { newGameId } from './hub.ts';
import type { Identities } from './identity/identities.ts';
import { usernameKey } from './identity/usernames.ts';
import { keptGame, keptSeat } from './kept-seats.ts';
import { ONE_SEAT_PER_ACCOUNT, owningAccount, SELF_RATED_ERROR } from './owners.ts';
import { refusalBody } from './refusal-body.ts';
import type { Blocks } from './social/blocks.ts';
import { CHALLENGE_OF, type Challenge, type GameStore } from './store.ts';

/** A challenge to play now waits this long for an answer; a correspondence one, a week. */
const LIVE_CHALLENGE_MS = 10 * 60_000;
const CORRESPONDENCE_CHALLENGE_MS = 7 * 86_400_000;
/** Open challenges one player may have sent at once: enough to ask a few friends, not to spam a site. */
export const OPEN_CHALLENGES = 10;
/** Games one player may have going against engines at once: each keeps an AI thinking. */
const ENGINE_GAMES = 5;
/** An answer stays in both players' lists this long, so the challenger hears it. */
export const ANSWER_SHOWN_MS = 60_000;

export const challengeView = (c: Challenge): ChallengeView => ({
  id: c.id,
  from: c.from.name,
  to: c.to.name,
  game: c.game,
  options: c.options,
  clock: c.clock,
  rated: c.rated,
  seat: c.seat,
  expiresAt: c.expiresAt,
  status: c.status,
  gameId: c.gameId,
});

/** An open challenge from `from` to `to`, as asked. */
function newChallenge(
  from: { readonly id: string; readonly name: string },
  to: Challenge['to'],
  game: string,
  options: Json,
  asked: ChallengeRequest,
  seat: number | null,
  at: number,
): Challenge {
  return {
    id: randomBytes(9).toString('base64url'),
    from: { account: from.id, name: from.name },
    to,
    game,
    options,
    clock: asked.clock ?? null,
    rated: asked.rated === true,
    seat,
    createdAt: at,
    expiresAt: at + (asked.clock?.perMove ? CORRESPONDENCE_CHALLENGE_MS : LIVE_CHALLENGE_MS),
    status: 'open',
    gameId: null,
  };
}

/**
 * Who hears of challenges: each account's lobby sockets on this instance, told the account's list
 * whenever it changes here, or when another instance says it changed (REDIS_URL): a challenge shows
 * on the challenged player's page at once, on whichever instance it is open.
 */
export class ChallengeNews {
  private readonly listeners = new Map<string, Set<(list: ChallengeView[]) => void>>();

  constructor(
    private readonly store: GameStore,
    private readonly fanout: Fanout | null,
    private readonly now: () => number,
    /** Whom each player blocks: a challenge from a blocked player never shows in the list of who blocks them. */
    private readonly blocks: Blocks | null = null,
  ) {}

  /** `listener` hears `account`'s challenges now and at every change, until the returned function is called. */
  listen(account: string, listener: (list: ChallengeView[]) => void): () => void {
    let set = this.listeners.get(account);
    if (!set) {
      set = new Set();
      this.listeners.set(account, set);
      this.fanout?.followAccount(account, () => void this.tellHere(account));
    }
    set.add(listener);
    void this.read(account).then((list) => listener(list));
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(account) === set) {
        this.listeners.delete(account);
        this.fanout?.unfollowAccount(account);
      }
    };
  }

  /** The accounts' challenges changed: their sockets here hear it, and the other instances are told. */
  changed(accounts: readonly string[]): void {
    for (const account of accounts) {
      void this.tellHere(account);
      this.fanout?.tellAccount(account);
    }
  }

  private async tellHere(account: string): Promise<void> {
    const set = this.listeners.get(account);
    if (!set || set.size === 0) return;
    const list = await this.read(account).catch(() => null);
    if (list) for (const listener of set) listener(list);
  }

  private async read(account: string): Promise<ChallengeView[]> {
    return (await listedFor(this.store, this.blocks, account, this.now())).map(challengeView);
  }
}

/**
 * An account's challenges, sent and received, open or answered a moment ago — but those sent to it
 * by players it blocks: declined quietly when they were sent, they never reach its list.
 */
async function listedFor(store: GameStore, blocks: Blocks | null, account: string, now: number): Promise<Challenge[]> {
  const list = await store.challenges.of(account, now, now - ANSWER_SHOWN_MS);
  const blocked = blocks && list.some((c) => c.to.account === account) ? await blocks.of(account) : null;
  return blocked ? list.filter((c) => c.to.account !== account || !blocked.has(c.from.account)) : list;
}

/** What the challenge routes work with. */
interface ChallengeServices {
  readonly store: GameStore;
  readonly identities: Identities;
  readonly news: ChallengeNews;
  readonly engines: Engines;
  readonly now: () => number;
  readonly blocks: Blocks;
  /** Told of each game a challenge made between two players. */
  readonly started: (id: string) => void;
}

type Me = { readonly id: string; readonly name: string };

/*
 * The refusals here carry a stable code (`challenge.*`, and the owners' `one-seat-per-account`)
 * beside their English words, and the values those words name: the app says them in its player's
 * language (src/web/lobby/challenge-refusals.ts).
 */
const playersOnly = () => refusalBody('challenge.playersOnly', 'challenges are between players with accounts: sign up or log in');

/** The player with an account behind a request, or null for a guest, a bot or nobody. */
async function playerOf(identities: Identities, request: Parameters<Identities['of']>[0]): Promise<Me | null> {
  const who = await identities.of(request);
  return who?.account.kind === 'player' ? who.account : null;
}

/**
 * Challenges (docs/protocol.md): a player offers a game to another by name; the other accepts (the
 * game is made with both seats taken, in the same write) or declines; the challenger may cancel.
 */
export function registerChallenges(
  app: FastifyInstance,
  store: GameStore,
  identities: Identities,
  news: ChallengeNews,
  engines: Engines,
  now: () => number,
  blocks: Blocks,
  started: (id: string) => void = () => undefined,
): void {
  const services: ChallengeServices = { store, identities, news, engines, now, blocks, started };
  app.post('/api/challenges', { bodyLimit: 4096 }, (request, reply) => sendChallenge(services, request, reply));
  app.get('/api/challenges', async (request, reply) => {
    const me = await playerOf(identities, request);
    if (!me) return reply.code(403).send(playersOnly());
    return { challenges: (await listedFor(store, blocks, me.id, now())).map(challengeView) };
  });
  app.post('/api/challenges/:id/:answer', (request, reply) => answerChallenge(services, request, reply));
}

/** POST /api/challenges: a challenge sent to a player, or played at once against an engine. */
async function sendChallenge(services: ChallengeServices, request: FastifyRequest, reply: FastifyReply) {
  const { store, engines, news } = services;
  const me = await playerOf(services.identities, request);
  if (!me) return reply.code(403).send(playersOnly());
  const parsed = parseChallengeRequest(request.body);
  // A body the app never sends (its form builds it): one code for every shape refused, the words say which.
  if (!parsed.ok) return reply.code(400).send(refusalBody('challenge.request', parsed.error.message));
  const body = parsed.value;
  const found = findGame(body.game);
  if (!found.ok) return reply.code(400).send(refusalBody('challenge.noGame', found.error.message, { game: body.game }));
  const game = found.value;
  const options = game.parseOptions(body.options ?? {});
  if (!options.ok)
    return reply.code(400).send(refusalBody('challenge.options', `options: ${options.error.message}`, { game: game.title }, options.error));
  if (game.seatNames(options.value).length !== 2)
    return reply.code(400).send(
      refusalBody('challenge.twoSeats', `a challenge is a game of two: ${game.title} with these options has more seats`, {
        game: game.title,
      }),
    );
  if (body.rated && game.unrated)
    return reply
      .code(400)
      .send(refusalBody('challenge.unrated', `${game.title} is not rated: challenge to a casual game`, { game: game.title }));
  // The same answer whether the name was never taken or is not a player's: who has an account is nobody's business.
  await engines.ensure();
  const target = body.to.length <= 20 ? await store.accounts.byKey(usernameKey(body.to)) : null;
  const engine = target ? engines.byAccount(target.id) : undefined;
  // Nobody rates themself: not against their own account, nor against a bot of their own.
  if (target && body.rated && (await owningAccount(store, { account: target.id })) === me.id)
    return reply.code(403).send({ error: SELF_RATED_ERROR, code: ONE_SEAT_PER_ACCOUNT });
  if (!target || (target.kind !== 'player' && !engine)) {
    const name = body.to.slice(0, 20);
    return reply.code(404).send(refusalBody('challenge.noPlayer', `there is no player ${name}`, { name }));
  }
  if (target.id === me.id) return reply.code(400).send(refusalBody('challenge.yourself', 'a challenge is to another player'));
  const at = services.now();
  // An engine accepts at once: the game is made, the engine in its seat.
  if (engine) return playEngine(services, reply, { me, engine, game, options: options.value as Json, body, at });
  const mine = (await store.challenges.of(me.id, at, at)).filter((c) => c.from.account === me.id && c.status === 'open');
  if (mine.length >= OPEN_CHALLENGES)
    return reply.code(429).send(
      refusalBody('challenge.tooMany', `you have ${OPEN_CHALLENGES} challenges waiting for answers: cancel some, or wait for them`, {
        count: OPEN_CHALLENGES,
      }),
    );
  const sent = newChallenge(me, { account: target.id, name: target.name }, game.id, options.value as Json, body, body.seat ?? null, at);
  if ((await services.blocks.of(me.id)).has(target.id))
    return reply
      .code(403)
      .send(refusalBody('challenge.youBlock', `you block ${target.name}: unblock them to challenge them`, { name: target.name }));
  await store.challenges.create(sent);
  // A player who blocks the challenger never sees the challenge: it is declined at once, quietly, as
  // any challenge may be declined, and the challenger is told no more than that.
  if (await services.blocks.between(me.id, target.id)) {
    await store.challenges.answer(sent.id, 'declined', at);
    news.changed([me.id]);
    return reply.code(201).send(challengeView(sent));
  }
  news.changed([me.id, target.id]);
  return reply.code(201).send(challengeView(sent));
}

/** A challenge to an engine, checked: who asks, which engine, which game. */
interface EngineChallenge {
  readonly me: Me;
  readonly engine: Engine;
  readonly game: AnyGame;
  readonly options: Json;
  readonly body: ChallengeRequest;
  readonly at: number;
}

/** An engine takes the challenge at once: the game made, the engine in its seat (within the player's games against engines). */
async function playEngine(services: ChallengeServices, reply: FastifyReply, asked: EngineChallenge) {
  const { store, engines, news } = services;
  const { me, engine, game, options, body, at } = asked;
  if (!engines.plays(engine, game as GameRules<unknown, unknown>))
    return reply
      .code(400)
      .send(
        refusalBody('challenge.engineGame', `${engine.name} does not play ${game.title} here`, { name: engine.name, game: game.title }),
      );
  const live = await store.archive.gamesOf(me.id, { limit: 50, live: true });
  if (live.filter((g) => g.seats.some((s) => s !== 'open')).length >= ENGINE_GAMES)
    return reply.code(429).send(
      refusalBody('challenge.engineGames', `you have ${ENGINE_GAMES} games against engines going: finish one first`, {
        count: ENGINE_GAMES,
      }),
    );
  const mine = body.seat ?? (randomBytes(1)[0] as number) & 1;
  const seats = mine === 0 ? ['open', engine.seat] : [engine.seat, 'open'];
  const held = [keptSeat(me.id, me.name), keptSeat(engine.account, engine.name)];
  if (mine === 1) held.reverse();
  const challenge = newChallenge(me, { account: engine.account, name: engine.name }, game.id, options, body, mine, at);
  await store.challenges.create(challenge);
  const gameId = newGameId();
  const made = keptGame(game, options, seats, {
    id: gameId,
    clock: challenge.clock,
    rated: challenge.rated,
    creator: `${CHALLENGE_OF}${challenge.id}`,
    now: at,
  });
  if (!(await store.challenges.answer(challenge.id, { game: made, seats: held }, at)))
    return reply.code(503).send(refusalBody('challenge.engineBusy', 'the engine could not take the challenge: try again'));
  news.changed([me.id]);
  return reply.code(201).send({ ...challengeView(challenge), status: 'accepted', gameId });
}

/** POST /api/challenges/:id/:answer: the challenged player accepts or declines; the challenger cancels. */
async function answerChallenge(services: ChallengeServices, request: FastifyRequest, reply: FastifyReply) {
  const { store, news } = services;
  const { id, answer } = request.params as { id: string; answer: string };
  if (!['accept', 'decline', 'cancel'].includes(answer))
    return reply.code(404).send(refusalBody('challenge.answer', 'a challenge is answered with accept, decline or cancel'));
  const me = await playerOf(services.identities, request);
  if (!me) return reply.code(403).send(playersOnly());
  const challenge = id.length <= 20 ? await store.challenges.read(id) : null;
  // Only its two players know a challenge is there.
  if (!challenge || (challenge.from.account !== me.id && challenge.to.account !== me.id))
    return reply.code(404).send(refusalBody('challenge.noChallenge', `there is no challenge ${id.slice(0, 20)}`, { id: id.slice(0, 20) }));
  const mineToAnswer = answer === 'cancel' ? challenge.from.account === me.id : challenge.to.account === me.id;
  if (!mineToAnswer)
    return reply
      .code(403)
      .send(
        answer === 'cancel'
          ? refusalBody('challenge.onlyChallenger', 'only the challenger cancels a challenge')
          : refusalBody('challenge.onlyChallenged', 'only the challenged player answers it'),
      );
  const at = services.now();
  const gone = () => {
    const status = challenge.status === 'open' ? 'expired' : challenge.status;
    return reply.code(409).send(refusalBody('challenge.notOpen', `the challenge is no longer open (${status})`, { status }));
  };
  if (answer !== 'accept') {
    if (!(await store.challenges.answer(id, answer === 'cancel' ? 'cancelled' : 'declined', at))) return gone();
    news.changed([challenge.from.account, challenge.to.account]);
    return { status: answer === 'cancel' ? 'cancelled' : 'declined' };
  }
  return acceptChallenge(services, reply, challenge, at, gone);
}

/** A challenge accepted: the game made with both players in their seats, in the same write. */
async function acceptChallenge(
  services: ChallengeServices,
  reply: FastifyReply,
  challenge: Challenge,
  at: number,
  gone: () => FastifyReply,
) {
  const { store, news } = services;
  // The same rule at acceptance: a challenge made before it, or between accounts one owner answers for.
  const owners = challenge.rated
    ? await Promise.all([challenge.from, challenge.to].map((p) => owningAccount(store, { account: p.account })))
    : [];
  if (owners[0] && owners[0] === owners[1]) return reply.code(403).send({ error: SELF_RATED_ERROR, code: ONE_SEAT_PER_ACCOUNT });
  // A block made since it was sent declined it in the same write; one made on the way is caught here.
  if (await services.blocks.between(challenge.from.account, challenge.to.account)) return gone();
  const found = findGame(challenge.game);
  if (!found.ok) return reply.code(409).send(refusalBody('challenge.noGame', found.error.message, { game: challenge.game }));
  // The challenger's seat as asked, else drawn.
  const challengerSeat = challenge.seat ?? (randomBytes(1)[0] as number) & 1;
  const players = [challenge.from, challenge.to];
  if (challengerSeat === 1) players.reverse();
  const gameId = newGameId();
  const accepted = await store.challenges.answer(
    challenge.id,
    {
      game: keptGame(found.value, challenge.options, ['open', 'open'], {
        id: gameId,
        clock: challenge.clock,
        rated: challenge.rated,
        creator: `${CHALLENGE_OF}${challenge.id}`,
        now: at,
      }),
      seats: players.map((p) => keptSeat(p.account, p.name)),
    },
    at,
  );
  if (!accepted) return gone();
  news.changed([challenge.from.account, challenge.to.account]);
  services.started(gameId);
  return reply.code(201).send({ status: 'accepted', game: gameId });
}

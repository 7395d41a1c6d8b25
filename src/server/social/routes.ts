import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Identities } from '../identity/identities.ts';
import type { Account } from '../identity/store.ts';
import { usernameKey } from '../identity/usernames.ts';
import { Allowance } from '../limits.ts';
import { subscriberOf } from '../network.ts';
import type { Presence } from '../presence.ts';
import { refusalBody } from '../refusal-body.ts';
import type { GameStore } from '../store.ts';
import type { Blocks } from './blocks.ts';
import type { PlayerIndex } from './player-index.ts';

/**
 * Players finding each other over HTTP (docs/social.md), named as lichess names them: blocks (private
 * to the blocker), follows (the list with who is online and playing now), and the search of players
 * by the beginning of their name.
 */

export interface SocialSettings {
  readonly store: GameStore;
  readonly identities: Identities;
  readonly blocks: Blocks;
  readonly index: PlayerIndex;
  readonly presence: Presence;
  readonly now: () => number;
  /** Players one account may follow (400, as lichess). */
  readonly maxFollows?: number;
  /** Players one account may block (1,000). */
  readonly maxBlocks?: number;
}

/** Players one account may follow at once. */
export const MAX_FOLLOWS = 400;
/** Players one account may block at once: a bound on what one account keeps in the store and in every instance's memory. */
export const MAX_BLOCKS = 1000;
/** Blocks, follows and their undoing, per account: a burst of 30, then one every two seconds. */
const RELATION_BURST = 30;
const RELATION_RATE = 0.5;
/** Searches per address: typed as one types, so a burst of 20 and 5 a second. */
const SEARCH_BURST = 20;
const SEARCH_RATE = 5;
/** Names a search answers with at most, and by default. */
const SEARCH_MAX = 20;
const SEARCH_DEFAULT = 10;
/** A list's page. */
const PAGE = 100;

const NAME_PARAMS = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 20 } },
} as const;
const FOLLOW_BODY = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { notify: { type: 'boolean' } },
} as const;
const SEARCH_QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['term'],
  properties: {
    term: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' },
    limit: { type: 'string', pattern: '^[0-9]{1,2}$' },
  },
} as const;
const BLOCKING_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { before: { type: 'string', pattern: '^[0-9]{1,16}$' } },
} as const;
const FOLLOWING_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { after: { type: 'string', minLength: 1, maxLength: 20 } },
} as const;

export function registerSocial(app: FastifyInstance, settings: SocialSettings): void {
  const desk = new SocialDesk(settings);
  registerBlocks(app, desk);
  registerFollows(app, desk);
  registerSearch(app, desk);
}

/**
 * What the social routes share: who asks, whom about, and the allowances they spend. A block's or a
 * follow's refusals carry a stable code (`social.*`) and the values their words name, for the app to
 * say them in its player's language (src/web/social/relation-refusals.ts).
 */
class SocialDesk {
  readonly relations = new Allowance(RELATION_RATE, RELATION_BURST);
  readonly searches = new Allowance(SEARCH_RATE, SEARCH_BURST);

  constructor(readonly settings: SocialSettings) {}

  /** The player (with an account, by session or personal token) behind a request, or a 401 sent. */
  async player(request: FastifyRequest, reply: FastifyReply): Promise<Account | null> {
    const identity = await this.settings.identities.of(request);
    if (identity?.account.kind === 'player') return identity.account;
    void reply.code(401).send(refusalBody('social.logIn', 'log in first: blocks and follows are a player’s'));
    return null;
  }

  /** A change of relations, counted on the account: past its allowance, a 429 sent. */
  spend(account: Account, reply: FastifyReply): boolean {
    if (this.relations.take(account.id, this.settings.now())) return true;
    reply.header('retry-after', '2');
    void reply.code(429).send(refusalBody('social.tooFast', 'too many blocks and follows at once: try again in a moment'));
    return false;
  }

  /** The player or bot named in the path, other than `me`, or a reply sent. */
  async other(request: FastifyRequest, reply: FastifyReply, me: Account): Promise<Account | null> {
    const { name } = request.params as { name: string };
    const account = await this.settings.store.accounts.byKey(usernameKey(name));
    if (!account || (account.kind !== 'player' && account.kind !== 'bot')) {
      void reply.code(404).send(refusalBody('social.noPlayer', `there is no player ${name}`, { name }));
      return null;
    }
    if (account.id === me.id) {
      void reply.code(400).send(refusalBody('social.yourself', 'that is you'));
      return null;
    }
    return account;
  }
}

/** Blocks: made, lifted and listed by the blocker alone; the blocked player is told nothing. */
function registerBlocks(app: FastifyInstance, desk: SocialDesk): void {
  const { store, blocks, now } = desk.settings;
  const max = desk.settings.maxBlocks ?? MAX_BLOCKS;
  for (const blocking of [true, false])
    app.post(
      `/api/rel/${blocking ? 'block' : 'unblock'}/:name`,
      { bodyLimit: 1024, schema: { params: NAME_PARAMS } },
      async (request, reply) => {
        const me = await desk.player(request, reply);
        if (!me || !desk.spend(me, reply)) return reply;
        const other = await desk.other(request, reply, me);
        if (!other) return reply;
        if (blocking) {
          if ((await store.social.block(me.id, other.id, now(), max)) === 'too-many')
            return reply
              .code(409)
              .send(refusalBody('social.tooManyBlocks', `you block ${max} players already: unblock some first`, { count: max }));
        } else await store.social.unblock(me.id, other.id);
        await blocks.changed(me.id, other.id, blocking);
        return { name: other.name, blocking };
      },
    );
  app.get('/api/rel/blocking', { schema: { querystring: BLOCKING_QUERY } }, async (request, reply) => {
    const me = await desk.player(request, reply);
    if (!me) return reply;
    const { before } = request.query as { before?: string };
    const list = await store.social.blocks(me.id, PAGE, before === undefined ? undefined : Number(before));
    reply.header('cache-control', 'no-store');
    return {
      blocking: list.map((b) => ({ name: b.name, since: b.at })),
      before: list.length === PAGE ? (list[list.length - 1]?.at ?? null) : null,
    };
  });
}

/** Follows: made (with the notice of rated games, when asked), undone, and listed with who plays now. */
function registerFollows(app: FastifyInstance, desk: SocialDesk): void {
  const { store, presence, now } = desk.settings;
  const max = desk.settings.maxFollows ?? MAX_FOLLOWS;
  app.post('/api/rel/follow/:name', { bodyLimit: 1024, schema: { params: NAME_PARAMS, body: FOLLOW_BODY } }, async (request, reply) => {
    const me = await desk.player(request, reply);
    if (!me || !desk.spend(me, reply)) return reply;
    const other = await desk.other(request, reply, me);
    if (!other) return reply;
    const notify = (request.body as { notify?: boolean } | null)?.notify === true;
    const made = await store.social.follow(me.id, other.id, notify, now(), max);
    if (made === 'too-many')
      return reply
        .code(409)
        .send(refusalBody('social.tooManyFollows', `you follow ${max} players already: unfollow some first`, { count: max }));
    // The follower's own block, told to them alone: lifted only by an unblock, never by a follow in passing.
    if (made === 'blocking')
      return reply
        .code(409)
        .send(refusalBody('social.youBlock', `you block ${other.name}: unblock them to follow them`, { name: other.name }));
    return { name: other.name, following: true, notify };
  });
  app.post('/api/rel/unfollow/:name', { bodyLimit: 1024, schema: { params: NAME_PARAMS } }, async (request, reply) => {
    const me = await desk.player(request, reply);
    if (!me || !desk.spend(me, reply)) return reply;
    const other = await desk.other(request, reply, me);
    if (!other) return reply;
    await store.social.unfollow(me.id, other.id);
    return { name: other.name, following: false };
  });
  app.get('/api/rel/following', { schema: { querystring: FOLLOWING_QUERY } }, async (request, reply) => {
    const me = await desk.player(request, reply);
    if (!me) return reply;
    const { after } = request.query as { after?: string };
    const list = await store.social.following(me.id, PAGE, after);
    const playing = await store.social.playing(list.map((f) => f.account));
    const shown = list.map((f) => ({
      name: f.name,
      online: presence.isOnline(f.account),
      playing: playing.get(f.account) ?? null,
      notify: f.notify,
      since: f.at,
    }));
    // Those playing first, then those online, each in name order, as lichess lists them.
    const rank = (f: (typeof shown)[number]) => (f.playing !== null ? 0 : f.online ? 1 : 2);
    reply.header('cache-control', 'no-store');
    return {
      following: [...shown].sort((a, b) => rank(a) - rank(b)),
      after: list.length === PAGE ? (list[list.length - 1]?.name ?? null) : null,
    };
  });
}

/** Players by the beginning of their name, from the index in memory. */
function registerSearch(app: FastifyInstance, desk: SocialDesk): void {
  const { index, now } = desk.settings;
  app.get('/api/search/players', { schema: { querystring: SEARCH_QUERY } }, async (request, reply) => {
    if (!desk.searches.take(subscriberOf(request.ip), now())) {
      reply.header('retry-after', '1');
      return reply
        .code(429)
        .send(refusalBody('social.searchTooFast', `too many searches: at most ${SEARCH_RATE} a second`, { rate: SEARCH_RATE }));
    }
    const { term, limit } = request.query as { term: string; limit?: string };
    const n = Math.min(SEARCH_MAX, Math.max(1, limit === undefined ? SEARCH_DEFAULT : Number(limit)));
    const found = await index.search(term, n);
    return { players: found.map((p) => ({ name: p.name, online: p.online })) };
  });
}

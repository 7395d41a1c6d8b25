import {
  DEFAULT_REVIEW_BUDGET,
  type PositionEvaluation,
  type ReviewBudget,
  reviewPositions,
  summariseReview,
  unreviewable,
} from '@hexarena/engines/ai/review.ts';
import type { GameDefinition, Json } from '@hexarena/engines/engine/game.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { parseReviewAnswer, parseReviewRequest, type ReviewAnswer } from '@hexarena/engines/protocol/index.ts';
import type { FastifyInstance } from 'fastify';
import type { AgentsPool } from './agents-pool.ts';
import { botOf } from './bots.ts';
import { GAME_ID_PARAMS, noSuchGame } from './game-id.ts';
import type { Identities } from './identity/identities.ts';
import { addressKey, countedAs } from './owners.ts';
import { refusalBody } from './refusal-body.ts';
import type { GameId, GameStore, StoredReview } from './store.ts';

/**
 * Computer reviews of finished games (docs/review.md): asked for over REST, judged one position a
 * job on the AI threads below live games' moves (agents-pool.ts), each position's evaluation stored
 * as it comes, the review kept with the game once done. A review is held by one instance at a time
 * (a lease renewed at each position); one whose instance stopped is taken up again at the next start
 * or the next time anyone reads it, from the positions already judged.
 */

export interface ReviewSettings {
  /** Reviews one player (an account, a bot, else an address) may ask for in an hour. */
  readonly perHour: number;
  /** Reviews under way on this instance at once; past it a request is asked to come back later. */
  readonly underWay: number;
  /** What each position is searched with. */
  readonly budget: ReviewBudget;
  /** The lease a review is held under, renewed at each position (the hub's, as for games' claims). */
  readonly leaseMs: number;
  readonly instance: string;
  readonly now: () => number;
}

export const DEFAULT_REVIEW_SETTINGS: Omit<ReviewSettings, 'instance' | 'now' | 'leaseMs'> = {
  perHour: 10,
  underWay: 50,
  budget: DEFAULT_REVIEW_BUDGET,
};

const HOUR_MS = 3_600_000;

const isEvaluation = (x: Json): x is Json & PositionEvaluation =>
  typeof x === 'object' &&
  x !== null &&
  !Array.isArray(x) &&
  typeof (x as { score?: unknown }).score === 'number' &&
  (typeof (x as { best?: unknown }).best === 'string' || (x as { best?: unknown }).best === null);

export class Reviews {
  /** The reviews this instance is working on. */
  private readonly working = new Set<GameId>();
  private closed = false;

  constructor(
    readonly store: GameStore,
    private readonly pool: AgentsPool,
    readonly settings: ReviewSettings,
  ) {}

  get underWay(): number {
    return this.working.size;
  }

  /** Where the game's review stands, or null when none was asked for; an unfinished one nobody works on is taken up. */
  async answer(id: GameId): Promise<ReviewAnswer | null> {
    const stored = await this.store.reviews.read(id);
    if (!stored) return null;
    if (stored.review === null) {
      this.take(stored);
      return { status: stored.evaluations.length === 0 ? 'queued' : 'running', done: stored.evaluations.length, total: stored.total };
    }
    const done = parseReviewAnswer({ status: 'done', done: stored.total, total: stored.total, review: stored.review });
    if (!done.ok) throw new Error(`the stored review of game ${id} is not whole: ${done.error.message}`);
    return done.value;
  }

  /** Takes up the reviews left unfinished (a restart), longest waiting first. */
  async resume(): Promise<void> {
    for (const stored of await this.store.reviews.unfinished(this.settings.underWay)) this.take(stored);
  }

  /** Works on the review here, unless this instance already does or another holds it. */
  take(stored: StoredReview): void {
    if (this.closed || this.working.has(stored.gameId)) return;
    this.working.add(stored.gameId);
    void this.work(stored)
      .catch((e: unknown) => {
        // Left unfinished in the store: the next read takes it up again.
        if (!this.closed)
          process.stderr.write(`hexarena: the review of game ${stored.gameId} stopped: ${e instanceof Error ? e.message : e}\n`);
      })
      .finally(() => this.working.delete(stored.gameId));
  }

  private hold(id: GameId): Promise<boolean> {
    const now = this.settings.now();
    return this.store.lobby.lease(`review:${id}`, this.settings.instance, now + this.settings.leaseMs, now);
  }

  private async work(stored: StoredReview): Promise<void> {
    if (!(await this.hold(stored.gameId))) return;
    const game = await this.store.games.read(stored.gameId);
    if (!game) throw new Error('its game is gone');
    const found = findGame(game.game);
    if (!found.ok) throw found.error;
    const definition = found.value as GameDefinition<unknown, unknown, unknown>;
    const options = definition.parseOptions(game.options);
    if (!options.ok) throw options.error;
    const texts = game.moves.map((m) => m.move);
    const positions = reviewPositions(definition, options.value, game.seed, texts);
    if (!positions.ok) throw positions.error;
    const { budget } = this.settings;
    // Positions judged before a restart are kept, unless they are not what this server stores.
    const kept = stored.evaluations;
    const evaluations: PositionEvaluation[] = kept.every(isEvaluation) ? kept.map((e) => ({ score: e.score, best: e.best })) : [];
    while (evaluations.length < stored.total) {
      if (this.closed) return;
      const job = { game: game.game, options: game.options, seed: game.seed, moves: texts.slice(0, evaluations.length), budget };
      evaluations.push(await this.pool.evaluate(job, stored.requester));
      if (!(await this.store.reviews.progress(stored.gameId, evaluations as unknown as Json[]))) return;
      if (!(await this.hold(stored.gameId))) return;
    }
    const review = summariseReview(definition, positions.value.states, positions.value.moves, evaluations, budget);
    await this.store.reviews.finish(stored.gameId, review as unknown as Json);
  }

  close(): void {
    this.closed = true;
  }
}

/** The review routes: ask for a finished game's review, and read it (or how far it has got). */
export function registerReviews(app: FastifyInstance, reviews: Reviews, identities: Identities): void {
  const { store, settings } = reviews;
  let secret: Promise<string> | null = null;
  const siteSecret = (): Promise<string> => {
    secret ??= store.accounts.siteSecret().catch((e: unknown) => {
      secret = null;
      throw e;
    });
    return secret;
  };

  app.get('/api/games/:id/review', { schema: { params: GAME_ID_PARAMS } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const answer = await reviews.answer(id);
    if (answer) return answer;
    if (!(await store.games.read(id))) return reply.code(404).send(noSuchGame(id));
    // Not asked for yet is a state of the game, not an error (a page asks at every visit).
    return { status: 'none' } satisfies ReviewAnswer;
  });

  app.post('/api/games/:id/review', { bodyLimit: 1024, schema: { params: GAME_ID_PARAMS } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const parsed = parseReviewRequest(request.body);
    if (!parsed.ok) return reply.code(400).send(refusalBody('review.request', parsed.error.message));
    const game = await store.games.read(id);
    if (!game) return reply.code(404).send(noSuchGame(id));
    // Asked for already: the same review, not another, and not counted again.
    const known = await reviews.answer(id);
    if (known) return known;
    if (!game.ending)
      return reply.code(409).send(refusalBody('review.stillOn', 'the game is still on: a review is made of a finished game'));
    const found = findGame(game.game);
    if (!found.ok) return reply.code(422).send(refusalBody(found.error));
    const definition = found.value as GameDefinition<unknown, unknown, unknown>;
    if ((game.rulesVersion ?? 1) !== definition.rulesVersion)
      return reply.code(409).send(
        refusalBody('review.otherRules', `game ${id} was played under other rules than this server's: it cannot be reviewed here`, {
          id,
        }),
      );
    const options = definition.parseOptions(game.options);
    if (!options.ok) return reply.code(422).send(refusalBody(options.error));
    const refused = unreviewable(definition, options.value);
    if (refused) return reply.code(422).send(refusalBody(`review.${refused.code}`, refused.message, { game: definition.title }));
    // Counted per player: an account, a bot, else a keyed hash of the address (never the address).
    const bot = await botOf(store, request);
    if (bot === 'unknown')
      return reply.code(401).send(refusalBody('review.notABot', 'that is not a bot token: register with POST /api/bots'));
    const identity = bot ? null : await identities.of(request);
    const address = async () => addressKey(await siteSecret(), request.ip);
    // A bot counts as its owner (the owner's reviews and its bots' are one allowance); a guest as its account.
    const requester =
      identity && identity.account.kind !== 'player'
        ? `account:${identity.account.id}`
        : (await countedAs(store, bot, identity, address)).key;
    const now = settings.now();
    if ((await store.reviews.requestedBy(requester, now - HOUR_MS)) >= settings.perHour) {
      reply.header('retry-after', '3600');
      return reply.code(429).send(
        refusalBody('review.tooMany', `at most ${settings.perHour} reviews an hour for each player: ask again later`, {
          count: settings.perHour,
        }),
      );
    }
    if (reviews.underWay >= settings.underWay) {
      reply.header('retry-after', '60');
      return reply.code(503).send(
        refusalBody('review.busy', `the server is reviewing ${settings.underWay} games already: ask again in a few minutes`, {
          count: settings.underWay,
        }),
      );
    }
    const stored = await store.reviews.request({ gameId: id, requester, requestedAt: now, total: game.moves.length + 1 });
    reviews.take(stored);
    return reply.code(202).send({ status: 'queued', done: stored.evaluations.length, total: stored.total } satisfies ReviewAnswer);
  });
}

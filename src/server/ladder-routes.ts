import { createHash, timingSafeEqual } from 'node:crypto';
import type { GameRules, Json } from '@hexarena/engines/engine/game.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { parseClockRequest } from '@hexarena/engines/protocol/requests.ts';
import { perfOf } from '@hexarena/engines/ratings/index.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Engines } from './engines.ts';
import { newGameId } from './hub.ts';
import { keptGame, keptSeat } from './kept-seats.ts';
import { type GameStore, LADDER_OF } from './store.ts';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Whether the request carries the operator's token (HEXARENA_OPERATOR_TOKEN), compared in constant time. */
function isOperator(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.{1,200})$/.exec(request.headers.authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * The engine ladder on a server (docs/ladder.md): the operator's `hexarena ladder --server` asks for
 * rated games between engines, one by one; anyone reads the table — every engine's rating in a game,
 * with its interval.
 */
export function registerLadder(
  app: FastifyInstance,
  store: GameStore,
  engines: Engines,
  operatorToken: string | null,
  now: () => number,
): void {
  app.post('/api/ladder/games', { bodyLimit: 4096 }, async (request, reply) => {
    if (!operatorToken) return reply.code(404).send({ error: 'the ladder is not run on this server (it has no HEXARENA_OPERATOR_TOKEN)' });
    if (!isOperator(request, operatorToken))
      return reply.code(401).send({ error: 'the ladder’s games are asked for with the operator’s token' });
    const body = request.body as { game?: unknown; seats?: unknown; clock?: unknown } | null;
    const found = findGame(typeof body?.game === 'string' ? body.game : '');
    if (!found.ok) return reply.code(400).send({ error: found.error.message });
    const game = found.value;
    if (game.unrated) return reply.code(400).send({ error: `${game.title} is not rated` });
    const seats = Array.isArray(body?.seats) && body.seats.length === 2 ? body.seats : null;
    const entrants = seats?.map((s) => (typeof s === 'string' ? engines.bySeat(s) : undefined));
    if (!entrants || entrants[0] === entrants[1] || entrants.some((e) => !e || !engines.plays(e, game as GameRules<unknown, unknown>)))
      return reply.code(400).send({
        error: `"seats" names two engines that play ${game.title} here: ${engines.all
          .filter((e) => engines.plays(e, game as GameRules<unknown, unknown>))
          .map((e) => e.seat)
          .join(', ')}`,
      });
    const clock = body?.clock === undefined || body.clock === null ? null : parseClockRequest(body.clock);
    if (clock && !clock.ok) return reply.code(400).send({ error: clock.error.message });
    await engines.ensure();
    const options = game.parseOptions(undefined);
    if (!options.ok) return reply.code(500).send({ error: options.error.message });
    // Played as a match of AIs is: with the options that make it end (Hive's repetition draw, round caps).
    const played = (game.headlessOptions ? game.headlessOptions(options.value) : options.value) as Json;
    const id = newGameId();
    const [first, second] = entrants as [NonNullable<(typeof entrants)[0]>, NonNullable<(typeof entrants)[0]>];
    await store.lobby.createKept(
      keptGame(game, played, [first.seat, second.seat], { id, clock: clock?.value ?? null, rated: true, creator: LADDER_OF, now: now() }),
      [keptSeat(first.account, first.name), keptSeat(second.account, second.name)],
    );
    return reply.code(201).send({ id });
  });

  // The table: every engine of the game with a rating, highest first, with its 95% interval.
  app.get('/api/ladder/:game', async (request, reply) => {
    const { game: id } = request.params as { game: string };
    const found = findGame(id.slice(0, 20));
    if (!found.ok) return reply.code(404).send({ error: found.error.message });
    const perf = perfOf(found.value.id, null);
    await engines.ensure();
    const rows = await Promise.all(
      engines.all
        .filter((e) => engines.plays(e, found.value as GameRules<unknown, unknown>))
        .map(async (e) => ({ engine: e, rating: (await store.ratings.of(e.account)).find((r) => r.perf === perf) })),
    );
    const rated = rows.flatMap(({ engine, rating }) =>
      rating
        ? [
            {
              name: engine.name,
              seat: engine.seat.includes(':') ? 'outside' : engine.seat,
              rating: Math.round(rating.rating),
              deviation: Math.round(rating.deviation),
              interval: [Math.round(rating.rating - 2 * rating.deviation), Math.round(rating.rating + 2 * rating.deviation)],
              games: rating.games,
            },
          ]
        : [],
    );
    return { game: found.value.id, perf, engines: rated.sort((a, b) => b.rating - a.rating) };
  });
}

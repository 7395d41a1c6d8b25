import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findGame } from '../games/index.ts';
import { type NextPuzzle, parsePuzzleRound, type RoundAnswer } from '../protocols/wire/index.ts';
import { type PuzzleSet, parsePuzzleSet } from '../puzzles/puzzle-set.ts';
import { NEW_PLAYER } from '../ratings/glicko2.ts';
import { NEW_PUZZLE, nextAtLevel, rateTry } from '../ratings/puzzle-rating.ts';
import type { Identities } from './identity/identities.ts';
import { packageRoot } from './package-root.ts';
import type { GameStore } from './store.ts';

/**
 * Puzzle ratings on the server (docs/puzzles.md): a signed-in player's first try at a puzzle of
 * the shipped sets moves their puzzle rating in the game and the puzzle's own, as lichess's puzzles
 * do (src/ratings/puzzle-rating.ts); the next puzzle is the untried one nearest their rating.
 * Guests play unrated, and get puzzles at a new player's level.
 */

const sets = new Map<string, Promise<PuzzleSet | null>>();

/** The set shipped for a game (src/puzzles/sets/<game>.json), read once; null when it has none. */
function shippedSet(game: string): Promise<PuzzleSet | null> {
  let set = sets.get(game);
  if (!set) {
    set = readFile(path.join(packageRoot(import.meta.url), 'src', 'puzzles', 'sets', `${game}.json`), 'utf8').then(
      (text) => {
        const parsed = parsePuzzleSet(JSON.parse(text));
        if (!parsed.ok) throw new Error(`the shipped ${game} puzzles are broken: ${parsed.error.message}`);
        return parsed.value;
      },
      () => null,
    );
    sets.set(game, set);
  }
  return set;
}

const gameParams = {
  type: 'object',
  required: ['game'],
  properties: { game: { type: 'string', pattern: '^[a-z]{1,20}$' }, id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,80}$' } },
} as const;

const DAY_MS = 86_400_000;

export function registerPuzzleRatings(app: FastifyInstance, store: GameStore, identities: Identities, now: () => number): void {
  /** The game's set, or why there is none: a game that is not hexarena's, or one without puzzles. */
  const setOf = async (game: string): Promise<PuzzleSet | string> => {
    const found = findGame(game);
    if (!found.ok) return found.error.message;
    return (await shippedSet(found.value.id)) ?? `${found.value.title} has no puzzles`;
  };
  const ratingOf = async (game: string, id: string): Promise<number> =>
    (await store.puzzleRatings(game)).find((r) => r.id === id)?.rating ?? NEW_PUZZLE.rating;
  /** Only players' tries are rated: a guest's rating would be lost with the guest. */
  const playerOf = async (request: Parameters<Identities['of']>[0]) => {
    const identity = await identities.of(request);
    return identity?.account.kind === 'player' ? identity.account : null;
  };

  app.post('/api/puzzles/:game/:id/round', { bodyLimit: 256, schema: { params: gameParams } }, async (request, reply) => {
    const { game, id } = request.params as { game: string; id: string };
    const round = parsePuzzleRound(request.body);
    if (!round.ok) return reply.code(400).send({ error: round.error.message });
    const set = await setOf(game);
    if (typeof set === 'string') return reply.code(404).send({ error: set });
    if (!set.puzzles.some((p) => p.id === id)) return reply.code(404).send({ error: `there is no ${game} puzzle ${id}` });
    const player = await playerOf(request);
    if (!player) return { rated: false, rating: null, diff: null, puzzleRating: await ratingOf(game, id) } satisfies RoundAnswer;
    const { win } = round.value;
    const rated = await store.puzzleRound({
      account: player.id,
      game,
      puzzle: id,
      win,
      at: now(),
      rate: (before, puzzle) => rateTry(before ?? NEW_PLAYER, puzzle ?? NEW_PUZZLE, win),
    });
    if (!rated) {
      const standing = await store.puzzleStanding(player.id, game);
      return {
        rated: false,
        rating: standing.rating?.rating ?? null,
        diff: null,
        puzzleRating: await ratingOf(game, id),
      } satisfies RoundAnswer;
    }
    const before = rated.before?.rating ?? NEW_PLAYER.rating;
    return {
      rated: true,
      rating: rated.player.rating,
      diff: Math.round(rated.player.rating) - Math.round(before),
      puzzleRating: rated.puzzle.rating,
    } satisfies RoundAnswer;
  });

  app.get('/api/puzzles/:game/next', { schema: { params: gameParams } }, async (request, reply) => {
    const { game } = request.params as { game: string };
    const set = await setOf(game);
    if (typeof set === 'string') return reply.code(404).send({ error: set });
    const player = await playerOf(request);
    const standing = player ? await store.puzzleStanding(player.id, game) : { rating: null, tried: [] };
    const rated = new Map((await store.puzzleRatings(game)).map((r) => [r.id, r.rating]));
    const puzzles = set.puzzles.map((p) => ({ id: p.id, rating: rated.get(p.id) ?? NEW_PUZZLE.rating }));
    const level = standing.rating ?? NEW_PLAYER;
    // Every puzzle tried: the day's puzzle, as a guest would get.
    const next = nextAtLevel(puzzles, level, new Set(standing.tried)) ?? puzzles[Math.floor(now() / DAY_MS) % puzzles.length];
    if (!next) return reply.code(404).send({ error: `${game} has no puzzles` });
    return { id: next.id, rating: next.rating, yourRating: standing.rating?.rating ?? null } satisfies NextPuzzle;
  });
}

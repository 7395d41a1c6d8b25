import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import type { Result } from '@hexarena/engines/engine/result.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { type NextPuzzle, parsePuzzleRound, type RoundAnswer } from '@hexarena/engines/protocol/index.ts';
import { NEW_PLAYER } from '@hexarena/engines/ratings/glicko2.ts';
import { NEW_PUZZLE, nextAtLevel } from '@hexarena/engines/ratings/puzzle-rating.ts';
import type { FastifyInstance } from 'fastify';
import type { Puzzle } from '../puzzles/puzzle.ts';
import { type PuzzleLine, type PuzzleSet, parsePuzzleSet, setUpPuzzle } from '../puzzles/puzzle-set.ts';
import { judgeRound } from '../puzzles/round.ts';
import type { Identities } from './identity/identities.ts';
import { packageRoot } from './package-root.ts';
import type { GameStore } from './store.ts';

/**
 * Puzzle ratings on the server (docs/puzzles.md): a try is the moves played, judged here against the
 * puzzle (src/puzzles/round.ts), never what the client says of it. A signed-in player's first try at a puzzle of
 * the shipped sets moves their puzzle rating in the game and the puzzle's own, as lichess's puzzles
 * do (packages/engines/src/ratings/puzzle-rating.ts); the next puzzle is the untried one nearest their rating.
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

const lines = new Map<string, Result<PuzzleLine<unknown, unknown>>>();

/** A shipped puzzle set up on its board, once (the shipped sets are a few dozen puzzles). */
function lineOf(game: AnyGame, puzzle: Puzzle): Result<PuzzleLine<unknown, unknown>> {
  const key = `${game.id}/${puzzle.id}`;
  let line = lines.get(key);
  if (!line) {
    line = setUpPuzzle(game, puzzle);
    lines.set(key, line);
  }
  return line;
}

const gameParams = {
  type: 'object',
  required: ['game'],
  properties: { game: { type: 'string', pattern: '^[a-z]{1,20}$' }, id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,80}$' } },
} as const;

const DAY_MS = 86_400_000;

export function registerPuzzleRatings(app: FastifyInstance, store: GameStore, identities: Identities, now: () => number): void {
  /** The game's set, or why there is none: a game that is not hexarena's, or one without puzzles. */
  const setOf = async (game: string): Promise<{ game: AnyGame; set: PuzzleSet } | string> => {
    const found = findGame(game);
    if (!found.ok) return found.error.message;
    const set = await shippedSet(found.value.id);
    return set ? { game: found.value, set } : `${found.value.title} has no puzzles`;
  };
  const ratingOf = async (game: string, id: string): Promise<number> =>
    (await store.puzzles.ratings(game)).find((r) => r.id === id)?.rating ?? NEW_PUZZLE.rating;
  /** Only players' tries are rated: a guest's rating would be lost with the guest. */
  const playerOf = async (request: Parameters<Identities['of']>[0]) => {
    const identity = await identities.of(request);
    return identity?.account.kind === 'player' ? identity.account : null;
  };

  app.post('/api/puzzles/:game/:id/round', { bodyLimit: 4096, schema: { params: gameParams } }, async (request, reply) => {
    const { game, id } = request.params as { game: string; id: string };
    const round = parsePuzzleRound(request.body);
    if (!round.ok) return reply.code(400).send({ error: round.error.message });
    const found = await setOf(game);
    if (typeof found === 'string') return reply.code(404).send({ error: found });
    const puzzle = found.set.puzzles.find((p) => p.id === id);
    if (!puzzle) return reply.code(404).send({ error: `there is no ${game} puzzle ${id}` });
    const line = lineOf(found.game, puzzle);
    if (!line.ok) throw new Error(`the shipped puzzle ${id} does not set up: ${line.error.message}`);
    // The server's own verdict on the moves: what the client thinks of its try is not asked.
    const judged = judgeRound(found.game, puzzle, line.value, round.value.moves);
    if (!judged.ok) return reply.code(400).send({ error: judged.error.message });
    const win = judged.value;
    const player = await playerOf(request);
    if (!player)
      return { solved: win, rated: false, rating: null, diff: null, puzzleRating: await ratingOf(game, id) } satisfies RoundAnswer;
    // The store rates a first try itself (rateFirstTry, lichess's settings), from the ratings it holds.
    const rated = await store.puzzles.round({ account: player.id, game, puzzle: id, win, at: now() });
    if (!rated) {
      const standing = await store.puzzles.standing(player.id, game);
      return {
        solved: win,
        rated: false,
        rating: standing.rating?.rating ?? null,
        diff: null,
        puzzleRating: await ratingOf(game, id),
      } satisfies RoundAnswer;
    }
    const before = rated.before?.rating ?? NEW_PLAYER.rating;
    return {
      solved: win,
      rated: true,
      rating: rated.player.rating,
      diff: Math.round(rated.player.rating) - Math.round(before),
      puzzleRating: rated.puzzle.rating,
    } satisfies RoundAnswer;
  });

  app.get('/api/puzzles/:game/next', { schema: { params: gameParams } }, async (request, reply) => {
    const { game } = request.params as { game: string };
    const found = await setOf(game);
    if (typeof found === 'string') return reply.code(404).send({ error: found });
    const { set } = found;
    const player = await playerOf(request);
    const standing = player ? await store.puzzles.standing(player.id, game) : { rating: null, tried: [] };
    const rated = new Map((await store.puzzles.ratings(game)).map((r) => [r.id, r.rating]));
    const puzzles = set.puzzles.map((p) => ({ id: p.id, rating: rated.get(p.id) ?? NEW_PUZZLE.rating }));
    const level = standing.rating ?? NEW_PLAYER;
    // Every puzzle tried: the day's puzzle, as a guest would get.
    const next = nextAtLevel(puzzles, level, new Set(standing.tried)) ?? puzzles[Math.floor(now() / DAY_MS) % puzzles.length];
    if (!next) return reply.code(404).send({ error: `${game} has no puzzles` });
    return { id: next.id, rating: next.rating, yourRating: standing.rating?.rating ?? null } satisfies NextPuzzle;
  });
}

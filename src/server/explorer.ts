import type { AnyGame, Json } from '@hexarena/engines/engine/game.ts';
import { parseOutcome } from '@hexarena/engines/engine/record.ts';
import { ok, type Result } from '@hexarena/engines/engine/result.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import type { ExplorerAnswer, ExplorerMove } from '@hexarena/engines/protocol/index.ts';
import type { FastifyInstance } from 'fastify';
import { countedOf, explorable, notExplored, OPENING_PLIES, openingOf } from '../explorer/index.ts';
import { refusalBody } from './refusal-body.ts';
import type { ExplorerCount, GamePositions, GameStore, OpeningLine, StoredGame } from './store.ts';

/**
 * The opening explorer on the server (docs/explorer.md): what a finished game adds to the index,
 * the count of games finished before the index existed, and GET /api/explorer/:game.
 */

/**
 * How the explorer counts a game that ended with `result` after `moves`, or null when it does not:
 * a game of Hive, Nonaga or Hex (any game of two without chance) between people — every seat open to
 * a person or a bot, none the server's own AI, whose moves are not what people play and whose games
 * of AIs alone would drown theirs —, not aborted, ended with a winner or a draw, replayable under
 * today's rules.
 */
export function openingLineOf(
  stored: Pick<StoredGame, 'game' | 'options' | 'seed' | 'seats' | 'rulesVersion'>,
  moves: readonly string[],
  result: Json,
  termination: string,
): OpeningLine | null {
  const found = findGame(stored.game);
  if (!found.ok || !explorable(found.value) || termination === 'aborted') return null;
  if (stored.seats.some((s) => s !== 'open')) return null;
  if (stored.rulesVersion !== undefined && stored.rulesVersion !== found.value.rulesVersion) return null;
  const outcome = parseOutcome(result);
  const counted = outcome.ok && outcome.value ? countedOf(outcome.value) : null;
  if (!counted) return null;
  try {
    const opening = openingOf(found.value, stored.options, stored.seed, moves, true);
    return opening.ok ? { variant: opening.value.variant, steps: opening.value.steps, counted } : null;
  } catch (e) {
    // A game's end is never held up by its count: it is marked as not counted, and the log says why.
    process.stderr.write(
      `hexarena: opening explorer: a game of ${stored.game} could not be keyed (${e instanceof Error ? e.message : String(e)})\n`,
    );
    return null;
  }
}

/**
 * The positions a finished game reached in its first plies, as the explorer keys them (the one it
 * ended in among them), for the games database's search by position; null when the explorer keys no
 * game of its kind, or it was played under other rules. Unlike the explorer's count, every such game
 * is keyed — against the server's AI too, and however it ended: a position is searched for the games
 * that reached it, not for what was played there. From its line when the explorer counted it (the
 * same keys, not made twice); else only its opening replayed.
 */
export function gamePositionsOf(
  stored: Pick<StoredGame, 'game' | 'options' | 'seed' | 'rulesVersion'>,
  moves: readonly string[],
  line: OpeningLine | null,
): GamePositions | null {
  if (line) return { variant: line.variant, keys: line.steps.map((s) => s.key) };
  const found = findGame(stored.game);
  if (!found.ok || !explorable(found.value)) return null;
  if (stored.rulesVersion !== undefined && stored.rulesVersion !== found.value.rulesVersion) return null;
  try {
    // The first plies keyed, the position after the last of them too when the game ended within them.
    const opening = openingOf(found.value, stored.options, stored.seed, moves.slice(0, OPENING_PLIES), moves.length < OPENING_PLIES);
    return opening.ok ? { variant: opening.value.variant, keys: opening.value.steps.map((s) => s.key) } : null;
  } catch (e) {
    process.stderr.write(
      `hexarena: games database: a game of ${stored.game} could not be keyed (${e instanceof Error ? e.message : String(e)})\n`,
    );
    return null;
  }
}

/**
 * Counts the finished games the explorer has not looked at (finished before it existed), oldest first,
 * `batch` at a time. Resumable: each game's mark and counts are one write, so a process stopped midway
 * counts the rest at its next start, and no game twice (two instances doing it at once neither).
 * `progress` hears how far it is; `stopped` asks it to stop between batches. It runs beside the
 * players: SQLite reads on the event loop, so a batch is small and requests are served between two
 * (batches of 200 held a lobby request 30–50 ms at a start with 100,000 games to count).
 */
export async function exploreFinished(
  store: GameStore,
  progress: (done: number, total: number) => void = () => undefined,
  stopped: () => boolean = () => false,
  batch = 20,
): Promise<number> {
  let done = 0;
  let total: number | null = null;
  while (!stopped()) {
    const { ids, left } = await store.explorer.unexplored(batch);
    total ??= left;
    if (ids.length === 0) break;
    const counted = await Promise.all(
      ids.map(async (id) => {
        const stored = await store.games.read(id);
        if (!stored?.ending) return false;
        const line = openingLineOf(
          stored,
          stored.moves.map((m) => m.move),
          stored.ending.result,
          stored.ending.termination,
        );
        return store.explorer.explore(id, line);
      }),
    );
    done += counted.filter(Boolean).length;
    progress(done, total);
    // What arrived meanwhile (requests, messages) goes first.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return done;
}

/**
 * The explorer's answer at the position `moves` reach from the start (the first bad one named): the
 * index's rows there, the games that ended there counted in the totals, not as a move.
 */
export async function explorerAnswer(
  store: GameStore,
  game: AnyGame,
  options: Json,
  moves: readonly string[],
): Promise<Result<ExplorerAnswer>> {
  // Nonaga's random first player is drawn from the seed: the explorer's start is this seed's.
  const opening = openingOf(game, options, 'explorer', moves);
  if (!opening.ok) return opening;
  const { variant, key, plies } = opening.value;
  const counts = key === null ? [] : await store.explorer.counts(variant, key);
  const sum = (f: (c: ExplorerCount) => number) => counts.reduce((n, c) => n + f(c), 0);
  return ok({
    game: game.id,
    variant,
    position: key,
    plies,
    limit: OPENING_PLIES,
    games: sum((c) => c.games),
    wins: [sum((c) => c.firstWins), sum((c) => c.secondWins)],
    draws: sum((c) => c.draws),
    moves: counts
      .filter((c) => c.move !== '')
      .map((c): ExplorerMove => ({ move: c.move, games: c.games, wins: [c.firstWins, c.secondWins], draws: c.draws })),
  });
}

/** The explorer's query: at most this much text of moves, and this many moves. */
export const MAX_EXPLORER_QUERY = 8 * 1024;
export const MAX_EXPLORER_MOVES = 1000;

/**
 * GET /api/explorer/:game?moves=m1;m2;…&options={…}: the moves played at the position these moves
 * reach from the start, from the index (one range of its primary key). Counted against the per-address
 * allowance of every /api route; the moves are checked by replaying them.
 */
export function registerExplorer(app: FastifyInstance, store: GameStore): void {
  app.get(
    '/api/explorer/:game',
    {
      schema: {
        params: { type: 'object', required: ['game'], properties: { game: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,30}$' } } },
      },
    },
    async (request, reply) => {
      const { game: id } = request.params as { game: string };
      const query = request.query as Record<string, unknown>;
      const found = findGame(id);
      if (!found.ok) return reply.code(404).send({ error: found.error.message });
      const game = found.value;
      if (!explorable(game)) return reply.code(400).send(refusalBody('explorer.notExplored', notExplored(game), { game: game.title }));
      const text = query.moves ?? '';
      const optionsText = query.options ?? '{}';
      if (typeof text !== 'string' || typeof optionsText !== 'string')
        return reply.code(400).send({ error: '"moves" and "options" are given once each' });
      if (text.length > MAX_EXPLORER_QUERY || optionsText.length > 1024)
        return reply.code(400).send({ error: `the explorer takes at most ${MAX_EXPLORER_QUERY} characters of moves and 1024 of options` });
      const moves = text
        .split(';')
        .map((m) => m.trim())
        .filter((m) => m !== '');
      if (moves.length > MAX_EXPLORER_MOVES)
        return reply.code(400).send({ error: `the explorer takes at most ${MAX_EXPLORER_MOVES} moves` });
      let options: Json;
      try {
        options = JSON.parse(optionsText) as Json;
      } catch {
        return reply.code(400).send({ error: 'options must be JSON, such as {"type":"Base"}' });
      }
      const answer = await explorerAnswer(store, game, options, moves);
      // By code (a move refused: rules.replay, its cause the move's own refusal), for the page to word it.
      return answer.ok ? answer.value : reply.code(400).send(refusalBody(answer.error));
    },
  );
}

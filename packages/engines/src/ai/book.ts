import type { Agent } from '../engine/agent.ts';
import type { GameRules } from '../engine/game.ts';
import { Rng } from '../engine/rng.ts';
import { alphaBetaAgent } from './alphabeta.ts';
import { aiOf } from './profiles.ts';

/** An opening book: the move to play (as the game writes it) for positions by their key. */
export interface OpeningBook {
  readonly game: string;
  /** Plies searched for each entry. */
  readonly depth: number;
  /** Turns from the start the book covers. */
  readonly turns: number;
  readonly entries: Readonly<Record<string, string>>;
}

type Keyed<S, M> = GameRules<S, M> & { positionKey(state: S): string };

/**
 * Builds a book by deep search: every position reachable within `turns` moves of the starts gets
 * the move a fixed-depth search finds. Deterministic (fixed seed), so the shipped book can be
 * rebuilt and compared.
 */
export async function buildBook<S, M>(
  game: Keyed<S, M>,
  starts: readonly S[],
  settings: { depth: number; turns: number; onProgress?: (done: number, total: number) => void },
): Promise<OpeningBook> {
  const positions: S[] = [];
  const seen = new Set<string>();
  let frontier = [...starts];
  for (let t = 0; t <= settings.turns; t++) {
    const next: S[] = [];
    for (const state of frontier) {
      const key = game.positionKey(state);
      if (seen.has(key) || game.result(state) !== null) continue;
      seen.add(key);
      positions.push(state);
      if (t < settings.turns) for (const m of game.legalMoves(state)) next.push(game.play(state, m));
    }
    frontier = next;
  }
  const searcher = alphaBetaAgent('book', { depth: settings.depth });
  const rng = Rng.fromSeed('hexarena/book');
  const entries: Record<string, string> = {};
  for (const [i, state] of positions.entries()) {
    const move = await searcher.choose(game as GameRules<unknown, unknown>, state, { rng, depth: settings.depth });
    entries[game.positionKey(state)] = game.formatMove(state, move as M);
    settings.onProgress?.(i + 1, positions.length);
  }
  return { game: game.id, depth: settings.depth, turns: settings.turns, entries };
}

/**
 * Plays from the book while the position is in it (and the move still parses as legal), and
 * hands over to `inner` after. The book is loaded on first use, so it costs nothing until then.
 */
export function bookAgent(
  name: string,
  inner: Agent<unknown, unknown>,
  load: () => Promise<Readonly<Record<string, string>>>,
): Agent<unknown, unknown> {
  let book: Promise<Readonly<Record<string, string>>> | undefined;
  return {
    name,
    async choose(game, state, context) {
      book ??= load();
      const entries = await book;
      const { positionKey } = aiOf(game);
      const text = positionKey ? entries[positionKey(state)] : undefined;
      if (text !== undefined) {
        const move = game.parseMove(state, text);
        if (move.ok) return move.value;
      }
      return inner.choose(game, state, context);
    },
  };
}

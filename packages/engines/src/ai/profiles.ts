import type { GameAi, GameRules, Playable } from '../engine/game.ts';
import { dicewarsAi } from '../games/dicewars/index.ts';
import { hexAi } from '../games/hex/index.ts';
import { hiveAi } from '../games/hive/index.ts';
import { nonagaAi } from '../games/nonaga/index.ts';
import { tictactoeAi } from '../games/tictactoe/index.ts';

/**
 * Each game's AI profile (`src/games/<id>/ai.ts`) by game id: what the agents, searches and the
 * solver of src/ai know of a game beyond its rules. A new game is one line here.
 */
const PROFILES = new Map<string, GameAi<unknown, unknown>>([
  ['dicewars', dicewarsAi as GameAi<unknown, unknown>],
  ['hex', hexAi as GameAi<unknown, unknown>],
  ['hive', hiveAi as GameAi<unknown, unknown>],
  ['nonaga', nonagaAi as GameAi<unknown, unknown>],
  ['tictactoe', tictactoeAi as GameAi<unknown, unknown>],
]);

/** The AI profile of a game (none: the generic agents play it). */
export function aiOf<S, M>(game: GameRules<S, M>): GameAi<S, M> {
  return (PROFILES.get(game.id) ?? {}) as GameAi<S, M>;
}

const playables = new WeakMap<object, Playable<unknown, unknown>>();

/** The game's rules with its AI profile, made once a game (solutions and books are kept per object). */
export function playable<S, M>(game: GameRules<S, M>): Playable<S, M> {
  let made = playables.get(game) as Playable<S, M> | undefined;
  if (!made) {
    made = { ...aiOf(game), ...game };
    playables.set(game, made as Playable<unknown, unknown>);
  }
  return made;
}

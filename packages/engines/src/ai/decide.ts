import type { Agent } from '../engine/agent.ts';
import type { GameRules, Json } from '../engine/game.ts';
import { replayFrom } from '../engine/replay.ts';
import { fail, ok, type Result } from '../engine/result.ts';
import type { Rng } from '../engine/rng.ts';
import { findGame } from '../games/index.ts';
import { createAgent } from './agents.ts';

/** A decision asked of an AI that runs elsewhere (a Web Worker, a server thread): the game as records keep it. */
export interface Decision {
  readonly game: string;
  readonly options: Json | unknown;
  readonly seed: string;
  readonly moves: readonly string[];
  readonly agent: string;
  /** A position set up (the game's position notation) the moves start from, in place of the game's start. */
  readonly position?: string;
}

/** Rebuilds the game from its options, seed and moves, and answers with the agent's move as text. */
export async function decide(
  decision: Decision,
  rng: Rng,
  /** How agent names become players (the server's threads add outside programs the operator allowed). */
  resolve: (game: GameRules<unknown, unknown>, name: string) => Result<Agent<unknown, unknown>> = createAgent,
): Promise<Result<string>> {
  const game = findGame(decision.game);
  if (!game.ok) return game;
  const options = game.value.parseOptions(decision.options);
  if (!options.ok) return options;
  let start = game.value.newGame(options.value, decision.seed);
  if (decision.position !== undefined) {
    const set = game.value.parsePosition?.(decision.position) ?? fail(`${game.value.title} has no position notation`);
    if (!set.ok) return set;
    start = set.value;
  }
  const played = replayFrom(game.value, start, decision.moves);
  if (played.error !== null) return fail(played.error);
  const state = played.states[played.states.length - 1];
  const agent = resolve(game.value, decision.agent);
  if (!agent.ok) return agent;
  const move = await agent.value.choose(game.value, state, { rng });
  return ok(game.value.formatMove(state, move));
}

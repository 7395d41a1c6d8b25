import type { Agent } from '../engine/agent.ts';
import type { GameRules, Json } from '../engine/game.ts';
import { playMoves } from '../engine/record.ts';
import { ok, type Result } from '../engine/result.ts';
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
  const played = playMoves(game.value, options.value, decision.seed, decision.moves);
  if (!played.ok) return played;
  const state = played.value.states[played.value.states.length - 1];
  const agent = resolve(game.value, decision.agent);
  if (!agent.ok) return agent;
  const move = await agent.value.choose(game.value, state, { rng });
  return ok(game.value.formatMove(state, move));
}

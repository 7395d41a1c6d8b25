import type { Agent, AnyGame } from '@hexarena/engines/engine/game.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { remember } from '../opened-engines.ts';
import type { OutsideEngineOptions } from '../uhp/outside-engine.ts';
import { outsideLinesAgent } from './outside-engine.ts';

/**
 * The prefix of an engine-lines program's seat in a match: `engine:<command line>`, any game. Named
 * on the command line only — the server's agents (protocols/agents.ts) never start one, so no
 * request can name a program to run.
 */
export const ENGINE_SEAT = 'engine:';

/** The engine-lines program `name` names (`engine:<command line>`), started on its first move. */
export function engineSeat(game: AnyGame, name: string, options?: OutsideEngineOptions): Result<Agent<unknown, unknown>> {
  const commandLine = name.slice(ENGINE_SEAT.length).trim();
  if (commandLine === '') return fail('engine: needs the command that starts the engine, such as engine:hexarena engine nonaga');
  const agent = outsideLinesAgent(game, commandLine, options);
  remember(agent);
  return ok(agent);
}

import { createAgent } from '@hexarena/engines/ai/agents.ts';
import type { Agent } from '@hexarena/engines/engine/agent.ts';
import type { GameRules } from '@hexarena/engines/engine/game.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { type OutsideGtpOptions, outsideGtpAgent } from './gtp/outside-engine.ts';
import { remember } from './opened-engines.ts';
import { GTP_SEAT, HTTP_SEAT, outsideSeatGame, UHP_SEAT } from './seat-prefixes.ts';
import { playerBase, seed004Referee } from './seed004/referee.ts';
import { outsideUhpAgent } from './uhp/outside-engine.ts';

// Said in a module of their own, so that naming them loads none of the programs behind them.
export { GTP_SEAT, HTTP_SEAT, UHP_SEAT } from './seat-prefixes.ts';

/**
 * A player by name, where a command line or a seat list names one: hexarena's own agents, or an
 * outside program (`uhp:<command line>` for Hive, `gtp:<command line>` for Hex). The command line is run by the shell: names from
 * people at this machine only, never from the network.
 */
export function resolveAgent(
  game: GameRules<unknown, unknown>,
  name: string,
  /** How long an outside program is waited for beyond its time (the graceMs of both kinds); a GTP engine's proven wins told. */
  options?: OutsideGtpOptions,
): Result<Agent<unknown, unknown>> {
  if (name.startsWith(HTTP_SEAT)) {
    if (game.id !== outsideSeatGame(name)) return fail(`${name}: seed 004's HTTP players play Hive, not ${game.id}`);
    return ok(seed004Referee(playerBase(name.slice(HTTP_SEAT.length)), options) as unknown as Agent<unknown, unknown>);
  }
  if (name.startsWith(GTP_SEAT)) {
    if (game.id !== outsideSeatGame(name)) return fail(`${name}: a GTP engine plays Hex, not ${game.id}`);
    const commandLine = name.slice(GTP_SEAT.length).trim();
    if (commandLine === '') return fail('gtp: needs the command that starts the engine, such as gtp:mohex');
    const agent = outsideGtpAgent(commandLine, options);
    remember(agent);
    return ok(agent as unknown as Agent<unknown, unknown>);
  }
  if (!name.startsWith(UHP_SEAT)) return createAgent(game, name);
  if (game.id !== outsideSeatGame(name)) return fail(`${name}: a UHP engine plays Hive, not ${game.id}`);
  const commandLine = name.slice(UHP_SEAT.length).trim();
  if (commandLine === '') return fail('uhp: needs the command that starts the engine, such as uhp:nokamute uhp');
  const agent = outsideUhpAgent(commandLine, options);
  remember(agent);
  return ok(agent as unknown as Agent<unknown, unknown>);
}

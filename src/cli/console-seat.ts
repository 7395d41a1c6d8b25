import type { Agent } from '@hexarena/engines/engine/agent.ts';
import type { GameRules } from '@hexarena/engines/engine/game.ts';
import { resolveAgent } from '../protocols/agents.ts';
import { UsageError } from './io.ts';

/** Who plays a seat of a terminal game: a person at the keyboard, or an agent by name. */
export type ConsoleSeat =
  | { readonly kind: 'human' }
  | { readonly kind: 'ai'; readonly name: string; readonly agent: Agent<unknown, unknown> };

/** A seat from a command-line word ("human" or an agent of the game); a wrong name is a usage error naming the flag. */
export function consoleSeat(game: GameRules<unknown, unknown>, name: string, flag: string): ConsoleSeat {
  if (name === 'human') return { kind: 'human' };
  const agent = resolveAgent(game, name);
  if (!agent.ok) throw new UsageError(`--${flag}: ${agent.error.message} (or human)`);
  return { kind: 'ai', name, agent: agent.value };
}

/**
 * The two seats of a duel from their flags (`--white`, `--black`…): each as its flag says, else as
 * the resumed record had it, else a person against the `hard` level.
 */
export function duelSeats(
  game: GameRules<unknown, unknown>,
  flags: readonly (readonly [flag: string, value: string | undefined])[],
  before?: readonly string[],
): ConsoleSeat[] {
  return flags.map(([flag, value], i) => consoleSeat(game, value ?? before?.[i] ?? (i === 0 ? 'human' : 'hard'), flag));
}

import { AgentFailure } from '@hexarena/engines/engine/agent.ts';
import type { Agent, AnyGame, GameRules } from '@hexarena/engines/engine/game.ts';
import { OutsideProgram } from '../outside-program.ts';
import { OUTSIDE_GRACE_MS } from '../seat-prefixes.ts';
import type { OutsideEngineOptions } from '../uhp/outside-engine.ts';

/**
 * An engine-lines program (docs/engine-lines.md; `hexarena engine <game>`, another checkout's) as a
 * player of any game: started once, then for each move the position as the game's JSON record and a
 * `go` with the move's budget. A program that crashes, refuses, answers an illegal move or nothing in
 * time fails with an AgentFailure (the match scores the game lost by it, with the reason, and goes on).
 */

/** How long a program may take to start and say who it is. */
const START_MS = 60_000;

/** The lines of one answer (its `err` line, if any, kept), once its closing `ok` has come. */
function answerLines(lines: string[]): string[] | undefined {
  const end = lines.indexOf('ok');
  return end < 0 ? undefined : lines.splice(0, end + 1).slice(0, end);
}

export interface OutsideLinesAgent extends Agent<unknown, unknown> {
  close(): void;
}

export function outsideLinesAgent(game: AnyGame, commandLine: string, options: OutsideEngineOptions = {}): OutsideLinesAgent {
  const graceMs = options.graceMs ?? OUTSIDE_GRACE_MS;
  let program: OutsideProgram | null = null;

  const ask = async (p: OutsideProgram, command: string, limitMs: number): Promise<string[]> => {
    p.send(command);
    const answer = await p.answer(answerLines, limitMs, () => `the engine ${commandLine} did not answer "${command.slice(0, 40)}" in time`);
    const refusal = answer.find((l) => l.startsWith('err'));
    if (refusal) throw new AgentFailure(`the engine refused "${command.slice(0, 40)}": ${refusal.slice(4, 200)}`);
    return answer;
  };

  const started = async (): Promise<OutsideProgram> => {
    if (program) return program;
    const fresh = new OutsideProgram(commandLine);
    program = fresh;
    // The greeting: `id hexarena … <game> …` then ok.
    const hello = await fresh.answer(answerLines, Math.max(graceMs, START_MS), () => `the engine ${commandLine} did not start in time`);
    if (!hello.some((l) => l.startsWith('id ')))
      throw new AgentFailure(`the engine ${commandLine} did not say who it is: it speaks no engine-lines`);
    return fresh;
  };

  return {
    name: `engine:${commandLine}`,
    async choose(rules: GameRules<unknown, unknown>, state, context) {
      try {
        const p = await started();
        await ask(p, `position ${JSON.stringify(game.toJSON(state))}`, graceMs);
        const budget = context.depth !== undefined ? `depth ${context.depth}` : `time ${context.timeMs ?? options.defaultTimeMs ?? 1000}`;
        const limit = (context.depth !== undefined ? 0 : (context.timeMs ?? options.defaultTimeMs ?? 1000)) + graceMs;
        const answer = await ask(p, `go ${budget}`, context.depth !== undefined ? Math.max(limit, START_MS) : limit);
        const text = answer.at(-1) ?? '';
        const move = rules.parseMove(state, text);
        if (!move.ok) throw new AgentFailure(`the engine played ${text.slice(0, 100)}, which is illegal here: ${move.error.message}`);
        return move.value;
      } catch (error) {
        // A failed engine is not asked again: the next move starts a fresh one.
        program?.close('quit');
        program = null;
        throw error;
      }
    },
    close() {
      program?.close('quit');
      program = null;
    },
  };
}

import { type Agent, AgentFailure } from '@hexarena/engines/engine/agent.ts';
import type { GameRules } from '@hexarena/engines/engine/game.ts';
import { formatGameString, type HiveState } from '@hexarena/engines/games/hive/game.ts';
import { expansionsOf } from '@hexarena/engines/games/hive/pieces.ts';
import { OutsideProgram } from '../outside-program.ts';
import { OUTSIDE_GRACE_MS } from '../seat-prefixes.ts';

/**
 * An outside UHP engine (nokamute, Mzinga, hexarena's own) as a Hive player: the program is started
 * once, its `id` line and capabilities checked, then each move is asked: the game brought up to date
 * (`newgame <GameString>` for a new game, `play <move>` for each move since), then `bestmove time …`
 * or `bestmove depth …`. An engine that
 * crashes, says `err`, answers an illegal move or nothing in time fails with an AgentFailure (the
 * match scores the game lost by it, with the reason, and goes on).
 */

export interface OutsideEngineOptions {
  /** Time a move may take beyond the time it was given (starting a process, a slow machine). */
  readonly graceMs?: number;
  /** The time given per move when the caller gives neither a time nor a depth. */
  readonly defaultTimeMs?: number;
}

/** `hh:mm:ss` for `bestmove time` (whole seconds, at least one). */
export function uhpTime(ms: number): string {
  const s = Math.max(1, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/** A running engine: its output as lines, read answer by answer (each ends with `ok`). Benchmarks drive one directly. */
export class EngineProcess {
  private readonly program: OutsideProgram;

  constructor(readonly commandLine: string) {
    this.program = new OutsideProgram(commandLine);
  }

  /** The lines up to the next `ok`, or a failure (exit, or nothing within `limitMs`). */
  answer(limitMs: number): Promise<string[]> {
    return this.program.answer(
      (lines) => {
        const ok = lines.indexOf('ok');
        return ok < 0 ? undefined : lines.splice(0, ok + 1).slice(0, -1);
      },
      limitMs,
      () => `the engine ${this.commandLine} did not answer within ${Math.round(limitMs / 1000)} s`,
    );
  }

  send(line: string): void {
    this.program.send(line);
  }

  /** The process id of what was started (benchmarks read its CPU time). */
  get pid(): number | undefined {
    return this.program.pid;
  }

  close(): void {
    this.program.close('exit');
  }
}

export interface OutsideEngineAgent extends Agent<HiveState, number> {
  /** Stops the engine's process. */
  close(): void;
}

export function outsideUhpAgent(commandLine: string, options: OutsideEngineOptions = {}): OutsideEngineAgent {
  const graceMs = options.graceMs ?? OUTSIDE_GRACE_MS;
  let engine: EngineProcess | null = null;
  let capabilities: string[] = [];
  /** The game the engine holds: the GameString's header and its moves (null: none, or unknown after a failure). */
  let held: { header: string; moves: string[] } | null = null;

  /** The engine's introduction (its `id` line and capabilities read), made once per process. */
  let introduced: Promise<void> = Promise.resolve();

  /** The engine, started the first time it is needed (and again after a failure); `introduced` says when it has said who it is. */
  const current = (): EngineProcess => {
    if (engine) return engine;
    const fresh = new EngineProcess(commandLine);
    engine = fresh;
    held = null;
    introduced = fresh.answer(graceMs).then((info) => {
      const id = info.find((l) => l.startsWith('id '));
      if (!id) throw new AgentFailure(`the engine ${commandLine} did not introduce itself with an id line`);
      capabilities = (info.find((l) => !l.startsWith('id ')) ?? '').split(';').filter(Boolean);
    });
    return fresh;
  };

  /** Stops the engine and forgets what it held: the next question starts a fresh one. */
  const forget = (): void => {
    engine?.close();
    engine = null;
    held = null;
  };

  /**
   * An engine whose own rules end the game where hexarena's go on (nokamute, for one, draws a board
   * seen three times whichever piece moved last, which the pillbug's rule makes a different position)
   * has no move to give, and nokamute panics when asked for one: it is not asked, and the record says why.
   */
  const stillPlaying = (type: string, answer: readonly string[]): void => {
    const state = answer.find((l) => l.startsWith(`${type};`))?.split(';')[1];
    if (state === 'Draw' || state === 'WhiteWins' || state === 'BlackWins')
      throw new AgentFailure(
        `the engine ${commandLine} holds the game as over (its GameString says ${state}) where hexarena's rules play on`,
      );
  };

  /**
   * Brings the engine to the game: the moves played since the game it holds, one `play` each, as a
   * game between two engines goes on (an engine keeps what its search learned, and nokamute, for one,
   * clears a 100 MB table on every `newgame`); a new game, or one that does not follow on, by `newgame`.
   */
  const bringUp = async (e: EngineProcess, gameString: string): Promise<void> => {
    const [type = '', , , ...moves] = gameString.split(';');
    const known = held;
    held = null;
    if (known && known.header === type && known.moves.length <= moves.length && known.moves.every((m, i) => m === moves[i])) {
      let last: string[] | null = null;
      for (const move of moves.slice(known.moves.length)) {
        e.send(`play ${move}`);
        const answer = await e.answer(graceMs);
        if (answer.some((l) => l.startsWith('err') || l.startsWith('invalidmove'))) {
          last = null;
          break;
        }
        last = answer;
      }
      if (last !== null || moves.length === known.moves.length) {
        held = { header: type, moves };
        if (last) stillPlaying(type, last);
        return;
      }
    }
    e.send(`newgame ${gameString}`);
    const loaded = await e.answer(graceMs);
    if (loaded.some((l) => l.startsWith('err') || l.startsWith('invalidmove')))
      throw new AgentFailure(`the engine refused the game: ${loaded.join(' ')}`);
    held = { header: type, moves };
    stillPlaying(type, loaded);
  };

  /**
   * `command` asked of the engine once it holds `state`'s game. The engine is stopped if the question
   * fails, or if it is given up on (`signal`: the match's time ran out), since it would answer the next
   * game's first question with this move; the next game starts a fresh one. Only this engine: a question
   * given up on must not stop the engine the next game has started since.
   */
  const ask = async (state: HiveState, command: string, limitMs: number, signal?: AbortSignal): Promise<string[]> => {
    const e = current();
    const ready = introduced;
    const stop = () => {
      if (engine === e) forget();
    };
    signal?.addEventListener('abort', stop, { once: true });
    try {
      await ready;
      const x = expansionsOf(state.options.type);
      const needed = [x.mosquito && 'Mosquito', x.ladybug && 'Ladybug', x.pillbug && 'Pillbug'].filter((n): n is string => Boolean(n));
      const missing = needed.filter((n) => !capabilities.includes(n));
      if (missing.length > 0) throw new AgentFailure(`the engine ${commandLine} does not play ${missing.join(', ')}`);
      await bringUp(e, formatGameString(state));
      e.send(command);
      return await e.answer(limitMs);
    } catch (error) {
      stop();
      throw error;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  };

  return {
    name: `uhp:${commandLine}`,
    async choose(game: GameRules<HiveState, number>, state, context) {
      const timeMs = context.depth === undefined ? (context.timeMs ?? options.defaultTimeMs ?? 1000) : undefined;
      const command = timeMs === undefined ? `bestmove depth ${context.depth}` : `bestmove time ${uhpTime(timeMs)}`;
      const answer = await ask(state, command, (timeMs ?? 0) + graceMs, context.signal);
      const err = answer.find((l) => l.startsWith('err') || l.startsWith('invalidmove'));
      if (err) throw new AgentFailure(`the engine answered "${err.slice(0, 200)}"`);
      const text = answer.at(-1);
      if (text === undefined) throw new AgentFailure('the engine answered no move');
      const move = game.parseMove(state, text);
      if (!move.ok) {
        forget();
        throw new AgentFailure(`the engine played ${text.slice(0, 100)}, which is illegal here: ${move.error.message}`);
      }
      return move.value;
    },
    close() {
      forget();
    },
  };
}

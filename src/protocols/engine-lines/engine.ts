import { createAgent } from '@hexarena/engines/ai/agents.ts';
import type { Agent, AnyGame } from '@hexarena/engines/engine/game.ts';
import { Rng, randomSeed } from '@hexarena/engines/engine/rng.ts';

/**
 * hexarena's own agents as a program for any game, speaking the engine-lines protocol
 * (docs/engine-lines.md): the position as the game's own JSON record, then `go` with a budget, and
 * the move in the game's notation. It is what lets a match run one checkout's AI against another's in
 * every game (`npm run sprt -- --game nonaga`), as UHP does for Hive and GTP for Hex. Every answer ends
 * with a line `ok`; a refusal is a line `err <why>` before it.
 */

/** Milliseconds a `go` may be given at most: an hour. */
const MAX_TIME_MS = 3_600_000;
/** A search deeper than this runs for days in any of these games. */
const MAX_DEPTH = 64;

export class EngineLines {
  private state: unknown = null;
  private readonly rng: Rng;

  constructor(
    private readonly game: AnyGame,
    private readonly agent: Agent<unknown, unknown>,
    readonly version: string,
    seed: string = randomSeed(),
  ) {
    this.rng = Rng.fromSeed(seed);
  }

  /** The engine for `game` playing as the agent `level` names, or why there is none. */
  static create(game: AnyGame, level: string, version: string, seed?: string): EngineLines | string {
    const agent = createAgent(game, level);
    if (!agent.ok) return agent.error.message;
    return new EngineLines(game, agent.value, version, seed);
  }

  info(): string[] {
    return [`id hexarena v${this.version} ${this.game.id} ${this.agent.name}`, 'ok'];
  }

  /** One line in, its answer's lines out (ending with `ok`). */
  async handle(line: string): Promise<string[]> {
    const text = line.trim();
    if (text === '') return [];
    const space = text.indexOf(' ');
    const command = (space < 0 ? text : text.slice(0, space)).toLowerCase();
    const rest = space < 0 ? '' : text.slice(space + 1).trim();
    try {
      switch (command) {
        case 'info':
          return this.info();
        case 'position':
          return this.position(rest);
        case 'go':
          return await this.go(rest);
        default:
          return refused(`unknown command "${command.slice(0, 40)}" (known: info, position, go, quit)`);
      }
    } catch (e) {
      return refused(e instanceof Error ? e.message : String(e));
    }
  }

  private position(json: string): string[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      return refused(`position needs the game's record as JSON on one line (got ${JSON.stringify(json.slice(0, 40))})`);
    }
    const state = this.game.fromJSON(parsed);
    if (!state.ok) return refused(`not a ${this.game.id} record: ${state.error.message}`);
    this.state = state.value;
    return ['ok'];
  }

  private async go(budget: string): Promise<string[]> {
    if (this.state === null) return refused('no position: send "position <record>" first');
    if (this.game.result(this.state) !== null) return refused('the game is over: there is no move to find');
    const words = budget.split(/\s+/).filter((w) => w !== '');
    const context: { timeMs?: number; depth?: number } = {};
    for (let i = 0; i < words.length; i += 2) {
      const [kind, value] = [words[i], words[i + 1]];
      const n = Number(value);
      if (kind === 'time' && Number.isInteger(n) && n >= 1 && n <= MAX_TIME_MS) context.timeMs = n;
      else if (kind === 'depth' && Number.isInteger(n) && n >= 1 && n <= MAX_DEPTH) context.depth = n;
      else return refused(`go takes "time <ms>" (1 to ${MAX_TIME_MS}) or "depth <n>" (1 to ${MAX_DEPTH}); got "${budget.slice(0, 40)}"`);
    }
    const move = await this.agent.choose(this.game, this.state, { rng: this.rng, ...context });
    return [this.game.formatMove(this.state, move), 'ok'];
  }
}

const refused = (why: string): string[] => [`err ${why}`, 'ok'];

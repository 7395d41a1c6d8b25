import { alphaBetaAgent } from '@hexarena/engines/ai/alphabeta.ts';
import type { SearchResult } from '@hexarena/engines/ai/search.ts';
import { wallClock } from '@hexarena/engines/engine/agent.ts';
import { Rng, randomSeed } from '@hexarena/engines/engine/rng.ts';
import { formatGameString, type HiveState, hive, hiveOutcome, loadGameString } from '@hexarena/engines/games/hive/game.ts';
import { legalMoves } from '@hexarena/engines/games/hive/movegen.ts';
import { formatMove, parseMove } from '@hexarena/engines/games/hive/notation.ts';
import { perft } from '@hexarena/engines/games/hive/perft.ts';
import type { HivePosition } from '@hexarena/engines/games/hive/position.ts';
import { uhpInfo } from './info.ts';

/**
 * A Universal Hive Protocol engine: one command line in, the answer lines out, always ending with
 * "ok" (errors too). Pure of I/O, so the stdin/stdout wrapper and the tests share it. It never
 * throws: whatever goes wrong becomes an `err` line.
 */

interface EngineOption {
  readonly name: string;
  readonly type: 'bool' | 'int';
  readonly default: boolean | number;
  readonly min?: number;
  readonly max?: number;
  readonly help: string;
}

const OPTIONS: readonly EngineOption[] = [
  { name: 'TournamentRule', type: 'bool', default: true, help: 'no queen on the first turn' },
  { name: 'RepetitionDraw', type: 'bool', default: false, help: 'threefold repetition is a draw' },
  { name: 'DefaultTimeSeconds', type: 'int', default: 5, min: 1, max: 3600, help: 'thinking time for a bare "bestmove"' },
  {
    name: 'TranspositionTableSizeMB',
    type: 'int',
    default: 14,
    min: 1,
    max: 1024,
    help: 'memory for the table of positions the search has seen (rounded down to a power of two of 14-byte entries)',
  },
  {
    name: 'MaxHelperThreads',
    type: 'int',
    default: 0,
    min: 0,
    max: 64,
    help: 'accepted for bridges that set it; the search runs on one thread, so it changes nothing',
  },
  {
    name: 'MaxSearchSeconds',
    type: 'int',
    default: 600,
    min: 1,
    max: 86_400,
    help: 'the longest any bestmove may think, by time or by depth (it answers then with the best move found)',
  },
];

/** What one transposition table entry takes (packages/engines/src/ai/transposition.ts). */
const TT_ENTRY_BYTES = 14;

/** The deepest `bestmove depth` and `perft` asked for; the search also stops at MaxSearchSeconds. */
const MAX_SEARCH_DEPTH = 30;
const MAX_PERFT_DEPTH = 8;
/**
 * Perft stops before a depth whose walk would visit more than this many positions (the count of
 * the depth before): a perft that could not finish in minutes is refused, not left running.
 */
const MAX_PERFT_WALK = 2_000_000;
/** What of a client's text an error quotes back. */
const MAX_QUOTE = 200;

/** An answer line with the client's text in it: control characters escaped, and cut to a readable length. */
export function safeLine(line: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what is escaped
  const escaped = line.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return escaped.length > MAX_QUOTE ? `${escaped.slice(0, MAX_QUOTE)}… (${line.length} characters)` : escaped;
}

const HELP = [
  'info                      engine id and capabilities',
  'newgame [GameType|GameString]',
  'play <MoveString>         e.g. play wS1, play bG1 -wS1',
  'pass',
  'validmoves',
  'bestmove [time hh:mm:ss | depth N]   (N from 1 to 30; never longer than MaxSearchSeconds)',
  'undo [N]',
  'options | options get <name> | options set <name> <value>',
  'perft <N>                 leaf counts to depth N (0 to 8) from the current position, while each depth stays countable',
  'exit',
];

const NO_GAME = "No game in progress. Try 'newgame' to start a new game.";

function parseTime(text: string): number | undefined {
  const m = /^(\d+):([0-5]?\d):([0-5]?\d)$/.exec(text);
  if (!m) return undefined;
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000;
}

export class UhpEngine {
  private state: HiveState | undefined;
  private readonly values = new Map<string, boolean | number>(OPTIONS.map((o) => [o.name, o.default]));
  private readonly rng: Rng;
  private agent;
  /** The last search's figures, for tests and for `info`-style reporting. */
  lastSearch: SearchResult | undefined;

  constructor(
    readonly version: string,
    seed: string = randomSeed(),
    /** The clock the search reads (tests drive their own). */
    private readonly clock: () => number = wallClock,
  ) {
    this.rng = Rng.fromSeed(seed);
    this.agent = this.searchAgent(14);
  }

  /** The search, with a transposition table of about `megabytes`. */
  private searchAgent(megabytes: number) {
    const bits = Math.floor(Math.log2((megabytes * 1024 * 1024) / TT_ENTRY_BYTES));
    // Told how long to think, a UHP engine thinks that long (bridges give it the time they can spare).
    return alphaBetaAgent(
      'uhp',
      { useAllTime: true },
      (r) => {
        this.lastSearch = r;
      },
      Math.max(10, bits),
    );
  }

  info(): string[] {
    return uhpInfo(this.version);
  }

  /** Answers one command line. */
  async handle(line: string): Promise<string[]> {
    const trimmed = line.trim();
    // A blank line is a command that does nothing: it is answered, so a client waiting for ok goes on.
    if (trimmed === '') return ['ok'];
    const [word = '', ...rest] = trimmed.split(/\s+/);
    const args = trimmed.slice(word.length).trim();
    try {
      const out = await this.dispatch(word.toLowerCase(), args, rest);
      // Errors quote the client's text: never raw control characters, never a megabyte back.
      return [...out.map((l) => (l.startsWith('err ') || l.startsWith('invalidmove ') ? safeLine(l) : l)), 'ok'];
    } catch (e) {
      return [safeLine(`err ${e instanceof Error ? e.message : String(e)}`), 'ok'];
    }
  }

  private async dispatch(command: string, args: string, words: string[]): Promise<string[]> {
    switch (command) {
      case 'info':
        return this.info().slice(0, -1);
      case 'help':
        return HELP;
      case 'newgame':
        return this.newGame(args);
      case 'play':
        return this.play(args);
      case 'pass':
        return this.play('pass');
      case 'validmoves':
        return this.validMoves();
      case 'bestmove':
        return this.bestMove(words);
      case 'undo':
        return this.undo(words[0]);
      case 'options':
        return this.options(words);
      case 'perft':
        return this.perft(words[0]);
      default:
        return [`err Invalid command "${command}". Try 'help' to see a list of valid commands.`];
    }
  }

  private baseOptions() {
    return { tournament: this.values.get('TournamentRule') === true, repetitionDraw: this.values.get('RepetitionDraw') === true };
  }

  private game(): HiveState {
    if (!this.state) throw new Error(NO_GAME);
    return this.state;
  }

  private newGame(args: string): string[] {
    const loaded = loadGameString(args === '' ? 'Base' : args, this.baseOptions());
    if (!loaded.ok) {
      // An illegal move inside a GameString is an invalid move; anything else malformed is an error.
      const prefix = /^move \d+/.test(loaded.error.message) ? 'invalidmove' : 'err';
      return [`${prefix} ${loaded.error.message}`];
    }
    this.state = loaded.value;
    return [formatGameString(this.state)];
  }

  private play(args: string): string[] {
    const state = this.game();
    if (args === '') return ['invalidmove Say which move: play <MoveString>, such as play wS1.'];
    if (hiveOutcome(state)) return ['invalidmove The game is over.'];
    const move = parseMove(state.pos, args);
    if (!move.ok) return [`invalidmove ${move.error.message}`];
    state.pos.make(move.value);
    return [formatGameString(state)];
  }

  private validMoves(): string[] {
    const state = this.game();
    if (hiveOutcome(state)) throw new Error('The game is over.');
    return [
      legalMoves(state.pos)
        .map((m) => formatMove(state.pos, m))
        .join(';'),
    ];
  }

  private async bestMove(words: string[]): Promise<string[]> {
    const state = this.game();
    if (hiveOutcome(state)) throw new Error('The game is over.');
    const [kind, value] = words.map((w) => w.toLowerCase());
    const ceilingMs = (this.values.get('MaxSearchSeconds') as number) * 1000;
    let limits: { timeMs: number; depth?: number };
    if (kind === undefined) limits = { timeMs: Math.min(ceilingMs, (this.values.get('DefaultTimeSeconds') as number) * 1000) };
    else if (kind === 'time' && value !== undefined && parseTime(value) !== undefined) {
      const asked = parseTime(value) as number;
      if (asked > ceilingMs)
        throw new Error(
          `bestmove time ${value} is longer than MaxSearchSeconds (${ceilingMs / 1000}); raise it with options set MaxSearchSeconds <s>.`,
        );
      limits = { timeMs: Math.max(50, asked - 50) };
    } else if (kind === 'depth' && value !== undefined && /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_SEARCH_DEPTH)
      limits = { depth: Number(value), timeMs: ceilingMs };
    else throw new Error(`Use bestmove time hh:mm:ss or bestmove depth N (N from 1 to ${MAX_SEARCH_DEPTH}).`);
    // The search works on its own copy: the game is not changed by thinking about it.
    const move = (await this.agent.choose(hive, state, { rng: this.rng, clock: this.clock, ...limits })) as number;
    return [formatMove(state.pos, move)];
  }

  private undo(count: string | undefined): string[] {
    const state = this.game();
    const n = count === undefined ? 1 : /^\d+$/.test(count) ? Number(count) : Number.NaN;
    if (!Number.isInteger(n) || n < 1) throw new Error('Use undo or undo N, with N a whole number of at least 1.');
    const made = state.pos.history().length;
    if (n > made) throw new Error(`Can't undo ${n} moves: only ${made} ${made === 1 ? 'has' : 'have'} been played.`);
    for (let i = 0; i < n; i++) state.pos.unmake();
    return [formatGameString(state)];
  }

  private optionLine(o: EngineOption): string {
    const value = this.values.get(o.name);
    if (o.type === 'bool') return `${o.name};bool;${value ? 'True' : 'False'};${o.default ? 'True' : 'False'}`;
    return `${o.name};int;${value};${o.default};${o.min};${o.max}`;
  }

  private options(words: string[]): string[] {
    const [sub, name, value] = words;
    if (sub === undefined) return OPTIONS.map((o) => this.optionLine(o));
    const option = OPTIONS.find((o) => o.name.toLowerCase() === (name ?? '').toLowerCase());
    if (!option) throw new Error(`Unknown option "${name ?? ''}" (known: ${OPTIONS.map((o) => o.name).join(', ')}).`);
    if (sub.toLowerCase() === 'get') return [this.optionLine(option)];
    if (sub.toLowerCase() !== 'set' || value === undefined)
      throw new Error('Use options, options get <name> or options set <name> <value>.');
    if (option.type === 'bool') {
      if (!/^(true|false)$/i.test(value)) throw new Error(`${option.name} is True or False.`);
      this.values.set(option.name, value.toLowerCase() === 'true');
    } else {
      const n = Number(value);
      if (!Number.isInteger(n) || n < (option.min ?? 0) || n > (option.max ?? Number.MAX_SAFE_INTEGER)) {
        throw new Error(`${option.name} is a whole number from ${option.min} to ${option.max}.`);
      }
      this.values.set(option.name, n);
      if (option.name === 'TranspositionTableSizeMB') this.agent = this.searchAgent(n);
    }
    return [this.optionLine(option)];
  }

  private perft(depthText: string | undefined): string[] {
    const state = this.game();
    const depth = Number(depthText);
    if (!/^\d+$/.test(depthText ?? '') || depth > MAX_PERFT_DEPTH) throw new Error(`Use perft N, with N from 0 to ${MAX_PERFT_DEPTH}.`);
    const lines: string[] = [];
    const pos: HivePosition = state.pos.clone();
    let walk = 1;
    for (let d = 1; d <= depth; d++) {
      // Depth d generates moves in every position of depth d − 1 (bulk counting).
      if (walk > MAX_PERFT_WALK) {
        lines.push(`err perft stopped before depth ${d}: it would walk ${walk} positions, more than ${MAX_PERFT_WALK}.`);
        break;
      }
      const t = performance.now();
      const nodes = perft(pos, d, true);
      walk = nodes;
      const ms = performance.now() - t;
      lines.push(`perft(${d}) = ${nodes} in ${ms.toFixed(0)} ms (${((nodes / Math.max(ms, 0.001)) * 1000).toFixed(0)} leaves/s)`);
    }
    return lines;
  }
}

import { createAgent } from '@hexarena/engines/ai/agents.ts';
import type { Agent } from '@hexarena/engines/engine/agent.ts';
import { Rng, randomSeed } from '@hexarena/engines/engine/rng.ts';
import {
  cellName,
  type HexMove,
  type HexState,
  hex,
  MAX_SIZE,
  newHexPosition,
  parseCellName,
  pieTaken,
} from '@hexarena/engines/games/hex/index.ts';
import { safeLine } from '../uhp/engine.ts';
import { cellAcross, colourOf, GTP_SWAP, type GtpColour, sideOf, toGtpMove } from './frame.ts';

/**
 * hexarena's Hex AI as a Go Text Protocol engine, the way Hex programs talk to HexGui and to each
 * other (MoHex, the Computer Olympiad's referees): one command in, one answer out, `= …` or `? …`
 * and a blank line, with the command's number when it had one. Pure of I/O, so the stdin/stdout
 * loop and the tests share it; it never throws. Cells and colours are the GTP programs' (frame.ts):
 * after the pie rule the stones stay and the players exchange colours.
 */

export interface GtpEngineOptions {
  /** The AI level that answers genmove (hexarena's levels: easy … max). */
  readonly level: string;
  /** Thinking time a move until the controller sets one (time_settings, time_left). */
  readonly timeMs: number;
  /** The seed of the search's tie-breaks, for answers that repeat. */
  readonly seed?: string;
}

const COMMANDS = [
  'protocol_version',
  'name',
  'version',
  'known_command',
  'list_commands',
  'quit',
  'boardsize',
  'clear_board',
  'param_game',
  'play',
  'genmove',
  'undo',
  'showboard',
  'final_score',
  'time_settings',
  'time_left',
  'hexgui-analyze_commands',
] as const;

/** One answer: its text (without `=` or `?`), and whether the session ends after it. */
type Answer = { readonly ok: boolean; readonly text: string; readonly quit?: boolean };
const done = (text = ''): Answer => ({ ok: true, text });
const refused = (text: string): Answer => ({ ok: false, text });

export function parseColour(text: string | undefined): GtpColour | null {
  const t = (text ?? '').toLowerCase();
  if (t === 'b' || t === 'black') return 'b';
  if (t === 'w' || t === 'white') return 'w';
  return null;
}

/** A GTP command line cleaned as the protocol says: control characters dropped, tabs as spaces, comments cut. */
function clean(line: string): string {
  return (
    line
      .replace(/\t/g, ' ')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the protocol drops these
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/#.*$/, '')
      .trim()
  );
}

export class GtpEngine {
  private size = 11;
  private pie = true;
  private state: HexState = newHexPosition(this.size, this.pie);
  /** Milliseconds the next genmove may think. */
  private moveMs: number;
  private readonly rng: Rng;
  private readonly agent: Agent<HexState, HexMove>;

  constructor(
    private readonly version: string,
    options: GtpEngineOptions,
  ) {
    const agent = createAgent(hex, options.level);
    if (!agent.ok) throw agent.error;
    this.agent = agent.value as unknown as Agent<HexState, HexMove>;
    this.moveMs = options.timeMs;
    this.rng = Rng.fromSeed(options.seed ?? randomSeed());
  }

  /** The answer to one input line, as written on the wire; null for a blank or comment line. */
  async handle(line: string): Promise<{ text: string; quit: boolean } | null> {
    const command = clean(line);
    if (command === '') return null;
    const [, id = '', rest = ''] = /^(\d*)\s*(.*)$/.exec(command) ?? [];
    const [name = '', ...args] = rest.split(/\s+/).filter(Boolean);
    let answer: Answer;
    try {
      answer = await this.run(name.toLowerCase(), args);
    } catch (error) {
      answer = refused(`internal error: ${(error as Error).message}`);
    }
    const body = answer.text.includes('\n') ? `\n${answer.text}` : answer.text === '' ? '' : ` ${answer.text}`;
    return { text: `${answer.ok ? '=' : '?'}${id}${body}\n\n`, quit: answer.quit === true };
  }

  private async run(name: string, args: string[]): Promise<Answer> {
    switch (name) {
      case 'protocol_version':
        return done('2');
      case 'name':
        return done('hexarena');
      case 'version':
        return done(this.version);
      case 'known_command':
        return done(String((COMMANDS as readonly string[]).includes(args[0] ?? '')));
      case 'list_commands':
        return done(COMMANDS.join('\n'));
      case 'quit':
        return { ok: true, text: '', quit: true };
      case 'boardsize':
        return this.boardsize(args);
      case 'clear_board':
        this.state = newHexPosition(this.size, this.pie);
        return done();
      case 'param_game':
        return this.paramGame(args);
      case 'play':
        return this.play(args);
      case 'genmove':
        return this.genmove(args);
      case 'undo':
        return this.undo();
      case 'showboard':
        return done(this.board());
      case 'final_score': {
        const result = hex.result(this.state);
        if (result?.kind !== 'win') return refused('the game is not over');
        return done(`${colourOf(result.winner, pieTaken(this.state)).toUpperCase()}+`);
      }
      case 'time_settings':
        return this.timeSettings(args);
      case 'time_left':
        return this.timeLeft(args);
      case 'hexgui-analyze_commands':
        return done();
      default:
        return refused(`unknown command ${safeLine(name)}`);
    }
  }

  private boardsize(args: string[]): Answer {
    const [n, m = n] = args.map(Number);
    if (n === undefined || !Number.isInteger(n) || n !== m || n < 1 || n > MAX_SIZE)
      return refused(`unacceptable size: hexarena plays square boards from 1 to ${MAX_SIZE}`);
    this.size = n;
    this.state = newHexPosition(n, this.pie);
    return done();
  }

  private paramGame(args: string[]): Answer {
    if (args.length === 0) return done(`[bool] allow_swap ${this.pie ? 1 : 0}`);
    if (args[0] !== 'allow_swap' || (args[1] !== '0' && args[1] !== '1'))
      return refused('param_game knows allow_swap 0 or 1 (the pie rule)');
    const pie = args[1] === '1';
    if (pie !== this.pie && this.state.board.plies > 0) return refused('the pie rule is set before the first move');
    this.pie = pie;
    this.state = newHexPosition(this.size, pie);
    return done();
  }

  /** The side to move, checked against the colour the controller names. */
  private turnOf(colourText: string | undefined): number | Answer {
    const colour = parseColour(colourText);
    if (colour === null) return refused(`${safeLine(colourText ?? '')} is not a colour: b, black, w or white`);
    if (hex.result(this.state) !== null) return refused('the game is over');
    const side = sideOf(colour, pieTaken(this.state));
    if (side !== this.state.board.turn)
      return refused(`it is ${colourOf(this.state.board.turn, pieTaken(this.state)) === 'b' ? 'Black' : 'White'}'s turn`);
    return side;
  }

  private play(args: string[]): Answer {
    const side = this.turnOf(args[0]);
    if (typeof side !== 'number') return side;
    const text = (args[1] ?? '').toLowerCase();
    let move: HexMove;
    if (text === GTP_SWAP || text === 'swap') {
      const parsed = hex.parseMove(this.state, 'swap');
      if (!parsed.ok) return refused(`illegal move: ${parsed.error.message}`);
      move = parsed.value;
    } else {
      const cell = parseCellName(this.size, text);
      if (!cell.ok) return refused(`illegal move: ${cell.error.message}`);
      const parsed = hex.parseMove(this.state, cellName(this.size, cellAcross(this.size, cell.value, pieTaken(this.state))));
      if (!parsed.ok) return refused(`illegal move: ${parsed.error.message}`);
      move = parsed.value;
    }
    this.state = hex.play(this.state, move);
    return done();
  }

  private async genmove(args: string[]): Promise<Answer> {
    const side = this.turnOf(args[0]);
    if (typeof side !== 'number') return side;
    const before = this.state;
    const move = await this.agent.choose(hex, before, { rng: this.rng, timeMs: this.moveMs });
    this.state = hex.play(before, move);
    return done(toGtpMove(this.size, move, pieTaken(before), (cell) => cellName(this.size, cell)));
  }

  private undo(): Answer {
    const history = hex.toJSON(this.state) as { moves: string[] };
    if (history.moves.length === 0) return refused('cannot undo: no move was played');
    let state = newHexPosition(this.size, this.pie);
    for (const text of history.moves.slice(0, -1)) {
      const move = hex.parseMove(state, text);
      if (!move.ok) return refused(`cannot undo: ${move.error.message}`);
      state = hex.play(state, move.value);
    }
    this.state = state;
    return done();
  }

  /** The board as the GTP programs see it: after the pie rule, mirrored with the colours exchanged. */
  private board(): string {
    const { board } = this.state;
    const isSwapped = pieTaken(this.state);
    const letters = Array.from({ length: this.size }, (_, c) => String.fromCharCode(97 + c)).join(' ');
    const rows = [`  ${letters}`];
    for (let r = 0; r < this.size; r++) {
      const cells = Array.from({ length: this.size }, (_, c) => {
        const stone = board.stones[cellAcross(this.size, r * this.size + c, isSwapped)] as number;
        if (stone === -1) return '.';
        return colourOf(stone, isSwapped) === 'b' ? 'B' : 'W';
      });
      rows.push(`${' '.repeat(r)}${String(r + 1).padStart(2)} ${cells.join(' ')} ${r + 1}`);
    }
    rows.push(`${' '.repeat(this.size + 2)}${letters}`);
    return rows.join('\n');
  }

  private timeSettings(args: string[]): Answer {
    const [main, byo, stones] = args.map(Number);
    if (![main, byo, stones].every((n) => n !== undefined && Number.isFinite(n) && n >= 0))
      return refused('time_settings takes main time, byo-yomi time and byo-yomi stones: three numbers');
    this.moveMs = this.share((main as number) * 1000, (byo as number) * 1000, stones as number);
    return done();
  }

  private timeLeft(args: string[]): Answer {
    if (parseColour(args[0]) === null) return refused('time_left takes a colour, the seconds left and the stones left');
    const [seconds, stones] = args.slice(1).map(Number);
    if (!(seconds !== undefined && stones !== undefined && seconds >= 0 && stones >= 0))
      return refused('time_left takes a colour, the seconds left and the stones left');
    this.moveMs = stones > 0 ? (seconds * 1000) / stones : this.share(seconds * 1000, 0, 0);
    return done();
  }

  /** A move's share of the time: its byo-yomi period, or the main time spread over the moves likely left. */
  private share(mainMs: number, byoMs: number, stones: number): number {
    if (byoMs > 0 && stones > 0) return Math.max(50, byoMs / stones);
    const empty = this.state.board.stones.filter((s) => s === -1).length;
    return Math.max(50, mainMs / Math.max(5, Math.ceil(empty / 2)));
  }
}

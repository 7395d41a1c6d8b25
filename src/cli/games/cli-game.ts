import type { CliFlag } from '../flags.ts';
import type { CliIo } from '../io.ts';
import type { StaticBoard } from '../static/boards.ts';
import type { StaticPicture } from '../static/picture.ts';
import type { TerminalGame } from '../terminal-game.ts';

/** Flags as commander hands them to a command: each game reads the ones it declared. */
export type GivenFlags = Readonly<Record<string, unknown>>;

/** `tune`'s flags: the self-play games and the descent that fits the weights to them. */
export interface TuneFlags {
  readonly seed: string;
  readonly games: number;
  readonly depth: number;
  readonly iterations: number;
  readonly blend: number;
  readonly out: string;
}

/**
 * What a game's folder gives the command line. Declarations only, loaded with every command; the
 * work (a terminal game, a perft) is loaded when it runs, so starting one command does not load
 * every game's.
 */
export interface CliGame {
  readonly id: string;
  /** `play`'s flags for this game, beside --seats, --seed, --record, --no-record and --resume. */
  readonly playFlags: readonly CliFlag[];
  /** The play flags that name who sits in each seat, in seat order: `--seats a,b` fills them. */
  readonly seatFlags?: readonly string[];
  /** Plays the game in the terminal, reading what people type line by line from `input`. */
  play(io: CliIo, flags: GivenFlags, input: AsyncIterable<string>): Promise<void>;
  /** `match`'s flags for this game, beside --options, and the options they give (`agents`: one per seat). */
  readonly matchFlags?: readonly CliFlag[];
  matchOptions?(io: CliIo, flags: GivenFlags, options: Record<string, unknown>, agents: readonly string[]): void;
  /**
   * The moves of one line of `match --openings` in the game's notation, where the game reads its
   * own form of a position (Hive: a GameString); without it a line is moves separated by `;`.
   */
  openingMoves?(line: string, options: unknown): Promise<readonly string[]>;
  /** An opening's line as `openingMoves` reads it back (`hexarena openings` writes them). */
  openingLine?(options: unknown, moves: readonly string[]): Promise<string>;
  /** What a game going somewhere changes, for `match --adjudicate` (a game where it stands still is drawn). */
  progress?(): Promise<(state: unknown) => string>;
  /** `perft`'s flags for this game, and its own count where it has one (`bulk`: the last ply by counting). */
  readonly perftFlags?: readonly CliFlag[];
  perft?(flags: GivenFlags): Promise<(depth: number, bulk: boolean) => number>;
  /** The starts an opening book covers, where the options allow more than one. */
  bookStarts?(): readonly unknown[];
  /** An HTML board, so that `export-static` can write the game as a site once it is solved. */
  staticBoard?(): Promise<StaticBoard<unknown, unknown>>;
  /**
   * For `export-static puzzles`: how a position is drawn without script or CSS, and the puzzle set
   * shipped with hexarena (as JSON, read as untrusted as any file: a hand edit may have broken it).
   */
  puzzlePages?(): Promise<{ readonly picture: StaticPicture<unknown>; readonly shipped: unknown }>;
  /** `tune`: self-play and the tuning of the game's evaluation, written to `flags.out`. */
  tune?(io: CliIo, flags: TuneFlags): Promise<void>;
}

/**
 * A game's `play`: its terminal game, made from the flags by `load`'s function, played in the shared
 * loop. Both are loaded when a game is played, not with every command.
 */
export function playsInTerminal<S, M, O, F>(load: () => Promise<(io: CliIo, flags: F) => TerminalGame<S, M, O>>): CliGame['play'] {
  return async (io, flags, input) => {
    const [{ playInTerminal }, make] = await Promise.all([import('../terminal-game.ts'), load()]);
    // The flags are those commander parsed with this game's declarations.
    await playInTerminal(io, make(io, flags as F), input);
  };
}

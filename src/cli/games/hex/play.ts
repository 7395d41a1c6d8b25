import { describeOutcome } from '@hexarena/engines/engine/game.ts';
import { type HexMove, type HexOptions, type HexState, hex } from '@hexarena/engines/games/hex/index.ts';
import { duelSeats } from '../../console-seat.ts';
import type { CliIo } from '../../io.ts';
import { UsageError } from '../../io.ts';
import { type RecordFlags, resumeOrStart, seatName, type TerminalGame, type TerminalView } from '../../terminal-game.ts';
import { hexText, lastCell } from './text.ts';

export interface PlayHexFlags extends RecordFlags {
  readonly red?: string;
  readonly blue?: string;
  readonly size?: number;
  readonly pie?: boolean;
  readonly seed?: string;
}

const HELP = `Type a cell to place a stone there: a column letter and a row number, such as f6 (a1 is the top-left
corner). Red joins top and bottom, Blue left and right. With the pie rule, Blue may answer Red's first
stone with "swap": it becomes Blue's, reflected across the long diagonal, and Red moves again.`;

const NAMES = ['Red', 'Blue'];

/** Hex in the terminal: Red moves first; people and AIs in any mix. */
export function hexInTerminal(io: CliIo, flags: PlayHexFlags): TerminalGame<HexState, HexMove, HexOptions> {
  // --no-pie is the only way to say pie (commander's default is on): only it changes the game.
  const { resumed, seed } = resumeOrStart(io, hex, flags, { size: flags.size, 'no-pie': flags.pie === false ? true : undefined });
  const parsed = hex.parseOptions({
    ...(flags.size === undefined ? {} : { size: flags.size }),
    ...(flags.pie === undefined ? {} : { pie: flags.pie }),
  });
  if (!parsed.ok) throw new UsageError(parsed.error.message);
  const options = resumed?.options ?? parsed.value;
  const seats = duelSeats(
    hex,
    [
      ['red', flags.red],
      ['blue', flags.blue],
    ],
    resumed?.players,
  );
  const who = seats.map(seatName);
  const view: TerminalView<HexState> = {
    title: () =>
      `Hex ${options.size}×${options.size}${options.pie ? ', pie rule' : ''}: Red (${who[0]}) joins top and bottom, Blue (${who[1]}) left and right. Type "help" for how to write a move.\n`,
    help: HELP,
    board: (state) => `\n${hexText(state.board, lastCell(state.board))}\n\n`,
    prompt: (state) => `${NAMES[state.board.turn]}> `,
    played: (before, _after, move, player) => (player === 'human' ? '' : `${NAMES[before.board.turn]} (${player}): ${move}\n`),
    over: (_state, outcome) => `Game over: ${describeOutcome(outcome, NAMES)}.\n`,
  };
  return { game: hex, view, options, seed, seats, resumed, record: flags.record };
}

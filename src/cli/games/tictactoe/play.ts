import { describeOutcome } from '@hexarena/engines/engine/game.ts';
import { type TicTacToeMove, type TicTacToeOptions, type TicTacToeState, tictactoe } from '@hexarena/engines/games/tictactoe/index.ts';
import { duelSeats } from '../../console-seat.ts';
import type { CliIo } from '../../io.ts';
import { type RecordFlags, resumeOrStart, seatName, type TerminalGame, type TerminalView } from '../../terminal-game.ts';
import { tictactoeText } from './text.ts';

export interface PlayTicTacToeFlags extends RecordFlags {
  readonly x?: string;
  readonly o?: string;
  readonly seed?: string;
}

const HELP = 'Type the cell for your mark: a file a–c (left to right) and a rank 1–3 (bottom to top), such as b2 for the centre.';

const MARKS = ['X', 'O'];

/** Tic-tac-toe in the terminal: X moves first; against the perfect player the best you can do is draw. */
export function tictactoeInTerminal(io: CliIo, flags: PlayTicTacToeFlags): TerminalGame<TicTacToeState, TicTacToeMove, TicTacToeOptions> {
  const { resumed, seed } = resumeOrStart(io, tictactoe, flags);
  const seats = duelSeats(
    tictactoe,
    [
      ['x', flags.x],
      ['o', flags.o],
    ],
    resumed?.players,
  );
  const who = seats.map(seatName);
  const view: TerminalView<TicTacToeState> = {
    title: () => `Tic-tac-toe: X (${who[0]}) against O (${who[1]}). Type "help" for how to name a cell.\n`,
    help: HELP,
    board: (state) => `\n${tictactoeText(state.board)}\n\n`,
    prompt: (state) => `${MARKS[tictactoe.toMove(state) ?? 0]}> `,
    played: (state, _after, move, player) => (player === 'human' ? '' : `${MARKS[tictactoe.toMove(state) ?? 0]} (${player}): ${move}\n`),
    over: (_state, outcome) => `Game over: ${describeOutcome(outcome, MARKS)}.\n`,
  };
  return { game: tictactoe, view, options: resumed?.options ?? tictactoe.defaultOptions, seed, seats, resumed, record: flags.record };
}

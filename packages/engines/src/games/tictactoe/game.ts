import type { GameDefinition, Json, Outcome, Player } from '../../engine/game.ts';
import { refuse } from '../../engine/refusal.ts';
import { fail, ok, type Result } from '../../engine/result.ts';
import { type Board, CELLS, countMarks, EMPTY_BOARD, formatBoard, formatCell, hasLine, type Mark, parseBoard, parseCell } from './board.ts';

/** X (seat 0) moves first. Whose turn it is follows from the board, so the board is the state. */
export interface TicTacToeState {
  readonly board: Board;
}

export interface TicTacToeMove {
  readonly cell: number;
}

/** Tic-tac-toe has no options; the type is kept for the contract. */
export type TicTacToeOptions = Record<string, never>;

const MARKS: readonly Mark[] = ['X', 'O'];

const markToMove = (board: Board): Mark => (countMarks(board, 'X') === countMarks(board, 'O') ? 'X' : 'O');

function outcomeOf(board: Board): Outcome | null {
  if (hasLine(board, 'X')) return { kind: 'win', winner: 0, reason: 'three in a row' };
  if (hasLine(board, 'O')) return { kind: 'win', winner: 1, reason: 'three in a row' };
  if (!board.includes(null)) return { kind: 'draw', reason: 'board full' };
  return null;
}

/** Only boards some game can reach: X leads by 0 or 1 mark, and nobody moved after a line. */
function checkReachable(board: Board): Result<Board> {
  const x = countMarks(board, 'X');
  const o = countMarks(board, 'O');
  if (x !== o && x !== o + 1) return fail(`X has ${x} marks and O ${o}: X moves first and the players alternate`);
  const xLine = hasLine(board, 'X');
  const oLine = hasLine(board, 'O');
  if (xLine && oLine) return fail('both players have three in a row');
  if (xLine && x !== o + 1) return fail('O moved after X had already won');
  if (oLine && x !== o) return fail('X moved after O had already won');
  return ok(board);
}

export const tictactoe: GameDefinition<TicTacToeState, TicTacToeMove, TicTacToeOptions> = {
  id: 'tictactoe',
  title: 'Tic-tac-toe',
  rulesVersion: 1,
  draws: true,
  unrated: true,
  players: { min: 2, max: 2 },
  defaultOptions: {},

  parseOptions(json: unknown): Result<TicTacToeOptions> {
    if (json === undefined || json === null) return ok({});
    if (typeof json !== 'object' || Array.isArray(json))
      return refuse('options.object', 'tic-tac-toe options must be an object', { game: 'Tic-tac-toe', example: '{}' });
    const keys = Object.keys(json);
    if (keys.length > 0)
      return refuse('options.none', `tic-tac-toe has no options (got ${keys.join(', ')})`, {
        game: 'Tic-tac-toe',
        names: keys.join(', ').slice(0, 60),
      });
    return ok({});
  },

  seatNames: () => ['X', 'O'],

  newGame: () => ({ board: EMPTY_BOARD }),

  toMove(state): Player | null {
    return outcomeOf(state.board) ? null : MARKS.indexOf(markToMove(state.board));
  },

  result: (state) => outcomeOf(state.board),

  legalMoves(state): TicTacToeMove[] {
    if (outcomeOf(state.board)) return [];
    const moves: TicTacToeMove[] = [];
    for (let cell = 0; cell < CELLS; cell++) if (state.board[cell] === null) moves.push({ cell });
    return moves;
  },

  play(state, move): TicTacToeState {
    if (state.board[move.cell] !== null || outcomeOf(state.board)) throw new Error(`illegal tic-tac-toe move ${formatCell(move.cell)}`);
    const board = state.board.slice();
    board[move.cell] = markToMove(state.board);
    return { board };
  },

  formatMove: (_state, move) => formatCell(move.cell),

  parseMove(state, text): Result<TicTacToeMove> {
    const cell = parseCell(text);
    if (!cell.ok) return cell;
    const outcome = outcomeOf(state.board);
    if (outcome) return refuse('rules.gameOver', 'the game is over');
    const mark = state.board[cell.value];
    if (mark) return refuse('tictactoe.taken', `${formatCell(cell.value)} already holds ${mark}`, { cell: formatCell(cell.value), mark });
    return ok({ cell: cell.value });
  },

  toJSON: (state): Json => ({ board: formatBoard(state.board) }),

  fromJSON(json: unknown): Result<TicTacToeState> {
    if (typeof json !== 'object' || json === null || typeof (json as { board?: unknown }).board !== 'string') {
      return fail('a tic-tac-toe state is {"board": "<nine of x, o, ->"}');
    }
    const board = parseBoard((json as { board: string }).board);
    if (!board.ok) return board;
    const reachable = checkReachable(board.value);
    return reachable.ok ? ok({ board: reachable.value }) : reachable;
  },

  view: (state): Json => ({ board: formatBoard(state.board) }),
};

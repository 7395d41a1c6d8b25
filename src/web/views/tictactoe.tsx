import { describeOutcome } from '../../engine/game.ts';
import { makeRecord } from '../../engine/record.ts';
import { formatCell, tictactoe } from '../../games/tictactoe/index.ts';
import type { Setup } from '../app.tsx';
import { select } from '../board/selection.ts';
import { tictactoeBoard } from '../board/tictactoe.ts';
import { SvgButton } from '../svg-button.tsx';
import { useGame } from '../use-game.ts';

const TICTACTOE_OPTIONS = {};

const SEATS = ['X', 'O'];

/** Tic-tac-toe on an SVG board: click or Enter on a cell; AI seats think in a worker. */
export function TicTacToeView({ setup }: { setup: Setup }) {
  const { state, moves, toMove, outcome, humanToMove, thinking, play: playMove } = useGame(setup, tictactoe, TICTACTOE_OPTIONS);

  const board = tictactoeBoard(state, humanToMove && !thinking);
  const play = (cell: number) => {
    const r = select(board, formatCell(cell));
    if (r.move) playMove(r.move);
  };
  const status = outcome
    ? `Game over: ${describeOutcome(outcome, SEATS)}.`
    : thinking
      ? `${SEATS[toMove ?? 0]} is thinking…`
      : `${SEATS[toMove ?? 0]} to move.`;
  const download = () => {
    const record = makeRecord(tictactoe, {}, setup.seed, moves, outcome, { players: [...setup.seats] });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' }));
    a.download = `tictactoe-${setup.seed}.json`;
    a.click();
  };

  return (
    <main>
      <h1>Tic-tac-toe</h1>
      <p class="status" role="status" data-testid="status">
        {status}
      </p>
      <svg class="board" viewBox="0 0 3 3">
        <title>tic-tac-toe board</title>
        {state.board.map((mark, cell) => {
          const x = cell % 3;
          const y = Math.floor(cell / 3);
          const name = formatCell(cell);
          return (
            <SvgButton
              canFocus={mark === null && board.movable}
              aria-label={`${name} ${mark ?? 'empty'}`}
              data-cell={name}
              onPress={() => play(cell)}
            >
              <rect class="cell" x={x} y={y} width={1} height={1} />
              {mark && (
                <text class={`mark-${mark}`} x={x + 0.5} y={y + 0.68} font-size="0.6" text-anchor="middle">
                  {mark}
                </text>
              )}
            </SvgButton>
          );
        })}
      </svg>
      <p class="moves" data-testid="moves" data-count={moves.length}>
        {moves.join(' ')}
      </p>
      <p>
        <a href="./">New game</a>{' '}
        <button type="button" onClick={download}>
          Download record
        </button>
      </p>
    </main>
  );
}

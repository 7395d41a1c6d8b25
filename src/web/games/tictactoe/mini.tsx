import type { tictactoe } from '@hexarena/engines/games/tictactoe/index.ts';

type TicTacToeState = ReturnType<typeof tictactoe.newGame>;

/** Tic-tac-toe's miniature: the grid and its marks. */
export function TicTacToeMini({ state }: { state: TicTacToeState }) {
  return (
    <svg class="mini-board" viewBox="0 0 3 3" aria-hidden="true" focusable="false">
      <path d="M1 0.1V2.9M2 0.1V2.9M0.1 1H2.9M0.1 2H2.9" stroke="currentColor" stroke-width={0.06} />
      {state.board.map((mark, cell) => {
        const x = (cell % 3) + 0.5;
        const y = Math.floor(cell / 3) + 0.5;
        if (mark === 'X')
          return (
            <path
              d={`M${x - 0.25} ${y - 0.25}L${x + 0.25} ${y + 0.25}M${x + 0.25} ${y - 0.25}L${x - 0.25} ${y + 0.25}`}
              stroke="#0072b2"
              stroke-width={0.12}
              stroke-linecap="round"
            />
          );
        return mark === 'O' ? <circle cx={x} cy={y} r={0.27} fill="none" stroke="#d55e00" stroke-width={0.12} /> : null;
      })}
    </svg>
  );
}

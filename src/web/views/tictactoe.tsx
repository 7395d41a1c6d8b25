import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { describeOutcome } from '../../engine/game.ts';
import { makeRecord } from '../../engine/record.ts';
import { formatCell, tictactoe } from '../../games/tictactoe/index.ts';
import { AiClient } from '../ai.ts';
import { type Setup, setupUrl } from '../app.tsx';
import { select } from '../board/selection.ts';
import { tictactoeBoard } from '../board/tictactoe.ts';

const SEATS = ['X', 'O'];

/** Tic-tac-toe on an SVG board: click or Enter on a cell; AI seats think in a worker. */
export function TicTacToeView({ setup }: { setup: Setup }) {
  const [moves, setMoves] = useState<readonly string[]>(setup.moves);
  const [thinking, setThinking] = useState(false);
  const ai = useRef<AiClient | null>(null);
  const state = useMemo(() => {
    let s = tictactoe.newGame({}, setup.seed);
    for (const m of moves) {
      const move = tictactoe.parseMove(s, m);
      if (move.ok) s = tictactoe.play(s, move.value);
    }
    return s;
  }, [moves, setup.seed]);
  const toMove = tictactoe.toMove(state);
  const outcome = tictactoe.result(state);
  const humanToMove = toMove !== null && setup.seats[toMove] === 'human';

  useEffect(() => {
    window.history.replaceState(null, '', setupUrl({ ...setup, moves }));
    if (toMove === null || humanToMove) return;
    ai.current ??= new AiClient();
    setThinking(true);
    let cancelled = false;
    ai.current
      .move({ game: 'tictactoe', options: {}, seed: setup.seed, moves, agent: setup.seats[toMove] as string })
      .then((move) => {
        if (!cancelled) setMoves([...moves, move]);
      })
      .finally(() => setThinking(false));
    return () => {
      cancelled = true;
    };
  }, [moves, toMove, humanToMove, setup]);

  const board = tictactoeBoard(state, humanToMove && !thinking);
  const play = (cell: number) => {
    const r = select(board, formatCell(cell));
    if (r.move) setMoves([...moves, tictactoe.formatMove(state, r.move)]);
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
            // biome-ignore lint/a11y/useSemanticElements: an SVG cell cannot be a <button>; it takes focus and Enter like one.
            <g
              role="button"
              tabindex={mark === null && board.movable ? 0 : -1}
              aria-label={`${name} ${mark ?? 'empty'}`}
              data-cell={name}
              onClick={() => play(cell)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  play(cell);
                }
              }}
            >
              <rect class="cell" x={x} y={y} width={1} height={1} />
              {mark && (
                <text class={`mark-${mark}`} x={x + 0.5} y={y + 0.68} font-size="0.6" text-anchor="middle">
                  {mark}
                </text>
              )}
            </g>
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

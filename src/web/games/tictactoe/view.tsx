import { select } from '@hexarena/engines/engine/board-interaction.ts';
import { formatCell, type tictactoe, tictactoeBoard, winningCells } from '@hexarena/engines/games/tictactoe/index.ts';
import { arrowBetweenCells, boardFocusEvents } from '../../board/arrow-keys.ts';
import { useMoveMotion } from '../../board/motion.ts';
import { t } from '../../i18n/index.ts';
import { GameShell } from '../../shell.tsx';
import { SvgButton } from '../../svg-button.tsx';
import type { SessionOf } from '../../use-game.ts';
import { HOW_TO_PLAY } from './how-to-play.tsx';

/** The board in its shell, for a game on this screen or online. */
export function TicTacToeBoard({ session }: { session: SessionOf<typeof tictactoe> }) {
  const { state } = session;
  const board = tictactoeBoard(state, session.interactive);
  const won = winningCells(state);
  // The last move is the cell it marked (a move is written as its cell: "b2").
  const last = session.ply > 0 ? session.moves[session.ply - 1] : undefined;
  useMoveMotion(session.ply, last, (_, cell) =>
    cell === undefined ? [] : [{ kind: 'appear', selector: `svg.tictactoe [data-cell="${cell}"] text` }],
  );
  const premove = session.premove?.queued === undefined ? null : session.premove;
  const play = (cell: number) => {
    const r = select(board, formatCell(cell));
    if (r.move) return session.play(r.move);
    // On the opponent's turn an empty cell is queued as a premove (the rules judge it when the turn comes).
    const name = formatCell(cell);
    if (premove && state.board[cell] === null && premove.queued !== name) premove.queue(name);
    else if (premove?.queued === name) premove.cancel();
  };
  return (
    <GameShell help={HOW_TO_PLAY} session={session} title="Tic-tac-toe">
      <svg class="board tictactoe" viewBox="0 0 3 3" onKeyDown={arrowBetweenCells} {...boardFocusEvents}>
        <title>{t('tictactoe.board')}</title>
        {state.board.map((mark, cell) => {
          const x = cell % 3;
          const y = Math.floor(cell / 3);
          const name = formatCell(cell);
          return (
            <SvgButton
              canFocus={mark === null && board.movable}
              aria-label={t('tictactoe.cell', { cell: name, mark: mark ?? 'none' })}
              data-cell={name}
              class={
                [won.includes(name) ? 'win' : '', name === last ? 'last-move' : '', premove?.queued === name ? 'premove' : '']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              onPress={() => play(cell)}
            >
              <rect class="cell" x={x} y={y} width={1} height={1} />
              {premove?.queued === name && <circle class="premove-mark" cx={x + 0.5} cy={y + 0.5} r={0.3} />}
              {mark && (
                <text class={`mark-${mark}`} x={x + 0.5} y={y + 0.68} font-size="0.6" text-anchor="middle">
                  {mark}
                </text>
              )}
            </SvgButton>
          );
        })}
      </svg>
    </GameShell>
  );
}

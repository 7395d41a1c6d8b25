import { cellName, type HexMove, type HexState, type hex, winningChain } from '@hexarena/engines/games/hex/index.ts';
import { hexToPixel } from '@hexarena/engines/hex/index.ts';
import { useMemo } from 'preact/hooks';
import type { MovePoints } from '../../analysis/info.ts';
import { useBoardDrawing, useLatest } from '../../board/drawing.ts';
import { useMoveMotion } from '../../board/motion.ts';
import { fitBox } from '../../board/viewport.ts';
import { t } from '../../i18n/index.ts';
import { useSettings } from '../../settings.ts';
import { GameShell } from '../../shell.tsx';
import { SvgButton } from '../../svg-button.tsx';
import type { SessionOf } from '../../use-game.ts';
import { ZoomableSvg } from '../../zoomable.tsx';
import { HOW_TO_PLAY } from './how-to-play.tsx';
import { Coordinates, cellHex, cellPaths, LAYOUT, SIDES, Sides } from './rhombus.tsx';

/** Where a stone goes in the board's drawing (a swap goes nowhere new). */
export const hexMovePoints = (state: HexState, move: HexMove): MovePoints | null =>
  move.kind === 'place' ? { to: hexToPixel(LAYOUT, cellHex(state.board.size, move.cell)) } : null;

/** Hex: click an empty cell to place a stone; the second player may take the first stone with Swap. */
export function HexBoardView({ session }: { session: SessionOf<typeof hex> }) {
  const { state, game, interactive } = session;
  const { board } = state;
  const size = board.size;
  const live = useLatest(session);
  const queued = session.premove?.queued ?? null;
  // The last stone placed: after a swap, the one stone there is (the first, taken and reflected).
  const lastMove = board.history.at(-1);
  const last = lastMove === undefined || lastMove < size * size ? lastMove : board.stones.findIndex((s) => s >= 0);
  // The stone just played settles in.
  useMoveMotion(session.ply, last, (_, cell) =>
    cell === undefined || cell < 0 ? [] : [{ kind: 'appear', selector: `svg.hex-board [data-cell="${cellName(size, cell)}"] .piece` }],
  );
  const points = useMemo(() => Array.from({ length: size * size }, (_, cell) => hexToPixel(LAYOUT, cellHex(size, cell))), [size]);
  // A large board on a phone has cells smaller than a finger: it zooms and pans, as Hive's does.
  const fit = useMemo(() => fitBox(points, 2), [points]);
  // What may be played is the rules' to say: the board only shows it.
  const legal = useMemo(() => (interactive ? game.legalMoves(state) : []), [game, state, interactive]);
  const swap = legal.find((m): m is Extract<HexMove, { kind: 'swap' }> => m.kind === 'swap');
  const cells = useBoardDrawing(() => {
    const playable = new Set(legal.flatMap((m) => (m.kind === 'place' ? [m.cell] : [])));
    const won = new Set(winningChain(board));
    const paths = cellPaths(size);
    const press = (cell: number, name: string, stone: number) => {
      const { play, premove } = live.current;
      if (playable.has(cell)) play({ kind: 'place', cell });
      // On the opponent's turn an empty cell is queued as a premove (the rules judge it when the turn comes).
      else if (premove?.queued === undefined) return;
      else if (stone < 0 && premove.queued !== name) premove.queue(name);
      else if (premove.queued === name) premove.cancel();
    };
    return points.map((p, cell) => {
      const stone = board.stones[cell] as number;
      const name = cellName(size, cell);
      const classes = [
        stone >= 0 ? `stone ${SIDES[stone]}` : 'empty',
        won.has(cell) ? 'win' : '',
        cell === last ? 'last last-move' : '',
        queued === name ? 'premove' : '',
      ]
        .filter(Boolean)
        .join(' ');
      return (
        <SvgButton
          canFocus={playable.has(cell)}
          aria-label={t('editor.hex.cell', { cell: name, stone: SIDES[stone] ?? 'none' })}
          data-cell={name}
          class={classes}
          onPress={() => press(cell, name, stone)}
        >
          <path class="hex" d={paths[cell]} />
          {stone >= 0 && <circle class="piece" cx={p.x} cy={p.y} r={0.62} />}
          {queued === name && <circle class="premove-mark" cx={p.x} cy={p.y} r={0.55} />}
        </SvgButton>
      );
    });
  }, [board, points, legal, last, queued, size]);
  const { boardCoordinates } = useSettings();
  return (
    <GameShell session={session} title="Hex" help={HOW_TO_PLAY}>
      <ZoomableSvg class={`board hex-board size-${size}`} title={t('hex.board', { size })} fit={fit}>
        <Sides size={size} />
        {boardCoordinates && <Coordinates size={size} />}
        {cells}
      </ZoomableSvg>
      {swap && (
        <p class="swap">
          <button type="button" onClick={() => live.current.play(swap)}>
            {t('hex.swap')}
          </button>
        </p>
      )}
    </GameShell>
  );
}

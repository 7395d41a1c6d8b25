import { highlights, keysOfMove, select } from '@hexarena/engines/engine/board-interaction.ts';
import {
  BUGS,
  bugOf,
  COLOR_NAMES,
  cellKey,
  colorOf,
  displayCoordinates,
  formatPiece,
  type HiveMove,
  type HiveState,
  handOf,
  hive,
  hiveBoard,
  hivePremoveState,
  lastMoveCell,
  stackAt,
  surroundedQueens,
  throwableCells,
} from '@hexarena/engines/games/hive/index.ts';
import { type Hex, hexCorners, hexToPixel, type Layout } from '@hexarena/engines/hex/index.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { MovePoints } from '../../analysis/info.ts';
import { type Motion, moved, useMoveMotion } from '../../board/motion.ts';
import { fitBox, type Point } from '../../board/viewport.ts';
import { useEscape } from '../../escape.ts';
import { t } from '../../i18n/index.ts';
import { premoveSeat } from '../../online/premove.ts';
import { GameShell } from '../../shell.tsx';
import { SvgButton } from '../../svg-button.tsx';
import type { SessionOf } from '../../use-game.ts';
import { ZoomableSvg } from '../../zoomable.tsx';
import { BugGlyph, BugIcon } from './bug-glyph.tsx';
import { BUG_KEYS, COLOR_KEYS } from './bug-names.ts';
import { HOW_TO_PLAY } from './how-to-play.tsx';

const LAYOUT: Layout = { orientation: 'pointy', size: 1, origin: { x: 0, y: 0 } };

/** Each bug's ring colour, as Hive sets print them (the letter inside tells them apart without colour). */
const BUG_COLOURS: Record<(typeof BUGS)[number], string> = {
  Q: '#e6a700',
  S: '#8b5a2b',
  B: '#7e57c2',
  G: '#2e9e4f',
  A: '#1f78d1',
  M: '#8a8a8a',
  L: '#d32f2f',
  P: '#00897b',
};
const parseKey = (key: string): Hex => {
  const [q, r] = key.split(',').map(Number);
  return { q: q as number, r: r as number };
};
const points = (h: Hex, scale = 0.95) => {
  const c = hexToPixel(LAYOUT, h);
  return hexCorners(LAYOUT, h)
    .map((p) => `${(c.x + (p.x - c.x) * scale).toFixed(3)},${(c.y + (p.y - c.y) * scale).toFixed(3)}`)
    .join(' ');
};

/**
 * A stack's height and the piece just under its top, as two badges on the tile: the height in the
 * corner to the right of the top vertex, what lies beneath at the bottom vertex. Each badge is an
 * opaque plate over the bug's ring and lies wholly inside the hexagon (the tile's inner radius is
 * 0.82: a badge's farthest point along an edge's normal stays under it), in board units, so the
 * marks scale with the board and fit the tile at every zoom.
 */
function StackMarks({ at, height, under }: { at: Point; height: number; under: string }) {
  // The height badge: a circle of radius 0.2 whose centre lies 0.68 from the tile's centre towards
  // its upper-right vertex (0.68 · cos 30° + 0.2 = 0.79, inside the tile's stroke).
  const h = { x: at.x + 0.68 * Math.cos(Math.PI / 6), y: at.y - 0.68 * Math.sin(Math.PI / 6) };
  // The beneath badge: a plate 0.78 wide and 0.26 tall under the bug's letter, whose lower corners
  // keep within the two lower edges (0.39 · ½ + (0.52 + 0.13) · cos 30° = 0.76).
  const u = { x: at.x, y: at.y + 0.52 };
  return (
    <g class="stack-marks">
      <circle class="stack-badge" cx={h.x} cy={h.y} r={0.2} />
      <text x={h.x} y={h.y + 0.085} font-size="0.24" text-anchor="middle" class="stack">
        {`×${height}`}
      </text>
      <rect class="under-badge" x={u.x - 0.39} y={u.y - 0.13} width={0.78} height={0.26} rx={0.13} />
      <text x={u.x} y={u.y + 0.075} font-size="0.2" text-anchor="middle" class="under" data-testid="under">
        {t('hive.on', { under })}
      </text>
    </g>
  );
}

/** A piece that changed places slides there; a piece new to the board settles in. */
function piecesMotion(before: ReadonlyMap<string, Point>, after: ReadonlyMap<string, Point>): Motion[] {
  const { slides, appeared } = moved(before, after);
  return [
    ...slides.map(({ id, from, to }): Motion => ({ kind: 'slide', selector: `svg.hive g[data-piece="${id}"]`, from, to })),
    ...appeared.map((id): Motion => ({ kind: 'appear', selector: `svg.hive g[data-piece="${id}"]` })),
  ];
}

/** Where a move goes in the board's drawing: from the piece's cell (none from a hand) to its new one. */
export function hiveMovePoints(state: HiveState, move: HiveMove): MovePoints | null {
  const text = hive.formatMove(state, move);
  const keys = keysOfMove(hiveBoard(state, true), (m) => hive.formatMove(state, m) === text);
  if (!keys) return null;
  const at = (key: string) => hexToPixel(LAYOUT, parseKey(key));
  return { to: at(keys.to), ...(keys.from && !keys.from.startsWith('hand:') ? { from: at(keys.from) } : {}) };
}

/** The board in its shell, for a game on this screen or online. */
export function HiveBoard({ session }: { session: SessionOf<typeof hive> }) {
  const { state } = session;
  const [selected, setSelected] = useState<string | null>(null);
  useEscape(useCallback(() => setSelected(null), []));
  // A hand piece chosen by keyboard sends the focus to its first destination on the board: the
  // arrows go on from there (a hand is outside the board, dozens of Tabs away from it).
  const toBoard = useRef(false);
  useEffect(() => {
    if (!toBoard.current) return;
    toBoard.current = false;
    document.querySelector<SVGElement>('svg.hive [data-cell].dest[tabindex="0"]')?.focus();
  }, [selected]);

  const { pos } = state;
  // The position's moves are worked out once a position, not on every render of the page (a clock
  // tick, a chat line, an answer from the server renders it again).
  const coords = useMemo(() => displayCoordinates(pos), [pos]);
  // On the opponent's turn online, the board offers this player's moves as if the turn were theirs:
  // the one chosen is queued as a premove, in notation, for the rules to judge when the turn comes.
  const seat = premoveSeat(session);
  const ahead = useMemo(() => (seat === null ? null : hivePremoveState(state, seat as 0 | 1)), [state, seat]);
  const premove = ahead && session.premove ? session.premove : null;
  const moving = ahead ?? state;
  const interactive = session.interactive;
  const moves = useMemo(
    () => (ahead ? hiveBoard(ahead, true, coords) : hiveBoard(state, interactive, coords)),
    [ahead, state, interactive, coords],
  );
  const board = ahead ? { ...moves, selected } : { ...moves, selected: interactive ? selected : null };
  const choose = (key: string) => {
    const r = select(board, key);
    setSelected(r.state.selected);
    if (r.move === undefined) return;
    if (premove && ahead) premove.queue(hive.formatMove(ahead, r.move));
    else session.play(r.move);
  };
  const lit = highlights(board);
  // The premove queued, drawn where it starts and where it goes.
  const queued =
    premove?.queued && ahead ? keysOfMove(board, (m) => hive.formatMove(ahead, m).replace(/\s+/g, ' ') === premove.queued) : null;
  // A screen reader names an empty destination by the move that goes there ("wG1 -wQ").
  const moveTo = (key: string) => {
    const target = selected === null ? undefined : board.dests.get(selected)?.find((t) => t.to === key);
    return target === undefined ? t('hive.emptyCell') : hive.formatMove(moving, target.move);
  };
  const throwable = useMemo(() => (moves.movable && !ahead ? throwableCells(state, moves, coords) : []), [moves, ahead, state, coords]);
  const surrounded = useMemo(() => surroundedQueens(state, coords), [state, coords]);

  const occupied = [...coords].filter(([cell]) => (pos.height[cell] as number) > 0);
  const lastCell = lastMoveCell(pos);
  const lastTo = lastCell === null ? null : coords.get(lastCell);
  // Where each piece on the board is drawn: a move slides the piece that changed places, a piece
  // placed from a hand settles in.
  const drawn = new Map<string, Point>();
  for (const [cell, h] of occupied) for (const piece of stackAt(pos, cell)) drawn.set(formatPiece(piece), hexToPixel(LAYOUT, h));
  useMoveMotion(session.ply, drawn, piecesMotion);
  const spotKeys = [...new Set([...lit.dests, ...(queued ? [queued.to] : [])])];
  const spots = spotKeys.filter((k) => !occupied.some(([, h]) => cellKey(h) === k)).map(parseKey);
  const premoveClass = (key: string) => (queued && (queued.to === key || queued.from === key) ? ' premove' : '');
  // The hive and every spot a piece may go, with room for a piece all round.
  const fit = fitBox(
    [...occupied.map(([, h]) => h), ...spots, { q: 0, r: 0 }].map((h) => hexToPixel(LAYOUT, h)),
    2,
  );

  const cellButton = (key: string, body: preact.ComponentChildren, cls: string, extra: Record<string, string | number> = {}) => (
    <SvgButton
      key={key}
      canFocus={board.dests.has(key) || lit.dests.includes(key)}
      data-cell={key}
      class={cls}
      onPress={() => choose(key)}
      {...extra}
    >
      {body}
    </SvgButton>
  );

  // A hand is one button a bug, the next piece of it that may be placed, with how many are left:
  // eight buttons at most, one row on a phone.
  const hand = (color: 0 | 1) => {
    const byBug = new Map<number, number[]>();
    for (const p of handOf(pos, color)) byBug.set(bugOf(p), [...(byBug.get(bugOf(p)) ?? []), p]);
    return (
      <fieldset class="hand">
        <legend class="visually-hidden">{t('hive.hand', { color: t(COLOR_KEYS[color]) })}</legend>
        {[...byBug].map(([bug, pieces]) => {
          const p = pieces.find((x) => board.dests.has(`hand:${formatPiece(x)}`)) ?? (pieces[0] as number);
          const key = `hand:${formatPiece(p)}`;
          const playable = board.dests.has(key);
          return (
            <button
              type="button"
              class={`piece side-${color}${lit.selected === key ? ' selected' : ''}${premoveClass(key)}`}
              disabled={!playable || !board.movable}
              data-hand={formatPiece(p)}
              data-left={pieces.length}
              title={t('hive.inHand', { bug: t(BUG_KEYS[bug] ?? 'hive.bug.queen'), count: pieces.length })}
              style={{ borderBottom: `4px solid ${BUG_COLOURS[BUGS[bug]]}` }}
              onClick={(e) => {
                // A click from the keyboard (Enter, Space) has no pointer behind it.
                toBoard.current = e.detail === 0;
                choose(key);
              }}
            >
              <BugIcon bug={BUGS[bug]} />
              {/* Said in full to a screen reader; seen as the bug's letter and how many are left. */}
              <span class="visually-hidden">{`${t('hive.handPiece', { color: t(COLOR_KEYS[color]), bug: t(BUG_KEYS[bug] ?? 'hive.bug.queen'), n: formatPiece(p).slice(2) })} `}</span>
              {BUGS[bug]}
              {pieces.length > 1 && <span class="left">×{pieces.length}</span>}
            </button>
          );
        })}
      </fieldset>
    );
  };

  return (
    <GameShell
      hand={(seat) => hand(seat as 0 | 1)}
      help={HOW_TO_PLAY}
      session={session}
      title="Hive"
      seatLabels={COLOR_NAMES}
      separator=", "
      prompt={`${t('game.toMove', { seat: t(COLOR_KEYS[session.toMove ?? 0] ?? 'seat.White') })}${throwable.length > 0 ? ` ${t('hive.throwable')}` : ''}`}
    >
      <ZoomableSvg class="board hive" title={t('hive.board')} fit={fit}>
        {occupied.map(([cell, h]) => {
          const key = cellKey(h);
          const stack = stackAt(pos, cell);
          const height = stack.length;
          const top = stack[height - 1] as number;
          const p = hexToPixel(LAYOUT, h);
          const cls = `piece-cell side-${colorOf(top)}${lit.selected === key ? ' selected' : ''}${lit.dests.includes(key) ? ' dest' : ''}${lastTo && cellKey(lastTo) === key ? ' last last-move' : ''}${throwable.includes(key) ? ' throwable' : ''}${surrounded.includes(key) ? ' win' : ''}${premoveClass(key)}`;
          const under = stack.slice(0, -1).map(formatPiece).join(', ');
          return cellButton(
            key,
            <>
              <polygon class="hex" points={points(h)} />
              <circle cx={p.x} cy={p.y} r={0.6} class="bug-ring" stroke={BUG_COLOURS[BUGS[bugOf(top)]]} />
              <BugGlyph bug={BUGS[bugOf(top)]} x={p.x} y={p.y} size={0.5} />
              <text x={p.x} y={p.y + 0.25} font-size="0.7" text-anchor="middle" class="bug">
                {`${BUGS[bugOf(top)]}${formatPiece(top).slice(2)}`}
              </text>
              {/* With bug glyphs for pieces, the glyph takes the letter's place and the number keeps to a corner. */}
              {formatPiece(top).length > 2 && (
                <text x={p.x - 0.45} y={p.y - 0.3} font-size="0.32" text-anchor="middle" class="bug-number">
                  {formatPiece(top).slice(2)}
                </text>
              )}
              {height > 1 && <StackMarks at={p} height={height} under={formatPiece(stack[height - 2] as number)} />}
              {premoveClass(key) && <circle class="premove-mark" cx={p.x} cy={p.y} r={0.78} />}
              <title>{height > 1 ? `${formatPiece(top)} ${t('hive.on', { under })}` : formatPiece(top)}</title>
            </>,
            cls,
            { 'data-height': height, 'data-piece': formatPiece(top) },
          );
        })}
        {spots.map((h) => {
          const key = cellKey(h);
          const c = hexToPixel(LAYOUT, h);
          return cellButton(
            key,
            <>
              <polygon class="hex" points={points(h)} />
              {premoveClass(key) && <circle class="premove-mark" cx={c.x} cy={c.y} r={0.6} />}
            </>,
            `spot${lit.dests.includes(key) ? ' dest' : ''}${premoveClass(key)}`,
            { 'aria-label': moveTo(key) },
          );
        })}
      </ZoomableSvg>
      <p>
        {board.direct.has('pass') && (
          <button type="button" onClick={() => choose('pass')}>
            {t('hive.pass')}
          </button>
        )}{' '}
      </p>
    </GameShell>
  );
}

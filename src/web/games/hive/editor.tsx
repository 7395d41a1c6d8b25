import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { ok, type Result } from '@hexarena/engines/engine/result.ts';
import {
  arrangeLayout,
  BUGS,
  COUNT_OF_BUG,
  type Color,
  checkHiveLayout,
  colorOf,
  displayCoordinates,
  earliestTurn,
  expansionsOf,
  FIRST_INDEX_OF_BUG,
  formatHivePosition,
  formatPiece,
  GAME_TYPES,
  type GameType,
  type HiveLayout,
  hive,
  inGame,
  type PlacedPiece,
  parseHivePosition,
  pieceId,
  stackAt,
} from '@hexarena/engines/games/hive/index.ts';
import { type Hex, hexCorners, hexToPixel, type Layout, neighbors } from '@hexarena/engines/hex/index.ts';
import { Eraser } from 'lucide-preact';
import { useMemo, useState } from 'preact/hooks';
import { fitBox } from '../../board/viewport.ts';
import { EditedPosition } from '../../editor/outcome.tsx';
import { t } from '../../i18n/index.ts';
import { SvgButton } from '../../svg-button.tsx';
import { BUG_KEYS, COLOR_KEYS } from './bug-names.ts';

const LAYOUT: Layout = { orientation: 'pointy', size: 1, origin: { x: 0, y: 0 } };
const cell = (h: Hex) => `${h.q},${h.r}`;
const pieceName = (color: Color, bug: number) =>
  t('editor.hive.piece', { side: color === 0 ? 'white' : 'black', bug: t(BUG_KEYS[bug] ?? 'hive.bug.queen') });

/** What a click on the board does: put the chosen bug on top of the cell, or take its top piece off. */
type Tool = { readonly kind: 'place'; readonly color: Color; readonly bug: number } | { readonly kind: 'remove' };

/** What a position set up holds, from a position's text (the editor's starting point), bottom of each stack first. */
function layoutFrom(text: string | null): { type: GameType; turn: Color; tournament: boolean; pieces: PlacedPiece[] } {
  const parsed = text === null ? null : parseHivePosition(text);
  if (!parsed?.ok) return { type: 'Base+MLP', turn: 0, tournament: true, pieces: [] };
  const { pos, options } = parsed.value;
  const pieces: PlacedPiece[] = [];
  for (const [at, h] of displayCoordinates(pos)) for (const piece of stackAt(pos, at)) pieces.push({ piece, q: h.q, r: h.r });
  return { type: pos.type, turn: pos.turn as Color, tournament: options.tournament, pieces };
}

/**
 * Hive's position editor: pieces from either side's box onto any cell (a piece put on another stands
 * on it), taken off again, the side to move and the expansions chosen; the position is checked as it
 * is built, and an error says what is wrong (one hive, how many of a bug, what may stand on what).
 */
export function HiveEditor({ initial }: { initial: string | null }) {
  const start = useMemo(() => layoutFrom(initial), [initial]);
  const [type, setType] = useState<GameType>(start.type);
  const [turn, setTurn] = useState<Color>(start.turn);
  const [tournament, setTournament] = useState(start.tournament);
  const [pieces, setPieces] = useState<readonly PlacedPiece[]>(start.pieces);
  const [tool, setTool] = useState<Tool>({ kind: 'place', color: 0, bug: 0 });
  const expansions = expansionsOf(type);

  const onBoard = (piece: number) => pieces.some((p) => p.piece === piece);
  // The next piece of a bug to put down: its lowest number not on the board yet.
  const nextOf = (color: Color, bug: number): number | undefined => {
    const first = FIRST_INDEX_OF_BUG[bug] as number;
    for (let k = 0; k < (COUNT_OF_BUG[bug] as number); k++) {
      const piece = pieceId(color, first + k);
      if (!onBoard(piece)) return piece;
    }
    return undefined;
  };
  const press = (h: Hex) => {
    if (tool.kind === 'remove') {
      const top = pieces.findLastIndex((p) => p.q === h.q && p.r === h.r);
      if (top >= 0) setPieces(pieces.filter((_, i) => i !== top));
      return;
    }
    const piece = nextOf(tool.color, tool.bug);
    if (piece !== undefined) setPieces([...pieces, { piece, q: h.q, r: h.r }]);
  };

  const layout: HiveLayout = { type, tournament, turn, turnNumber: earliestTurn(turn, pieces), pieces, lastMoved: -1 };
  const problem = checkHiveLayout(layout);
  const position: Result<string> = problem ?? ok(formatHivePosition(arrangeLayout(layout)));

  // Every cell with a piece, and every empty cell beside one, may take a piece.
  const cells = new Map<string, Hex>();
  for (const p of pieces) cells.set(cell(p), { q: p.q, r: p.r });
  for (const h of [...cells.values()]) for (const n of neighbors(h)) if (!cells.has(cell(n))) cells.set(cell(n), n);
  if (cells.size === 0) cells.set('0,0', { q: 0, r: 0 });
  const fit = fitBox(
    [...cells.values()].map((h) => hexToPixel(LAYOUT, h)),
    1.2,
  );
  const stackOf = (h: Hex) => pieces.filter((p) => p.q === h.q && p.r === h.r);

  return (
    <section class="editor hive-editor card" aria-label={t('editor.label')}>
      <div class="editor-tools">
        {([0, 1] as const).map((color) => (
          <fieldset class="editor-box" key={color}>
            <legend>{t('editor.hive.pieces', { color: t(COLOR_KEYS[color]) })}</legend>
            {BUGS.map((letter, bug) => {
              if (!inGame(pieceId(color, FIRST_INDEX_OF_BUG[bug] as number), expansions)) return null;
              const left = (COUNT_OF_BUG[bug] as number) - pieces.filter((p) => sameBug(p.piece, color, bug)).length;
              const chosen = tool.kind === 'place' && tool.color === color && tool.bug === bug;
              return (
                <button
                  type="button"
                  key={letter}
                  class={`piece side-${color}`}
                  aria-pressed={chosen}
                  disabled={left === 0}
                  data-tool={`${color === 0 ? 'w' : 'b'}${letter}`}
                  title={t('editor.hive.left', { piece: pieceName(color, bug), count: left })}
                  onClick={() => setTool({ kind: 'place', color, bug })}
                >
                  <span class="visually-hidden">{pieceName(color, bug)}</span>
                  <span aria-hidden="true">{letter}</span>
                  <span class="left">×{left}</span>
                </button>
              );
            })}
          </fieldset>
        ))}
        <button type="button" aria-pressed={tool.kind === 'remove'} onClick={() => setTool({ kind: 'remove' })}>
          <Eraser class="icon" aria-hidden="true" /> {t('editor.takeOff')}
        </button>
      </div>
      <svg class="board hive editor-board" viewBox={`${fit.x} ${fit.y} ${fit.w} ${fit.h}`} aria-label={t('editor.board')}>
        {[...cells.values()].map((h) => {
          const stack = stackOf(h);
          const top = stack.at(-1);
          const p = hexToPixel(LAYOUT, h);
          const corners = hexCorners(LAYOUT, h)
            .map((c) => `${(p.x + (c.x - p.x) * 0.95).toFixed(3)},${(p.y + (c.y - p.y) * 0.95).toFixed(3)}`)
            .join(' ');
          return (
            <SvgButton
              key={cell(h)}
              canFocus
              data-cell={cell(h)}
              class={top ? `piece-cell side-${colorOf(top.piece)}` : 'spot'}
              {...(top ? {} : { 'aria-label': t('editor.emptyCell', { cell: cell(h) }) })}
              onPress={() => press(h)}
            >
              <polygon class="hex" points={corners} />
              {top && (
                <text x={p.x} y={p.y + 0.25} font-size="0.7" text-anchor="middle" class="bug">
                  {formatPiece(top.piece).slice(1)}
                </text>
              )}
              {stack.length > 1 && (
                <text x={p.x + 0.45} y={p.y - 0.35} font-size="0.4" text-anchor="middle" class="stack">
                  {`×${stack.length}`}
                </text>
              )}
              {top && (
                <title>
                  {t('editor.hive.stackAt', {
                    stack: [...stack]
                      .reverse()
                      .map((s) => formatPiece(s.piece))
                      .join(t('editor.hive.on')),
                    cell: cell(h),
                  })}
                </title>
              )}
            </SvgButton>
          );
        })}
      </svg>
      <div class="editor-settings">
        <fieldset class="editor-turn">
          <legend>{t('editor.toMove')}</legend>
          {([0, 1] as const).map((color) => (
            <label key={color}>
              <input type="radio" name="turn" checked={turn === color} onChange={() => setTurn(color)} /> {t(COLOR_KEYS[color])}
            </label>
          ))}
        </fieldset>
        <label>
          {t('editor.hive.type')}{' '}
          <select value={type} onChange={(e) => setType(e.currentTarget.value as GameType)}>
            {GAME_TYPES.map((type) => (
              <option value={type}>{type}</option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={tournament} onChange={(e) => setTournament(e.currentTarget.checked)} />{' '}
          {t('editor.hive.tournament')}
        </label>
        <button type="button" onClick={() => setPieces([])}>
          {t('editor.clear')}
        </button>
      </div>
      <EditedPosition game={hive as unknown as AnyGame} position={position} opponent="medium" />
    </section>
  );
}

/** Whether `piece` is one of `color`'s pieces of `bug`. */
function sameBug(piece: number, color: Color, bug: number): boolean {
  const first = pieceId(color, FIRST_INDEX_OF_BUG[bug] as number);
  return piece >= first && piece < first + (COUNT_OF_BUG[bug] as number);
}

import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { ok, type Result } from '@hexarena/engines/engine/result.ts';
import { cellName, hex, MAX_SIZE, MIN_SIZE, parseHexPosition } from '@hexarena/engines/games/hex/index.ts';
import { hexToPixel } from '@hexarena/engines/hex/index.ts';
import { useMemo, useState } from 'preact/hooks';
import { fitBox, formatViewBox } from '../../board/viewport.ts';
import { EditedPosition } from '../../editor/outcome.tsx';
import { t } from '../../i18n/index.ts';
import { SvgButton } from '../../svg-button.tsx';
import { cellHex, cellPaths, LAYOUT, SIDES, Sides } from './rhombus.tsx';

/** A cell as the editor holds it: empty, or a side's stone. */
type Stone = -1 | 0 | 1;

/** A setting as Hex's position notation writes it (docs/positions.md): size, side to move, rows from the top. */
export function hexPositionText(size: number, toMove: 0 | 1, pie: boolean, stones: readonly Stone[]): string {
  const rows = Array.from({ length: size }, (_, row) => {
    let text = '';
    let empty = 0;
    for (let col = 0; col < size; col++) {
      const stone = stones[row * size + col] ?? -1;
      if (stone < 0) empty++;
      else {
        if (empty > 0) text += empty;
        empty = 0;
        text += stone === 0 ? 'r' : 'b';
      }
    }
    return empty > 0 ? text + empty : text;
  });
  return `${size} ${toMove === 0 ? 'r' : 'b'}${pie ? '' : ' no-pie'} ${rows.join('_')}`;
}

/** The editor's start: a position's text read back into stones, else an empty 11×11 board. */
function stonesFrom(text: string | null): { size: number; toMove: 0 | 1; pie: boolean; stones: Stone[] } {
  const parsed = text === null ? null : parseHexPosition(text);
  if (!parsed?.ok) return { size: 11, toMove: 0, pie: true, stones: new Array<Stone>(121).fill(-1) };
  const { board } = parsed.value;
  const toMove = (hex.toMove(parsed.value) ?? 0) as 0 | 1;
  return { size: board.size, toMove, pie: board.pie, stones: Array.from(board.stones, (s) => (s < 0 ? -1 : s) as Stone) };
}

/**
 * Hex's position editor: a click turns a cell red, blue, then empty again; the side to move, the
 * board's size and the pie rule are chosen beside it. The position is checked as it is built (the
 * stones' counts must fit the side to move and the swap).
 */
export function HexEditor({ initial }: { initial: string | null }) {
  const start = useMemo(() => stonesFrom(initial), [initial]);
  const [size, setSize] = useState(start.size);
  const [toMove, setToMove] = useState<0 | 1>(start.toMove);
  const [pie, setPie] = useState(start.pie);
  const [stones, setStones] = useState<Stone[]>(start.stones);
  const resize = (next: number) => {
    setSize(next);
    setStones(new Array<Stone>(next * next).fill(-1));
  };
  const text = hexPositionText(size, toMove, pie, stones);
  const parsed = parseHexPosition(text);
  const position: Result<string> = parsed.ok ? ok(text) : parsed;
  const points = stones.map((_, cell) => hexToPixel(LAYOUT, cellHex(size, cell)));
  return (
    <section class="editor hex-editor card" aria-label={t('editor.label')}>
      <svg class={`board hex-board editor-board size-${size}`} viewBox={formatViewBox(fitBox(points, 1.5))} aria-label={t('editor.board')}>
        <Sides size={size} />
        {points.map((p, cell) => {
          const stone = stones[cell] ?? -1;
          const name = cellName(size, cell);
          return (
            <SvgButton
              key={name}
              canFocus
              data-cell={name}
              class={stone >= 0 ? `stone ${SIDES[stone]}` : 'empty'}
              aria-label={t('editor.hex.cell', { cell: name, stone: stone === 0 ? 'red' : stone === 1 ? 'blue' : 'none' })}
              onPress={() => setStones(stones.map((s, i) => (i === cell ? (s === 1 ? -1 : ((s + 1) as Stone)) : s)))}
            >
              <path class="hex" d={cellPaths(size)[cell]} />
              {stone >= 0 && <circle class="piece" cx={p.x} cy={p.y} r={0.62} />}
            </SvgButton>
          );
        })}
      </svg>
      <p class="muted">{t('editor.hex.clicks')}</p>
      <div class="editor-settings">
        <fieldset class="editor-turn">
          <legend>{t('editor.toMove')}</legend>
          {([0, 1] as const).map((side) => (
            <label key={side}>
              <input type="radio" name="turn" checked={toMove === side} onChange={() => setToMove(side)} />{' '}
              {t(side === 0 ? 'seat.Red' : 'seat.Blue')}
            </label>
          ))}
        </fieldset>
        <label>
          {t('hex.option.size')}{' '}
          <select value={size} onChange={(e) => resize(Number(e.currentTarget.value))}>
            {Array.from({ length: MAX_SIZE - MIN_SIZE + 1 }, (_, i) => MIN_SIZE + i).map((n) => (
              <option value={n}>{`${n}×${n}`}</option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={pie} onChange={(e) => setPie(e.currentTarget.checked)} /> {t('editor.hex.pie')}
        </label>
        <button type="button" onClick={() => setStones(new Array<Stone>(size * size).fill(-1))}>
          {t('editor.clear')}
        </button>
      </div>
      <EditedPosition game={hex as unknown as AnyGame} position={position} opponent="medium" />
    </section>
  );
}

import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import {
  BLACK,
  formatNonagaPosition,
  NonagaPosition,
  nonaga,
  PLAYING,
  parseNonagaPosition,
  RED,
  type Side,
} from '@hexarena/engines/games/nonaga/index.ts';
import { DEFAULT_NONAGA_OPTIONS } from '@hexarena/engines/games/nonaga/state.ts';
import { type Hex, hexCorners, hexToPixel, spiral } from '@hexarena/engines/hex/index.ts';
import { TORUS_CELLS } from '@hexarena/engines/hex/torus.ts';
import { useMemo, useState } from 'preact/hooks';
import { fitBox, formatViewBox } from '../../board/viewport.ts';
import { EditedPosition } from '../../editor/outcome.tsx';
import { t } from '../../i18n/index.ts';
import { SvgButton } from '../../svg-button.tsx';
import { LAYOUT, Token } from './drawing.tsx';

/** What a cell holds in the editor: nothing, a disc, or a disc with a Red or a Black token. */
type Held = 'none' | 'disc' | 'red' | 'black';
/** A click's next state: a disc, then a token of each colour, then nothing again. */
const NEXT: Record<Held, Held> = { none: 'disc', disc: 'red', red: 'black', black: 'none' };
/** The cells the editor offers: a hexagon about the board's middle, room to move discs a step or two out. */
const REACH = 4;
const keyOf = (h: Hex) => `${h.q},${h.r}`;

/** The editor's start: a position's text read back into cells (around its discs' middle), else the game's start. */
function cellsFrom(text: string | null): { centre: Hex; cells: Map<string, Held>; turn: Side } {
  const parsed = text === null ? null : parseNonagaPosition(text);
  const state = parsed?.ok ? parsed.value : nonaga.newGame(DEFAULT_NONAGA_OPTIONS, '');
  const cells = new Map<string, Held>();
  let [sq, sr] = [0, 0];
  for (let cell = 0; cell < TORUS_CELLS; cell++) {
    if (!state.pos.disc[cell]) continue;
    const h = state.pos.coordinates(cell);
    const token = state.pos.token[cell];
    cells.set(keyOf(h), token === RED ? 'red' : token === BLACK ? 'black' : 'disc');
    sq += h.q;
    sr += h.r;
  }
  const n = Math.max(1, cells.size);
  return { centre: { q: Math.round(sq / n), r: Math.round(sr / n) }, cells, turn: state.pos.turn };
}

/**
 * The position in Nonaga's notation, checked by its parser (19 discs in one group, three tokens a
 * side…). The editor cannot mark the disc moved last turn: a position set up here has none.
 */
export function nonagaPositionText(cells: ReadonlyMap<string, Held>, turn: Side): Result<string> {
  const at = [...cells]
    .filter(([, held]) => held !== 'none')
    .map(([key, held]) => ({ h: key.split(',').map(Number) as [number, number], held }));
  if (at.length === 0) return fail(t('editor.nonagaEmpty'));
  const tokens = (held: Held) => at.filter((c) => c.held === held).map((c) => c.h);
  const pos = NonagaPosition.arrange(
    DEFAULT_NONAGA_OPTIONS,
    at.map((c) => c.h),
    [tokens('red'), tokens('black')],
    { turn, turns: 0, blocked: null, result: PLAYING },
  );
  const text = formatNonagaPosition({ pos, options: DEFAULT_NONAGA_OPTIONS, turns: [], seed: '', first: turn });
  const parsed = parseNonagaPosition(text);
  return parsed.ok ? ok(parsed.value.position ?? text) : parsed;
}

/**
 * Nonaga's position editor: a click on a cell puts a disc there, then a Red token on it, then a
 * Black one, then clears it; the side to move is chosen beside it. The position is checked as it is
 * built and written in the game's notation.
 */
export function NonagaEditor({ initial }: { initial: string | null }) {
  const start = useMemo(() => cellsFrom(initial), [initial]);
  const [cells, setCells] = useState<ReadonlyMap<string, Held>>(start.cells);
  const [turn, setTurn] = useState<Side>(start.turn);
  const shown = useMemo(() => spiral(start.centre, REACH), [start]);
  const position = nonagaPositionText(cells, turn);
  const pixels = shown.map((h) => hexToPixel(LAYOUT, h));
  return (
    <section class="editor nonaga-editor card" aria-label={t('editor.label')}>
      <svg class="board nonaga editor-board" viewBox={formatViewBox(fitBox(pixels, 1.2))} aria-label={t('editor.board')}>
        {shown.map((h, i) => {
          const key = keyOf(h);
          const held = cells.get(key) ?? 'none';
          const p = pixels[i] as { x: number; y: number };
          const corners = hexCorners(LAYOUT, h)
            .map((c) => `${c.x.toFixed(2)},${c.y.toFixed(2)}`)
            .join('L');
          return (
            <SvgButton
              key={key}
              canFocus
              data-cell={key}
              class={held === 'none' ? 'empty' : 'disc'}
              aria-label={t('editor.nonaga.cell', { cell: key, held })}
              onPress={() => setCells(new Map(cells).set(key, NEXT[held]))}
            >
              <path class="hex" d={`M${corners}Z`} />
              {(held === 'red' || held === 'black') && <Token at={p} side={held === 'red' ? RED : BLACK} />}
            </SvgButton>
          );
        })}
      </svg>
      <p class="muted">{t('editor.nonaga.clicks')}</p>
      <div class="editor-settings">
        <fieldset class="editor-turn">
          <legend>{t('editor.toMove')}</legend>
          {([RED, BLACK] as const).map((side) => (
            <label key={side}>
              <input type="radio" name="turn" checked={turn === side} onChange={() => setTurn(side)} />{' '}
              {t(side === RED ? 'seat.Red' : 'seat.Black')}
            </label>
          ))}
        </fieldset>
        <button type="button" onClick={() => setCells(cellsFrom(null).cells)}>
          {t('editor.nonaga.start')}
        </button>
        <button type="button" onClick={() => setCells(new Map())}>
          {t('editor.clear')}
        </button>
      </div>
      <EditedPosition game={nonaga as unknown as AnyGame} position={position} opponent="hard" />
    </section>
  );
}

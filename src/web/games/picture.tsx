import { type Hex, hexCorners, hexToPixel, type Layout } from '@hexarena/engines/hex/index.ts';
import type { JSX } from 'preact';

/** A cell of a game's picture: where, its fill, and a letter on it. */
export interface PictureCell extends Hex {
  readonly fill: string;
  readonly letter?: string;
  /** The letter's colour (dark by default). */
  readonly ink?: string;
  /** A place, not a piece: its outline alone, faint and dashed, in the text's colour (an empty board). */
  readonly outline?: boolean;
}

const LAYOUT: Layout = { orientation: 'pointy', size: 1, origin: { x: 0, y: 0 } };

/**
 * A home card's picture, or a position's miniature (`class`: "mini-board"): a few hexagons of the game as its board draws them (decoration: the card's
 * title names the game), so a card is known at a glance.
 */
export function HexPicture({
  cells,
  class: kind = 'game-picture',
  span = 0,
}: {
  cells: readonly PictureCell[];
  class?: string;
  /** The least width and height shown (a board of one piece is drawn at a piece's size among others, not filling the box). */
  span?: number;
}): JSX.Element {
  // Nothing to draw (a board before its first piece): an empty box of a hexagon's size.
  if (cells.length === 0) return <svg class={kind} viewBox="-1 -1 2 2" aria-hidden="true" focusable="false" />;
  const centres = cells.map((c) => hexToPixel(LAYOUT, c));
  const xs = centres.map((p) => p.x);
  const ys = centres.map((p) => p.y);
  const [left, top] = [Math.min(...xs) - 1, Math.min(...ys) - 1.1];
  const [wide, high] = [Math.max(...xs) + 1 - left, Math.max(...ys) + 1.1 - top];
  const [w, h] = [Math.max(wide, span), Math.max(high, span)];
  const [x0, y0] = [left - (w - wide) / 2, top - (h - high) / 2];
  return (
    <svg class={kind} viewBox={`${x0} ${y0} ${w} ${h}`} aria-hidden="true" focusable="false">
      {cells.map((c, i) => {
        const p = centres[i] as { x: number; y: number };
        return (
          <g key={`${c.q},${c.r}`}>
            <polygon
              points={hexCorners(LAYOUT, c)
                .map((k) => `${k.x.toFixed(3)},${k.y.toFixed(3)}`)
                .join(' ')}
              {...(c.outline
                ? { fill: 'none', stroke: 'currentColor', 'stroke-opacity': 0.35, 'stroke-dasharray': '0.2 0.15' }
                : { fill: c.fill, stroke: '#333' })}
              stroke-width={0.06}
            />
            {c.letter && (
              <text x={p.x} y={p.y + 0.3} font-size={0.8} font-weight={700} text-anchor="middle" fill={c.ink ?? '#222'}>
                {c.letter}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

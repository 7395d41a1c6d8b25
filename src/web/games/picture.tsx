import { type Hex, hexCorners, hexToPixel, type Layout } from '@hexarena/engines/hex/index.ts';
import type { JSX } from 'preact';

/** A cell of a game's picture: where, its fill, and a letter on it. */
export interface PictureCell extends Hex {
  readonly fill: string;
  readonly letter?: string;
  /** The letter's colour (dark by default). */
  readonly ink?: string;
}

const LAYOUT: Layout = { orientation: 'pointy', size: 1, origin: { x: 0, y: 0 } };

/**
 * A home card's picture: a few hexagons of the game as its board draws them (decoration: the card's
 * title names the game), so a card is known at a glance.
 */
export function HexPicture({ cells }: { cells: readonly PictureCell[] }): JSX.Element {
  const centres = cells.map((c) => hexToPixel(LAYOUT, c));
  const xs = centres.map((p) => p.x);
  const ys = centres.map((p) => p.y);
  const [x0, y0] = [Math.min(...xs) - 1, Math.min(...ys) - 1.1];
  const [w, h] = [Math.max(...xs) + 1 - x0, Math.max(...ys) + 1.1 - y0];
  return (
    <svg class="game-picture" viewBox={`${x0} ${y0} ${w} ${h}`} aria-hidden="true" focusable="false">
      {cells.map((c, i) => {
        const p = centres[i] as { x: number; y: number };
        return (
          <g key={`${c.q},${c.r}`}>
            <polygon
              points={hexCorners(LAYOUT, c)
                .map((k) => `${k.x.toFixed(3)},${k.y.toFixed(3)}`)
                .join(' ')}
              fill={c.fill}
              stroke="#333"
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

import { hexCorners, hexToPixel, type Layout } from '@hexarena/engines/hex/index.ts';
import { escapeHtml } from './html.ts';

/**
 * A position as hexagonal cells to draw, for pages without CSS: every colour is an SVG attribute,
 * and every cell also says what it holds in text (a label on the board, a name for screen
 * readers), so nothing is told by colour alone.
 */
export interface PictureCell {
  /** Axial coordinates, pointy-top. */
  readonly q: number;
  readonly r: number;
  readonly fill: string;
  /** What is written in the cell (a piece's name), in `ink`. */
  readonly label?: string;
  readonly ink?: string;
  /** Small text under the label: the cell's name where moves name cells. */
  readonly caption?: string;
  /** What the cell holds, in words ("White Queen Bee"), for screen readers and tooltips. */
  readonly name: string;
  /** Drawn with a thick outline: the last move's cell. The text beside the board says so too. */
  readonly marked?: boolean;
}

export interface Picture {
  readonly cells: readonly PictureCell[];
  /** The board in one sentence, the SVG's title. */
  readonly summary: string;
  /** What the board does not show, as sentences under it (pieces in hand, stacks, which edges are whose). */
  readonly notes?: readonly string[];
}

/** How a game draws a position for the static puzzle pages. */
export type StaticPicture<S> = (state: S) => Picture;

const SIZE = 28;
const MARGIN = 6;
const round = (n: number): string => String(Math.round(n * 10) / 10);

/** The picture as inline SVG: presentation attributes only (no style), titled for screen readers. */
export function pictureSvg(picture: Picture): string {
  const origin = { x: 0, y: 0 };
  const layout: Layout = { orientation: 'pointy', size: SIZE, origin };
  const corners = picture.cells.flatMap((c) => hexCorners(layout, c));
  const minX = Math.min(...corners.map((p) => p.x)) - MARGIN;
  const minY = Math.min(...corners.map((p) => p.y)) - MARGIN;
  const width = Math.max(...corners.map((p) => p.x)) - minX + MARGIN;
  const height = Math.max(...corners.map((p) => p.y)) - minY + MARGIN;
  const cells = picture.cells.map((cell) => {
    const points = hexCorners(layout, cell)
      .map((p) => `${round(p.x)},${round(p.y)}`)
      .join(' ');
    const centre = hexToPixel(layout, cell);
    const stroke = cell.marked ? ' stroke="#d4a017" stroke-width="4"' : ' stroke="#555" stroke-width="1"';
    const parts = [`<title>${escapeHtml(cell.name)}</title>`, `<polygon points="${points}" fill="${cell.fill}"${stroke}/>`];
    const ink = cell.ink ?? '#000';
    if (cell.label)
      parts.push(
        `<text x="${round(centre.x)}" y="${round(centre.y + (cell.caption ? 1 : 5))}" text-anchor="middle" font-family="sans-serif" font-size="14" font-weight="bold" fill="${ink}">${escapeHtml(cell.label)}</text>`,
      );
    if (cell.caption)
      parts.push(
        `<text x="${round(centre.x)}" y="${round(centre.y + (cell.label ? 15 : 4))}" text-anchor="middle" font-family="sans-serif" font-size="9" fill="${ink}">${escapeHtml(cell.caption)}</text>`,
      );
    return `<g>${parts.join('')}</g>`;
  });
  return [
    `<svg role="img" aria-labelledby="board-title" width="${Math.ceil(width)}" height="${Math.ceil(height)}" viewBox="${round(minX)} ${round(minY)} ${round(width)} ${round(height)}">`,
    `<title id="board-title">${escapeHtml(picture.summary)}</title>`,
    ...cells,
    '</svg>',
  ].join('\n');
}

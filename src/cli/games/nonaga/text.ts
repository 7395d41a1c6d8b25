import type { NonagaPosition } from '@hexarena/engines/games/nonaga/index.ts';
import { TORUS_CELLS } from '@hexarena/engines/hex/torus.ts';

/**
 * The board as text, pointy-top rows shifted half a cell each: `R`/`B` for tokens on discs, `o`
 * for an empty disc, `x` for the disc the player to move may not take, with the axial coordinates
 * of each row's first cell so that turns can be typed.
 */
export function nonagaText(pos: NonagaPosition): string {
  const cells: { q: number; r: number; c: number }[] = [];
  for (let c = 0; c < TORUS_CELLS; c++) if (pos.disc[c]) cells.push({ ...pos.coordinates(c), c });
  const minR = Math.min(...cells.map((h) => h.r));
  const maxR = Math.max(...cells.map((h) => h.r));
  const minCol = Math.min(...cells.map((h) => 2 * h.q + h.r));
  const lines: string[] = [];
  for (let r = minR; r <= maxR; r++) {
    const row = cells.filter((h) => h.r === r).sort((a, b) => a.q - b.q);
    let line = '';
    for (const h of row) {
      const at = (2 * h.q + h.r - minCol) * 2;
      line = line.padEnd(at, ' ');
      const t = pos.token[h.c];
      line += t === 0 ? 'R' : t === 1 ? 'B' : h.c === pos.blocked ? 'x' : 'o';
    }
    const first = row[0];
    lines.push(
      `${line.padEnd((2 * (Math.max(...cells.map((h) => h.q)) + maxR) - minCol) * 2 + 4)}  r=${r}${first ? `, from q=${first.q}` : ''}`,
    );
  }
  return lines.join('\n');
}

import {
  BUGS,
  COLOR_NAMES,
  COUNT_OF_BUG,
  type Color,
  displayCoordinates,
  FIRST_INDEX_OF_BUG,
  formatPiece,
  type HivePosition,
  IN_HAND,
  inGame,
  MAX_HEIGHT,
  pieceId,
} from '@hexarena/engines/games/hive/index.ts';

/**
 * The hive as text: pointy-top rows, each cell six characters wide and shifted half a cell per
 * row, the top piece's name in each occupied cell, `.` for the empty cells around the hive.
 * Stacks are marked with `*` and listed under the board, bottom piece first.
 */
export function hiveText(pos: HivePosition): string {
  const coords = displayCoordinates(pos);
  if (coords.size === 0) return '(the board is empty)';
  let minR = Infinity;
  let maxR = -Infinity;
  let minCol = Infinity;
  for (const h of coords.values()) {
    minR = Math.min(minR, h.r);
    maxR = Math.max(maxR, h.r);
    minCol = Math.min(minCol, 2 * h.q + h.r);
  }
  const rows: string[][] = Array.from({ length: maxR - minR + 1 }, () => []);
  const stacks: string[] = [];
  for (const [cell, h] of coords) {
    const height = pos.height[cell] as number;
    const top = pos.top(cell);
    const label = top < 0 ? '.' : `${formatPiece(top)}${height > 1 ? '*' : ''}`;
    const row = rows[h.r - minR] as string[];
    const at = (2 * h.q + h.r - minCol) * 3;
    while (row.length < at + 6) row.push(' ');
    const start = at + Math.floor((6 - label.length) / 2);
    for (let i = 0; i < label.length; i++) row[start + i] = label[i] as string;
    if (height > 1) {
      const pieces = Array.from({ length: height }, (_, level) => formatPiece(pos.stack[cell * MAX_HEIGHT + level] as number));
      stacks.push(`${formatPiece(top)}* = ${pieces.join(' ')}`);
    }
  }
  const lines = rows.map((r) => r.join('').trimEnd());
  if (stacks.length > 0) lines.push('', `stacks (bottom first): ${stacks.join('; ')}`);
  return lines.join('\n');
}

/** What a side still holds, as its pieces' short names: "Q", "S2", "B1"… */
export function handNames(pos: HivePosition, color: Color): string[] {
  const names: string[] = [];
  for (let bug = 0; bug < BUGS.length; bug++) {
    const first = FIRST_INDEX_OF_BUG[bug] as number;
    for (let k = 0; k < (COUNT_OF_BUG[bug] as number); k++) {
      const p = pieceId(color, first + k);
      if (inGame(p, pos.expansions) && pos.where[p] === IN_HAND) names.push(formatPiece(p).slice(1));
    }
  }
  return names;
}

/** What a player still holds: "Q S2 B1 B2 G1…" per side. */
export function handText(pos: HivePosition): string {
  return ([0, 1] as Color[])
    .map((color) => {
      const names = handNames(pos, color);
      return `${COLOR_NAMES[color]} in hand: ${names.length > 0 ? names.join(' ') : '(none)'}`;
    })
    .join('\n');
}

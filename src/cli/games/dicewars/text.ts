import type { DiceWarsPosition, Report } from '@hexarena/engines/games/dicewars/index.ts';
import { cellHex, territoryCells } from '@hexarena/engines/games/dicewars/index.ts';

/** Players are told apart by letter as well as colour: A, B, C… */
export const seatLetter = (seat: number): string => String.fromCharCode(65 + seat);

/**
 * The map as text: each cell two characters, odd rows shifted by one (pointy-top hexes), a
 * player's cells filled with its letter, sea as dots, each territory's id written on one of its
 * middle cells so that moves can be typed, and beside it its owner and dice (strength): `12A5`.
 */
export function diceWarsMapText(pos: DiceWarsPosition): string {
  const { board } = pos;
  const labelAt = new Map<number, string>();
  for (const [t, cells] of territoryCells(board).entries()) {
    // The cell nearest the territory's centre carries its id.
    const hexes = cells.map((c) => cellHex(board, c));
    const cq = hexes.reduce((s, h) => s + h.q, 0) / hexes.length;
    const cr = hexes.reduce((s, h) => s + h.r, 0) / hexes.length;
    let best = cells[0] as number;
    let bestD = Infinity;
    for (const [i, c] of cells.entries()) {
      const h = hexes[i] as { q: number; r: number };
      const d = (h.q - cq) ** 2 + (h.r - cr) ** 2 + (h.q - cq) * (h.r - cr);
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    labelAt.set(best, String(t).padStart(2, ' '));
    // Owner and dice on a neighbouring cell of the same territory, the one to the right if it can.
    const row = Math.floor(best / board.cols);
    const side = [best + 1, best - 1, ...cells].find(
      (c) => c !== best && Math.floor(c / board.cols) === row && board.cellTerritory[c] === t && !labelAt.has(c),
    );
    const o = pos.owner[t] as number;
    const dice = o < 0 ? '' : String(pos.dice[t]);
    const tag = o < 0 ? ' -' : `${seatLetter(o)}${dice.length === 1 ? dice : dice.slice(-1)}`;
    if (side !== undefined) labelAt.set(side, o >= 0 && dice.length > 1 ? dice.padStart(2, ' ') : tag);
  }
  const lines: string[] = [];
  for (let row = 0; row < board.rows; row++) {
    // Odd-r grids shift odd rows right; axial rhombi shift every row by half a cell more.
    let line = board.grid === 'odd-r' ? (row % 2 === 1 ? ' ' : '') : ' '.repeat(row);
    for (let col = 0; col < board.cols; col++) {
      const cell = row * board.cols + col;
      const t = board.cellTerritory[cell] as number;
      if (t < 0) line += ' .';
      else {
        const o = pos.owner[t] as number;
        line += labelAt.get(cell) ?? ` ${o < 0 ? '-' : seatLetter(o).toLowerCase()}`;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines.join('\n');
}

/** One line per player: territories, dice, largest group (the next reinforcement) and stock. */
export function standingsText(pos: DiceWarsPosition): string {
  return pos.order
    .map((seat) => {
      if (!pos.alive(seat)) return `${seatLetter(seat)} out`;
      let dice = 0;
      for (let t = 0; t < pos.board.territories; t++) if (pos.owner[t] === seat) dice += pos.dice[t] as number;
      const mark = seat === pos.seat ? '*' : '';
      const stock = pos.rules === 'classic' ? ` stock ${pos.stock[seat]}` : '';
      return `${mark}${seatLetter(seat)}: ${pos.territoriesOf(seat)} terr ${dice} ${pos.rules === 'classic' ? 'dice' : 'str'} group ${pos.largestGroup(seat)}${stock}`;
    })
    .join(' | ');
}

/** A battle log line: "A 12→17 (B): 6+6+2 = 14 vs 3+1 = 4, taken". */
export function reportText(report: Report): string {
  const who = seatLetter(report.seat);
  if (report.type === 'end')
    return `${who} ends the turn: +${report.placed} from a group of ${report.supply}${report.stock ? `, ${report.stock} in stock` : ''}`;
  if (report.type === 'expand') return `${who} expands ${report.from}→${report.to}`;
  const roll = (xs: readonly number[]) => (xs.length === 1 ? String(xs[0]) : `${xs.join('+')} = ${xs.reduce((a, b) => a + b, 0)}`);
  const result = report.won ? (report.eliminated ? `taken, ${seatLetter(report.defender)} is out` : 'taken') : 'held';
  return `${who} ${report.from}→${report.to} (${seatLetter(report.defender)}): ${roll(report.attack)} vs ${roll(report.defence)}, ${result}`;
}

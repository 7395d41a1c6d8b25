import { neighbours, parseCellName } from '@hexarena/engines/games/hex/index.ts';
import { cellAcross, type GtpColour, sideOf } from './frame.ts';

/**
 * MoHex fails to move where it has already won: once its fill-in (captured cells given to their
 * owner, dead cells to anyone) decides the position before its search, `genmove` crashes (SIGSEGV)
 * or answers the word `invalid`, and its `dfpn-solver-find-winning` crashes the same way. Its
 * `compute-fillin` does answer: every cell the fill-in decides, with the colour it gives it. Fill-in
 * never changes who wins, so a fill-in that completes a chain of the engine's colour proves the
 * position won for it, and any cell it gives the engine keeps that win when played (the rest of the
 * fill still completes the chain, whoever moves next). hexarena checks the chain itself and plays
 * such a cell on the chain for the engine: the game goes on to its end on the board.
 */

/** The cells of a `compute-fillin` answer (`a1 fw b1 fb …`, in the engine's frame) and their colours. */
export function parseFillin(size: number, text: string): Map<number, GtpColour> | null {
  const words = text.split(/\s+/).filter((w) => w !== '');
  if (words.length % 2 !== 0) return null;
  const fill = new Map<number, GtpColour>();
  for (let i = 0; i < words.length; i += 2) {
    const cell = parseCellName(size, words[i] as string);
    const mark = words[i + 1] as string;
    if (!cell.ok || (mark !== 'fb' && mark !== 'fw')) return null;
    fill.set(cell.value, mark === 'fb' ? 'b' : 'w');
  }
  return fill;
}

/**
 * The side (0 Red, 1 Blue) whose chain the fill-in, translated into hexarena's frame and laid on
 * `stones` (-1 empty, else the side), completes, with the flood that found it; −1 when it completes
 * neither's, or lies on a stone (the frames disagree).
 */
export function fillWinner(
  size: number,
  stones: ArrayLike<number>,
  fill: ReadonlyMap<number, GtpColour>,
  isSwapped: boolean,
): { winner: number; reached: number[] } {
  const colours = Array.from(stones, (s) => s);
  for (const [gtpCell, colour] of fill) {
    const cell = cellAcross(size, gtpCell, isSwapped);
    if (colours[cell] !== -1) return { winner: -1, reached: [] };
    colours[cell] = sideOf(colour, isSwapped);
  }
  const table = neighbours(size);
  for (const side of [0, 1]) {
    // A flood from `side`'s first edge over its own colour (Red: row 0 to row n−1; Blue: column 0 to n−1).
    const onFirst = (cell: number) => (side === 0 ? cell < size : cell % size === 0);
    const onLast = (cell: number) => (side === 0 ? cell >= size * (size - 1) : cell % size === size - 1);
    const seen = new Uint8Array(size * size);
    const queue: number[] = [];
    for (let cell = 0; cell < size * size; cell++)
      if (onFirst(cell) && colours[cell] === side) {
        seen[cell] = 1;
        queue.push(cell);
      }
    let joined = false;
    for (let i = 0; i < queue.length; i++) {
      const cell = queue[i] as number;
      if (onLast(cell)) joined = true;
      for (const next of table[cell] as readonly number[])
        if (!seen[next] && colours[next] === side) {
          seen[next] = 1;
          queue.push(next);
        }
    }
    if (joined) return { winner: side, reached: queue };
  }
  return { winner: -1, reached: [] };
}

/**
 * The cell (hexarena's frame) to play for `side` when the fill-in proves its win: an empty cell the
 * fill gives `side`, reached from its first edge. Null when the fill-in proves no win for `side`.
 */
export function provenWinMove(
  size: number,
  stones: ArrayLike<number>,
  side: number,
  fill: ReadonlyMap<number, GtpColour>,
  isSwapped: boolean,
): number | null {
  const { winner, reached } = fillWinner(size, stones, fill, isSwapped);
  if (winner !== side) return null;
  // Any empty cell the fill gives `side` keeps the win; the first reached is taken, so the choice
  // is reproducible.
  for (const cell of reached) if (stones[cell] === -1) return cell;
  return null;
}

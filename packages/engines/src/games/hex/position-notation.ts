import { refuse } from '../../engine/refusal.ts';
import { ok, type Result } from '../../engine/result.ts';
import { BLUE, HexBoard, RED, type Side, SWAP } from './board.ts';
import { MAX_SIZE, MIN_SIZE, mirrored, neighbours } from './cells.ts';
import type { HexState } from './state.ts';

/**
 * Hex's position notation (docs/positions.md): the board's size, the side to move, `no-pie` when the
 * game is played without the pie rule, and the rows from row 1 (the top) down, separated by `_`:
 * `r` a Red stone, `b` a Blue one, a number a run of empty cells. For instance
 *
 *   5 b 5_2r2_5_5_5
 *
 * is 5×5 after Red's c2, Blue to move (and free to swap). Stones never move, so the stones and the
 * side to move are the whole position: whether a swap was played follows from the counts (after a
 * swap Blue has a stone more), and the swap is still available exactly when one Red stone stands
 * alone with Blue to move. The position is rebuilt as a game that reaches it (stones in some order,
 * the winning stone last), so a record of it replays like any other.
 */

const SIDE_NAMES = ['Red', 'Blue'];
/** The sides as a refusal's values name them (engine/refusal.ts): codes, not words. */
const SIDE_CODES = ['red', 'blue'] as const;
const JOINS = ['top and bottom', 'left and right'];

export function formatHexPosition(state: HexState): string {
  const { board } = state;
  const n = board.size;
  const rows: string[] = [];
  for (let row = 0; row < n; row++) {
    let text = '';
    let empty = 0;
    for (let column = 0; column < n; column++) {
      const stone = board.stones[row * n + column] as number;
      if (stone === -1) empty++;
      else {
        text += `${empty > 0 ? empty : ''}${stone === RED ? 'r' : 'b'}`;
        empty = 0;
      }
    }
    rows.push(text + (empty > 0 ? empty : ''));
  }
  return [String(n), board.turn === RED ? 'r' : 'b', ...(board.pie ? [] : ['no-pie']), rows.join('_')].join(' ');
}

const plural = (k: number, word: string): string => `${k} ${word}${k === 1 ? '' : 's'}`;
const clip = (text: string): string => (text.length > 24 ? `${text.slice(0, 24)}…` : text);

export function parseHexPosition(text: string): Result<HexState> {
  const words = text.trim().split(/\s+/);
  const example = 'such as "5 b 5_2r2_5_5_5"';
  if (words.length < 3 || words.length > 4)
    return refuse('hex.position.words', `a Hex position is the size, the side to move and the rows, ${example}`);
  const [sizeText, sideText, ...rest] = words as [string, string, ...string[]];
  if (!/^\d{1,3}$/.test(sizeText))
    return refuse(
      'hex.position.size',
      `"${clip(sizeText)}" is not a board size: write a number from ${MIN_SIZE} to ${MAX_SIZE}, ${example}`,
      {
        text: clip(sizeText),
        min: MIN_SIZE,
        max: MAX_SIZE,
      },
    );
  const n = Number(sizeText);
  if (n < MIN_SIZE || n > MAX_SIZE)
    return refuse('hex.position.sizeRange', `a Hex board is ${MIN_SIZE} to ${MAX_SIZE} cells a side, not ${n}`, {
      size: n,
      min: MIN_SIZE,
      max: MAX_SIZE,
    });
  const side = sideText.toLowerCase();
  if (side !== 'r' && side !== 'b')
    return refuse('hex.position.side', `"${clip(sideText)}" is not the side to move: write r (Red) or b (Blue)`, { text: clip(sideText) });
  const turn: Side = side === 'r' ? RED : BLUE;
  let pie = true;
  if (rest.length === 2) {
    if (rest[0]?.toLowerCase() !== 'no-pie')
      return refuse('hex.position.option', `"${clip(rest[0] as string)}" is not an option of a Hex position: the one there is is no-pie`, {
        text: clip(rest[0] as string),
      });
    pie = false;
  }
  const stones = parseRows(n, rest.at(-1) as string);
  if (!stones.ok) return stones;
  const reds: number[] = [];
  const blues: number[] = [];
  stones.value.forEach((stone, cell) => {
    if (stone === RED) reds.push(cell);
    if (stone === BLUE) blues.push(cell);
  });
  const swapped = swapPlayed(reds.length, blues.length, turn, pie);
  if (!swapped.ok) return swapped;
  const winner = ([RED, BLUE] as const).find((s) => wins(n, s === RED ? reds : blues, s));
  if (winner !== undefined) {
    const stones = winner === RED ? reds : blues;
    if (turn === winner)
      return refuse(
        'hex.position.wonToMove',
        `${SIDE_NAMES[winner]} has joined ${JOINS[winner]}, so ${SIDE_NAMES[winner]} moved last: ${SIDE_NAMES[winner ^ 1]} is to move`,
        { side: SIDE_CODES[winner] },
      );
    // The game ends on the stone that joins: some stone must be the one without which there is no chain.
    const last = stones.findIndex(
      (_, i) =>
        !wins(
          n,
          stones.filter((__, j) => j !== i),
          winner,
        ),
    );
    if (last < 0)
      return refuse(
        'hex.position.wonBefore',
        `${SIDE_NAMES[winner]}'s stones join ${JOINS[winner]} even without any one of them: the game would have ended before ${SIDE_NAMES[winner]}'s last stone`,
        { side: SIDE_CODES[winner] },
      );
    stones.push(...stones.splice(last, 1));
  }
  return ok({ board: rebuild(n, pie, reds, blues, swapped.value) });
}

/** The cells of the rows, -1 empty; or what is wrong with them. */
function parseRows(n: number, text: string): Result<number[]> {
  const rows = text.split('_');
  if (rows.length !== n)
    return refuse('hex.position.rows', `a ${n}×${n} board has ${n} rows, separated by _; this one has ${rows.length}`, {
      size: n,
      rows: rows.length,
    });
  const cells: number[] = [];
  for (const [i, row] of rows.entries()) {
    let count = 0;
    for (const [, run, stone] of row.matchAll(/(\d{1,3})|(\D)/g)) {
      const lower = stone?.toLowerCase();
      if (lower !== undefined && lower !== 'r' && lower !== 'b')
        return refuse(
          'hex.position.cell',
          `row ${i + 1}: "${stone}" is no cell; write r (a Red stone), b (a Blue stone) or a number of empty cells`,
          {
            row: i + 1,
            text: stone,
          },
        );
      const k = lower === undefined ? Number(run) : 1;
      count += k;
      if (count <= n) cells.push(...Array<number>(k).fill(lower === undefined ? -1 : lower === 'r' ? RED : BLUE));
    }
    if (count !== n)
      return refuse('hex.position.rowLength', `row ${i + 1} has ${plural(count, 'cell')}, but a row of a ${n}×${n} board has ${n}`, {
        row: i + 1,
        cells: count,
        size: n,
      });
  }
  return ok(cells);
}

/**
 * Whether the first stone was swapped, from the counts: players alternate, Red first, so Red has as
 * many stones as Blue or one more; after a swap (the pie rule) Blue's first stone was Red's, so Blue
 * has as many or one more.
 */
function swapPlayed(red: number, blue: number, turn: Side, pie: boolean): Result<boolean> {
  const counts = `Red has ${plural(red, 'stone')} and Blue ${blue}`;
  const values = { red, blue };
  if (red === blue + 1)
    return turn === BLUE ? ok(false) : refuse('hex.position.blueToMove', `${counts}, so Red has just moved: Blue is to move`, values);
  if (red === blue && turn === RED) return ok(false);
  if (blue === 0 && red === 0) return refuse('hex.position.empty', 'the board is empty, so Red is to move: Red moves first');
  if (red === blue || red + 1 === blue) {
    if (!pie)
      return refuse(
        'hex.position.noPie',
        `${counts} with ${SIDE_NAMES[turn]} to move: only a swap can do that, and this game is played without the pie rule (no-pie)`,
        { ...values, side: SIDE_CODES[turn] },
      );
    if (red + 1 === blue && turn === BLUE)
      return refuse('hex.position.swapCounts', `${counts}: after a swap Blue has a stone more only when Red is to move`, values);
    return ok(true);
  }
  return refuse(
    'hex.position.counts',
    `${counts}: players take turns, so Red has as many stones as Blue or one more (one fewer after a swap)`,
    values,
  );
}

/** Whether `side`'s stones join its two sides (a flood from one side). */
function wins(n: number, cells: readonly number[], side: Side): boolean {
  const mine = new Set(cells);
  const around = neighbours(n);
  const start = cells.filter((c) => (side === RED ? Math.floor(c / n) === 0 : c % n === 0));
  const seen = new Set(start);
  const queue = [...start];
  for (let c = queue.pop(); c !== undefined; c = queue.pop()) {
    if (side === RED ? Math.floor(c / n) === n - 1 : c % n === n - 1) return true;
    for (const next of around[c] as readonly number[]) {
      if (mine.has(next) && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

/** The board played to from the start: stones in turn (any win comes with the last), a swap second if one was played. */
function rebuild(n: number, pie: boolean, reds: readonly number[], blues: readonly number[], swapped: boolean): HexBoard {
  const board = new HexBoard(n, pie);
  const moves: number[] = [];
  let blue = 0;
  if (swapped) {
    moves.push(mirrored(n, blues[0] as number), SWAP);
    blue = 1;
  }
  for (let red = 0; red < reds.length || blue < blues.length; red++) {
    if (red < reds.length) moves.push(reds[red] as number);
    if (blue < blues.length) moves.push(blues[blue++] as number);
  }
  for (const move of moves) board.make(move);
  return board;
}

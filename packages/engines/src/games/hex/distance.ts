import { BLUE, type HexBoard, RED, type Side } from './board.ts';
import { columnOf, neighbours, rowOf } from './cells.ts';

/**
 * How far `side` is from joining its two sides: the fewest empty cells it must still fill, its own
 * stones costing nothing and the other's barring the way (a 0-1 breadth-first search). A large
 * number when the way is shut. The connection distance the search's evaluation compares.
 */
export function connectionDistance(board: HexBoard, side: Side): number {
  const n = board.size;
  const cells = n * n;
  const far = cells + 1;
  const dist = new Int32Array(cells).fill(far);
  // A deque in a flat array: cells of cost 0 go to the front, of cost 1 to the back.
  // Each cell is pushed at most once per neighbour that improves it: room for six pushes a cell either way.
  const deque = new Int32Array(cells * 14);
  let head = cells * 7;
  let tail = cells * 7;
  const cost = (cell: number): number => (board.stones[cell] === side ? 0 : board.stones[cell] === -1 ? 1 : -1);
  const start = (cell: number) => (side === RED ? rowOf(n, cell) === 0 : columnOf(n, cell) === 0);
  const goal = (cell: number) => (side === RED ? rowOf(n, cell) === n - 1 : columnOf(n, cell) === n - 1);
  for (let cell = 0; cell < cells; cell++) {
    const c = cost(cell);
    if (!start(cell) || c < 0) continue;
    dist[cell] = c;
    if (c === 0) deque[--head] = cell;
    else deque[tail++] = cell;
  }
  const table = neighbours(n);
  while (head < tail) {
    const cell = deque[head++] as number;
    const d = dist[cell] as number;
    if (goal(cell)) return d;
    for (const next of table[cell] as readonly number[]) {
      const c = cost(next);
      if (c < 0 || d + c >= (dist[next] as number)) continue;
      dist[next] = d + c;
      if (c === 0) deque[--head] = next;
      else deque[tail++] = next;
    }
  }
  return far;
}

/** The position for the side to move, in hundredths: how much nearer it is to joining than the other. */
export function evaluateHex(board: HexBoard): number {
  const me = board.turn;
  const other: Side = me === RED ? BLUE : RED;
  return (connectionDistance(board, other) - connectionDistance(board, me)) * 100;
}

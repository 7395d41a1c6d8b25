import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Board, type Cell, formatBoard, formatCell, hasLine, parseBoard, parseCell } from './board.ts';
import { canonicalBoard, SYMMETRIES, transform } from './symmetry.ts';

const arbBoard = fc.array(fc.constantFrom<Cell>('X', 'O', null), { minLength: 9, maxLength: 9 });

describe('cell names', () => {
  it('a3 is the top-left cell, c1 the bottom-right, b2 the centre', () => {
    expect(formatCell(0)).toBe('a3');
    expect(formatCell(2)).toBe('c3');
    expect(formatCell(4)).toBe('b2');
    expect(formatCell(6)).toBe('a1');
    expect(formatCell(8)).toBe('c1');
  });

  it('round-trip for all nine cells, in any case and with spaces', () => {
    for (let cell = 0; cell < 9; cell++) {
      expect(parseCell(formatCell(cell))).toEqual({ ok: true, value: cell });
      expect(parseCell(` ${formatCell(cell).toUpperCase()} `)).toEqual({ ok: true, value: cell });
    }
  });

  it('reject anything else with a message that says what a cell is', () => {
    for (const bad of ['', 'd1', 'a4', 'a0', '5', 'b22', 'bb']) {
      const r = parseCell(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/file a–c and a rank 1–3/);
    }
  });
});

describe('board strings', () => {
  it('round-trip', () => {
    fc.assert(
      fc.property(arbBoard, (board) => {
        expect(parseBoard(formatBoard(board))).toEqual({ ok: true, value: board });
      }),
    );
  });

  it('reject wrong length and letters', () => {
    expect(parseBoard('x-o').ok).toBe(false);
    expect(parseBoard('x-o-z----').ok).toBe(false);
  });

  it('lines are rows, columns and diagonals only', () => {
    const b = (s: string) => (parseBoard(s) as { value: Board }).value;
    expect(hasLine(b('xxx------'), 'X')).toBe(true);
    expect(hasLine(b('o--o--o--'), 'O')).toBe(true);
    expect(hasLine(b('x---x---x'), 'X')).toBe(true);
    expect(hasLine(b('--o-o-o--'), 'O')).toBe(true);
    expect(hasLine(b('xx-x-----'), 'X')).toBe(false);
    expect(hasLine(b('--x-x-x--'), 'O')).toBe(false);
  });
});

describe('symmetries', () => {
  it('are eight distinct permutations that keep lines lines', () => {
    expect(new Set(SYMMETRIES.map((p) => p.join())).size).toBe(8);
    fc.assert(
      fc.property(arbBoard, fc.integer({ min: 0, max: 7 }), (board, k) => {
        const image = transform(board, SYMMETRIES[k] as number[]);
        expect(hasLine(image, 'X')).toBe(hasLine(board, 'X'));
        expect(hasLine(image, 'O')).toBe(hasLine(board, 'O'));
        expect(canonicalBoard(image)).toBe(canonicalBoard(board));
      }),
    );
  });

  it('the three first-move classes: corner, edge, centre', () => {
    const classes = new Set<string>();
    for (let cell = 0; cell < 9; cell++) {
      const board: Cell[] = Array(9).fill(null);
      board[cell] = 'X';
      classes.add(canonicalBoard(board));
    }
    expect(classes.size).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { fillWinner, parseFillin, provenWinMove } from './proven-win.ts';

/** A 3×3 board's stones from rows of `.`, `r`, `b` (hexarena's frame: -1 empty, 0 Red, 1 Blue). */
const board = (...rows: string[]): number[] =>
  rows
    .join('')
    .split('')
    .map((c) => (c === '.' ? -1 : c === 'r' ? 0 : 1));

describe('a move from a GTP engine’s fill-in proof', () => {
  it('reads compute-fillin’s answer, cell and colour by pairs, and refuses anything else', () => {
    expect(parseFillin(3, 'a1 fw b1 fb\n c3 fw')).toEqual(
      new Map([
        [0, 'w'],
        [1, 'b'],
        [8, 'w'],
      ]),
    );
    expect(parseFillin(3, '')).toEqual(new Map());
    expect(parseFillin(3, 'a1 fw b1')).toBeNull();
    expect(parseFillin(3, 'a1 xx')).toBeNull();
    expect(parseFillin(3, 'd1 fb')).toBeNull();
  });

  it('plays a cell the fill gives the engine when the fill completes its chain, and none when it does not', () => {
    // Red (Black, no swap) holds b2; the fill gives Red b1 and b3: top to bottom through b2.
    const stones = board('...', '.r.', 'b..');
    const won = new Map<number, 'b' | 'w'>([
      [1, 'b'],
      [7, 'b'],
      [0, 'w'],
    ]);
    const move = provenWinMove(3, stones, 0, won, false);
    expect([1, 7]).toContain(move);
    // Half the chain only: no proof.
    expect(provenWinMove(3, stones, 0, new Map([[1, 'b']]), false)).toBeNull();
    // The same fill is Blue's win nowhere: for Blue it proves the position lost.
    expect(provenWinMove(3, stones, 1, won, false)).toBeNull();
    expect(fillWinner(3, stones, won, false).winner).toBe(0);
    expect(fillWinner(3, stones, new Map([[1, 'b']]), false).winner).toBe(-1);
  });

  it('translates the fill across the pie rule: after a swap the engine’s cells are mirrored and its colours exchanged', () => {
    // Swapped: GTP's White is hexarena's Red, and GTP's (c, r) is hexarena's (r, c). In GTP the fill
    // gives White a1 and c1 (a row: White's left-right chain with b1 held); in hexarena that is
    // Red's column a1, a2, a3 with a2 held.
    const stones = board('...', 'r..', '...');
    const fill = new Map<number, 'b' | 'w'>([
      [0, 'w'],
      [2, 'w'],
    ]);
    expect([0, 6]).toContain(provenWinMove(3, stones, 0, fill, true));
    expect(provenWinMove(3, stones, 0, fill, false)).toBeNull();
  });

  it('trusts no fill laid on a stone: the frames disagree', () => {
    const stones = board('.r.', '.r.', '...');
    expect(
      provenWinMove(
        3,
        stones,
        0,
        new Map<number, 'b' | 'w'>([
          [1, 'b'],
          [7, 'b'],
        ]),
        false,
      ),
    ).toBeNull();
  });
});

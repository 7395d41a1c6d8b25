import { describe, expect, it } from 'vitest';
import { hive } from './game.ts';
import { legalMoves } from './movegen.ts';
import { hiveProgress } from './progress.ts';
import { arrangeHive, moveOf } from './testing.ts';

const progressAfter = (spec: string, move?: [string, number, number]) => {
  const pos = arrangeHive(spec);
  if (move) {
    const m = moveOf(...move);
    expect(legalMoves(pos)).toContain(m);
    pos.make(m);
  }
  return hiveProgress({ pos, options: hive.defaultOptions });
};

describe("a Hive game's progress, for match adjudication", () => {
  // A line: wA2 wA1 wQ bQ bA1, White to move. Each queen has two neighbours.
  const line = 'wA2 -2 0; wA1 -1 0; wQ 0 0; bQ 1 0; bA1 2 0';

  it('is each queen’s count of neighbours and the hands', () => {
    expect(progressAfter(line)).toMatch(/^2 2 \d+$/);
    const start = hive.newGame(hive.defaultOptions, 'p');
    expect(hiveProgress(start)).toMatch(/^- - \d+$/);
    // A placement changes the hands, whatever it touches.
    const first = hive.play(start, hive.legalMoves(start)[0] as number);
    expect(hiveProgress(first)).not.toBe(hiveProgress(start));
  });

  it('stands still when a piece moves with no queen beside where it left or where it lands', () => {
    expect(progressAfter(line, ['wA2', 3, 0])).toBe(progressAfter(line));
  });

  it('moves when a piece comes to a queen or leaves one', () => {
    expect(progressAfter(line, ['wA2', 0, -1])).toMatch(/^3 2 /);
    expect(progressAfter(line, ['wA2', 1, -1])).toMatch(/^3 3 /);
  });
});

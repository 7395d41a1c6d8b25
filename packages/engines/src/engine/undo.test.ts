import { describe, expect, it } from 'vitest';
import { undoLength } from './undo.ts';

describe('undoLength', () => {
  it('hotseat takes back one move', () => {
    expect(undoLength([0, 1, 0, 1], ['human', 'human'])).toBe(2);
  });
  it('against an AI, takes back the human’s move and the reply to it', () => {
    // Human X moved, the AI answered, X is to move again: back to the start.
    expect(undoLength([0, 1, 0], ['human', 'max'])).toBe(0);
    // Human O: the AI opened, O replied, the AI answered; back to O's turn at ply 1.
    expect(undoLength([0, 1, 0, 1], ['max', 'human'])).toBe(1);
    // While the AI is thinking after the human's move: just the human's move.
    expect(undoLength([0, 1], ['human', 'max'])).toBe(0);
  });
  it('has nothing to undo at the start, or when no human ever moved', () => {
    expect(undoLength([0], ['human', 'human'])).toBeNull();
    expect(undoLength([0, 1, null], ['max', 'max'])).toBeNull();
    expect(undoLength([1, 0], ['human', 'max'])).toBeNull();
  });
});

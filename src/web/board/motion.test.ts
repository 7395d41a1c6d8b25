import { afterEach, describe, expect, it, vi } from 'vitest';
import { motionAllowed, moved, runMotions, shouldAnimate } from './motion.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('board motion', () => {
  it('animates only when exactly one move was added and motion is allowed', () => {
    expect(shouldAnimate(4, 5, true)).toBe(true);
    expect(shouldAnimate(4, 5, false)).toBe(false);
    // A page that opens on a game, a jump through the history, an undo, the same position redrawn.
    expect(shouldAnimate(null, 5, true)).toBe(false);
    expect(shouldAnimate(4, 6, true)).toBe(false);
    expect(shouldAnimate(5, 4, true)).toBe(false);
    expect(shouldAnimate(5, 5, true)).toBe(false);
    expect(shouldAnimate(0, 1, true)).toBe(true);
  });

  it('is allowed unless the player asked for reduced motion (and never without a page)', () => {
    expect(motionAllowed()).toBe(false);
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(prefers-reduced-motion: reduce)' }));
    expect(motionAllowed()).toBe(false);
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    expect(motionAllowed()).toBe(true);
  });

  it('finds the piece that moved and the piece that is new', () => {
    const before = new Map([
      ['wQ', { x: 0, y: 0 }],
      ['bQ', { x: 1, y: 0 }],
      ['wA1', { x: 2, y: 0 }],
    ]);
    const after = new Map([
      ['wQ', { x: 0, y: 0 }],
      ['bQ', { x: 1, y: 0 }],
      ['wA1', { x: -1, y: 1 }],
      ['bS1', { x: 3, y: 0 }],
    ]);
    expect(moved(before, after)).toEqual({ slides: [{ id: 'wA1', from: { x: 2, y: 0 }, to: { x: -1, y: 1 } }], appeared: ['bS1'] });
  });

  it('takes away a shift of the whole drawing (the view follows it), so only the piece moved slides', () => {
    const before = new Map([
      ['a', { x: 0, y: 0 }],
      ['b', { x: 1, y: 0 }],
      ['c', { x: 2, y: 0 }],
    ]);
    // Everything 10 to the right, and c from 2 to 5 besides: on screen c slides 3 and the rest stay.
    const after = new Map([
      ['a', { x: 10, y: 0 }],
      ['b', { x: 11, y: 0 }],
      ['c', { x: 15, y: 0 }],
    ]);
    expect(moved(before, after).slides).toEqual([{ id: 'c', from: { x: 12, y: 0 }, to: { x: 15, y: 0 } }]);
  });

  it('keeps the drawing still on a tie: two pieces, one moved', () => {
    const before = new Map([
      ['a', { x: 0, y: 0 }],
      ['b', { x: 1, y: 0 }],
    ]);
    const after = new Map([
      ['a', { x: 0, y: 0 }],
      ['b', { x: 0, y: 1 }],
    ]);
    expect(moved(before, after).slides).toEqual([{ id: 'b', from: { x: 1, y: 0 }, to: { x: 0, y: 1 } }]);
    expect(moved(before, before)).toEqual({ slides: [], appeared: [] });
  });

  it('slides an element from where it was, stopping what moved it before', () => {
    const cancel = vi.fn();
    const animate = vi.fn();
    const el = { animate, getAnimations: () => [{ cancel }] };
    const root = { querySelectorAll: (s: string) => (s === '[data-piece="wA1"]' ? [el] : []) } as unknown as ParentNode;
    runMotions(root, [
      { kind: 'slide', selector: '[data-piece="wA1"]', from: { x: 2, y: 0 }, to: { x: -1, y: 1 } },
      { kind: 'roll', selector: '.nothing' },
    ]);
    expect(cancel).toHaveBeenCalledOnce();
    expect(animate).toHaveBeenCalledOnce();
    expect(animate.mock.calls[0]?.[0]).toEqual([{ transform: 'translate(3px, -1px)' }, { transform: 'translate(0px, 0px)' }]);
  });
});

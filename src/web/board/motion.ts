import { useLayoutEffect, useRef } from 'preact/hooks';
import type { Point } from './viewport.ts';

/**
 * A board's motion after a move: a piece slides from its old cell to its new one, a placed piece
 * settles in, dice roll. Only when the position on show is exactly one move on from the last one
 * (a move made, or a step forward through the history), never on a jump, an undo or a page that
 * opens mid-game, and never when the player asks for less motion (prefers-reduced-motion). The
 * boards say what moved; this file decides whether and how to animate it (Web Animations, so the
 * page's own CSS is left alone and nothing stays behind once an animation ends).
 */
export const SLIDE_MS = 200;
export const APPEAR_MS = 180;
export const ROLL_MS = 450;

export type Motion =
  /** The elements `selector` finds, drawn at `to`, come from `from` (board units). */
  | { readonly kind: 'slide'; readonly selector: string; readonly from: Point; readonly to: Point; readonly delay?: number }
  /** The elements settle in where they are drawn (a piece placed). */
  | { readonly kind: 'appear'; readonly selector: string }
  /** The elements shake as a die does when it is thrown. */
  | { readonly kind: 'roll'; readonly selector: string };

/** Animate only when exactly one move was added to the position shown, and motion is allowed. */
export function shouldAnimate(before: number | null, after: number, motionAllowed: boolean): boolean {
  return motionAllowed && before !== null && after === before + 1;
}

/** The player has not asked for less motion (and there is a page to move things on). */
export function motionAllowed(): boolean {
  return typeof matchMedia === 'function' && !matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const shiftKey = (from: Point, to: Point) => `${(to.x - from.x).toFixed(3)},${(to.y - from.y).toFixed(3)}`;

/**
 * What moved between two drawings of a board, each thing by its name (a Hive piece: "wA1"): the
 * things that changed places, and those that are new. A board that redraws about another anchor
 * shifts everything by the same amount (the view follows it, so on screen nothing moved): the
 * shift most things share is taken away first, none unless more things share it than stayed put.
 */
export function moved(
  before: ReadonlyMap<string, Point>,
  after: ReadonlyMap<string, Point>,
): { slides: { id: string; from: Point; to: Point }[]; appeared: string[] } {
  const counts = new Map<string, number>();
  for (const [id, to] of after) {
    const from = before.get(id);
    if (from) counts.set(shiftKey(from, to), (counts.get(shiftKey(from, to)) ?? 0) + 1);
  }
  const still = shiftKey({ x: 0, y: 0 }, { x: 0, y: 0 });
  let common = still;
  for (const [key, n] of counts) if (n > (counts.get(common) ?? 0)) common = key;
  const [dx, dy] = common.split(',').map(Number) as [number, number];
  const slides: { id: string; from: Point; to: Point }[] = [];
  const appeared: string[] = [];
  for (const [id, to] of after) {
    const from = before.get(id);
    if (!from) appeared.push(id);
    else if (shiftKey(from, to) !== common) slides.push({ id, from: { x: from.x + dx, y: from.y + dy }, to });
  }
  return { slides, appeared };
}

/** Runs the motions on what `root` holds (anything already moving there is stopped first). */
export function runMotions(root: ParentNode, motions: readonly Motion[]): void {
  for (const motion of motions) {
    for (const el of root.querySelectorAll(motion.selector)) {
      if (typeof el.animate !== 'function') continue;
      for (const running of el.getAnimations()) running.cancel();
      if (motion.kind === 'slide') {
        const dx = motion.from.x - motion.to.x;
        const dy = motion.from.y - motion.to.y;
        // An SVG element's CSS transform is in its user units: px here are board units.
        el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0px, 0px)' }], {
          duration: SLIDE_MS,
          delay: motion.delay ?? 0,
          easing: 'ease-out',
          fill: 'backwards',
        });
      } else if (motion.kind === 'appear') {
        el.animate(
          [
            { opacity: 0, transform: 'scale(0.6)' },
            { opacity: 1, transform: 'scale(1)' },
          ],
          { duration: APPEAR_MS, easing: 'ease-out' },
        );
      } else {
        el.animate(
          [
            { transform: 'rotate(0deg)' },
            { transform: 'rotate(-24deg) scale(1.1)' },
            { transform: 'rotate(18deg) scale(1.1)' },
            { transform: 'rotate(-10deg)' },
            { transform: 'rotate(0deg)' },
          ],
          { duration: ROLL_MS, easing: 'ease-in-out' },
        );
      }
    }
  }
}

/**
 * A board's motion hook: `snapshot` is what this drawing shows (for `plan` to compare with the one
 * before), `plan` names what to animate when the position moved on by one move. It runs after the
 * new drawing is on the page and before the browser paints it, so a slide starts where the piece
 * stood.
 */
export function useMoveMotion<T>(ply: number, snapshot: T, plan: (before: T, after: T) => readonly Motion[]): void {
  const last = useRef<{ ply: number; snapshot: T } | null>(null);
  useLayoutEffect(() => {
    const before = last.current;
    last.current = { ply, snapshot };
    if (before === null || before.ply === ply || !shouldAnimate(before.ply, ply, motionAllowed())) return;
    runMotions(document, plan(before.snapshot, snapshot));
  });
}

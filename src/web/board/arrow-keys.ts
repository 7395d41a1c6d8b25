import type { JSX } from 'preact';
import './keyboard.css';
import { ARROWS, targetToward } from './arrow-focus.ts';

/** Set on the board while a pointer is down on it, and while the focus it gave a cell stays there. */
const POINTER_DOWN = 'data-pointer-down';
const BY_POINTER = 'data-focus-by-pointer';

/** How the focus came to a cell (a click, or the keyboard), as the board's element sees it. */
export const boardFocusEvents = {
  onPointerDownCapture: (e: JSX.TargetedPointerEvent<Element>) => e.currentTarget.setAttribute(POINTER_DOWN, ''),
  onPointerUpCapture: (e: JSX.TargetedPointerEvent<Element>) => e.currentTarget.removeAttribute(POINTER_DOWN),
  onPointerCancelCapture: (e: JSX.TargetedPointerEvent<Element>) => e.currentTarget.removeAttribute(POINTER_DOWN),
  onFocusIn: (e: JSX.TargetedFocusEvent<Element>) => {
    const board = e.currentTarget;
    if (board.hasAttribute(POINTER_DOWN)) board.setAttribute(BY_POINTER, '');
    else board.removeAttribute(BY_POINTER);
  },
};

const centre = (el: Element) => {
  const r = el.getBoundingClientRect();
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
};

/**
 * An arrow key on a board's cell moves the focus to the nearest cell that way that can act now
 * (tabindex 0: what the rules allow, as the view marked it), so a hand piece to its destination is
 * a few arrows, not dozens of Tabs. While a cell has the keyboard's focus the arrows are the
 * board's; a cell focused by a click leaves them to history, as everywhere else. The board's
 * element takes `boardFocusEvents` too, to tell the two apart.
 */
export function arrowBetweenCells(e: JSX.TargetedKeyboardEvent<Element>): void {
  const direction = ARROWS[e.key];
  const from = e.target;
  if (!direction || !(from instanceof Element) || from.getAttribute('role') !== 'button' || e.altKey || e.ctrlKey || e.metaKey) return;
  const board = e.currentTarget;
  // A cell focused by a click leaves the arrows to history, as they always were.
  if (board.hasAttribute(BY_POINTER)) return;
  const targets = [...board.querySelectorAll('[role=button][tabindex="0"]')]
    .filter((el) => el !== from)
    .map((el) => ({ key: el, at: centre(el) }));
  e.preventDefault();
  const next = targetToward(centre(from), targets, direction);
  if (next instanceof SVGElement || next instanceof HTMLElement) next.focus();
}

import type { JSX } from 'preact';
import { ARROWS, targetToward } from './arrow-focus.ts';

const centre = (el: Element) => {
  const r = el.getBoundingClientRect();
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
};

/**
 * An arrow key on a board's cell moves the focus to the nearest cell that way that can act now
 * (tabindex 0: what the rules allow, as the view marked it), so a hand piece to its destination is
 * a few arrows, not dozens of Tabs. While a cell has the focus the arrows are the board's, not the
 * history's (which takes them elsewhere on the page).
 */
export function arrowBetweenCells(e: JSX.TargetedKeyboardEvent<Element>): void {
  const direction = ARROWS[e.key];
  const from = e.target;
  if (!direction || !(from instanceof Element) || from.getAttribute('role') !== 'button' || e.altKey || e.ctrlKey || e.metaKey) return;
  const board = e.currentTarget;
  const targets = [...board.querySelectorAll('[role=button][tabindex="0"]')]
    .filter((el) => el !== from)
    .map((el) => ({ key: el, at: centre(el) }));
  e.preventDefault();
  const next = targetToward(centre(from), targets, direction);
  if (next instanceof SVGElement || next instanceof HTMLElement) next.focus();
}

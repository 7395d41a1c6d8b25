import { type Inputs, useMemo, useRef } from 'preact/hooks';
import { locale } from '../i18n/index.ts';

/**
 * The latest value of something a render sees (the session): for handlers made once and kept (a
 * board's cells, drawn again only when the position changes) to act on what is current, not on what
 * was current when they were made.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * A board's drawing, made again only when `inputs` change (or the language: the cells are named in
 * it). The page around a board renders again for every clock tick, chat line, presence change and
 * answer from the server; drawing a Hex board's 121 cells each time made each such render a long
 * task. Preact leaves an element it is given again untouched, so the cells are not compared either.
 */
export function useBoardDrawing<T>(draw: () => T, inputs: Inputs): T {
  return useMemo(draw, [...inputs, locale()]);
}

import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface HistoryCursor {
  /** The number of moves behind the shown position. */
  readonly ply: number;
  readonly live: boolean;
  readonly replaying: boolean;
  /** Shows the position after `ply` moves (no earlier than `firstPly`); null returns to the live game. */
  goTo(ply: number | null): void;
  /** Steps through the game from its first known position, move by move. */
  replay(): void;
}

/**
 * Which position of a game's history a page shows: the live one, or one stepped back to (buttons,
 * ←/→, Home/End), or a replay moving on by itself at `paceMs` a move (at least a quarter second).
 */
export function useHistoryCursor(total: number, firstPly: number, paceMs: number): HistoryCursor {
  const [cursor, setCursor] = useState<number | null>(null);
  const [replaying, setReplaying] = useState(false);
  const bounds = useRef({ total, firstPly });
  bounds.current = { total, firstPly };
  const ply = cursor === null ? total : Math.max(firstPly, Math.min(cursor, total));

  useEffect(() => {
    if (!replaying) return;
    if (ply >= total) {
      setReplaying(false);
      setCursor(null);
      return;
    }
    const timer = setTimeout(() => setCursor(ply + 1), Math.max(250, paceMs));
    return () => clearTimeout(timer);
  }, [replaying, ply, total, paceMs]);

  const goTo = useCallback((to: number | null) => {
    setReplaying(false);
    const { total, firstPly } = bounds.current;
    setCursor(to === null || to >= total ? null : Math.max(firstPly, to));
  }, []);

  // ←/→ step through history, Home/End jump; keys typed into a form control are left alone.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      // A control that takes these keys itself (the review's chart) has used them already.
      if (e.defaultPrevented || (target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName))) return;
      const { total, firstPly } = bounds.current;
      const at = cursor === null ? total : cursor;
      const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: firstPly, End: total }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      goTo(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cursor, goTo]);

  const replay = useCallback(() => {
    setCursor(bounds.current.firstPly);
    setReplaying(true);
  }, []);
  return { ply, live: ply === total, replaying, goTo, replay };
}

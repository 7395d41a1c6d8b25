import { useEffect } from 'preact/hooks';

/**
 * Esc takes back a half-made move (a selected piece, territory or slide), as in every board app;
 * keys typed into a form control are left alone.
 */
export function useEscape(onEscape: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.key !== 'Escape' || (target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName))) return;
      onEscape();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onEscape]);
}

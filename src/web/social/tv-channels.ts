import { useEffect, useState } from 'preact/hooks';
import { type CurrentGame, fetchTv } from './api.ts';

/** TV asks what its channels show this often: when the game shown ends, the next follows within it. */
export const TUNE_MS = 3000;

/** What TV's channels show, as last heard: null before the first answer. */
export interface TvChannels {
  readonly channels: Readonly<Record<string, CurrentGame>> | null;
  /** Why the last asking failed, or null. */
  readonly problem: string | null;
}

/**
 * TV tuned in: what the server shows on each channel, asked again every TUNE_MS. The server keeps a
 * channel's game while it is played and picks the next best once it ends, so whatever draws a
 * channel (the TV page, the home page's card) switches games by itself, without a reload.
 */
export function useTvChannels(): TvChannels {
  const [tuned, setTuned] = useState<TvChannels>({ channels: null, problem: null });
  useEffect(() => {
    let current = true;
    const tune = () =>
      void fetchTv().then((r) => {
        if (!current) return;
        // A failed asking keeps what was shown: the next may succeed.
        setTuned((was) => (r.ok ? { channels: r.value, problem: null } : { channels: was.channels, problem: r.error.message }));
      });
    tune();
    const timer = setInterval(tune, TUNE_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, []);
  return tuned;
}

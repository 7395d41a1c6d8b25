import type { CliIo } from './io.ts';

export interface Progress {
  update(done: number, total: number | null): void;
  finish(): void;
}

const WIDTH = 24;

/**
 * A progress bar on stderr for work that runs longer than a second; quick work prints nothing.
 * Redraws are throttled so that drawing never costs more than the work.
 */
export function progressBar(io: CliIo, label: string, now: () => number = () => performance.now()): Progress {
  const started = now();
  let lastDraw = 0;
  let drawn = false;
  return {
    update(done, total) {
      if (!io.progress) return;
      const t = now();
      if (t - started < 1000 || t - lastDraw < 100) return;
      lastDraw = t;
      drawn = true;
      const elapsed = (t - started) / 1000;
      if (total === null || total <= 0) {
        io.stderr(`\r${label}: ${done.toLocaleString('en-US')} … ${elapsed.toFixed(1)} s\x1b[K`);
        return;
      }
      const frac = Math.min(1, done / total);
      const filled = Math.round(frac * WIDTH);
      const eta = frac > 0 ? (elapsed / frac) * (1 - frac) : 0;
      io.stderr(
        `\r${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${(frac * 100).toFixed(0)}% ` +
          `${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} eta ${eta.toFixed(0)} s\x1b[K`,
      );
    },
    finish() {
      if (drawn) io.stderr('\r\x1b[K');
    },
  };
}

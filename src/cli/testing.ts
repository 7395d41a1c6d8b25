import type { CliIo } from './io.ts';

/** For tests of commands: an io that records what a command writes. */
export function captureIo(): { io: CliIo; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    progress: false,
    cwd: process.cwd(),
  };
  return { io, out: () => out, err: () => err };
}

/** Typed input lines, as a console command reads them. */
export async function* typed(...lines: string[]): AsyncGenerator<string> {
  yield* lines;
}

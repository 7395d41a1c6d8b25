import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import type { CliIo } from './io.ts';

/** For tests of commands: an io that records what a command writes; files go to `cwd`. */
export function captureIo(cwd = process.cwd()): { io: CliIo; out: () => string; err: () => string } {
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
    cwd,
  };
  return { io, out: () => out, err: () => err };
}

/** Typed input lines, as a console command reads them. */
export async function* typed(...lines: string[]): AsyncGenerator<string> {
  yield* lines;
}

/** A fresh empty folder for the files a command writes (records, books, sites), removed when the test ends. */
export function scratchFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

import os from 'node:os';
import path from 'node:path';
import process from 'node:process';

/** Where a command writes: injected so that tests run commands in-process and read the output. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** The stream behind `stdout`, where there is one: long-running output waits on it when full. */
  readonly stdoutStream?: NodeJS.WritableStream;
  /** Draw progress bars (only on an interactive terminal, never into a pipe or a log). */
  readonly progress: boolean;
  readonly cwd: string;
  /** Where terminal games keep their records unless told (the user's data folder); `cwd` when absent. */
  readonly recordsFolder?: string;
}

// A reader that stops early (`hexarena … | head`) is not an error: stop quietly, as Unix tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stdoutStream: process.stdout,
  stderr: (text) => process.stderr.write(text),
  progress: Boolean(process.stderr.isTTY) && !process.env.CI,
  cwd: process.cwd(),
  recordsFolder: path.join(dataFolder(), 'games'),
};

/** The user's data folder for hexarena: HEXARENA_DATA, else $XDG_DATA_HOME/hexarena, else ~/.local/share/hexarena. */
export function dataFolder(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HEXARENA_DATA) return path.resolve(env.HEXARENA_DATA);
  const base = env.XDG_DATA_HOME ? path.resolve(env.XDG_DATA_HOME) : path.join(os.homedir(), '.local', 'share');
  return path.join(base, 'hexarena');
}

/** A mistake in how the command was called: reported in one line, exit code 2. */
export class UsageError extends Error {}

/** 12345 → "12,345": figures people read. */
export const formatCount = (n: number | bigint): string => n.toLocaleString('en-US');

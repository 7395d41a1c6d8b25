import { displayPath, fileProblem } from './files.ts';
import { type CliIo, UsageError } from './io.ts';

/**
 * A command that failed, said in one line on stderr; returns the exit code: 2 called wrongly, 1 failed.
 * A file the command could not use is named, with why in words; errno codes are for the debug trace.
 */
export function reportFailure(e: unknown, io: CliIo): number {
  if (e instanceof UsageError) {
    io.stderr(`hexarena: ${e.message}\n`);
    return 2;
  }
  const fsError = e as NodeJS.ErrnoException;
  const message =
    e instanceof Error && typeof fsError.code === 'string' && typeof fsError.path === 'string'
      ? `cannot use ${displayPath(io, fsError.path)}: ${fileProblem(e)}`
      : e instanceof Error
        ? e.message
        : String(e);
  io.stderr(`hexarena: ${message}\n`);
  if (process.env.HEXARENA_DEBUG && e instanceof Error) io.stderr(`${e.stack}\n`);
  return 1;
}

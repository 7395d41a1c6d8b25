import process from 'node:process';
import { boundedLines, writerFor } from '../../protocols/lines.ts';
import { MAX_LINE_BYTES, runUhpSession } from '../../protocols/uhp/session.ts';
import type { CliIo } from '../io.ts';

/**
 * `hexarena uhp`: a Universal Hive Protocol engine on stdin/stdout (for MzingaViewer and bridges).
 * `greeted`: its `info` answer already written (src/cli/engine-entry.ts).
 */
export async function uhpCommand(
  io: CliIo,
  version: string,
  input: AsyncIterable<Buffer | string> = process.stdin,
  seed?: string,
  greeted = false,
): Promise<void> {
  const write = io.stdoutStream ? writerFor(io.stdoutStream) : io.stdout;
  await runUhpSession(boundedLines(input, MAX_LINE_BYTES), write, version, seed, greeted);
}

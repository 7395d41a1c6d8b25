import process from 'node:process';
import { MAX_GTP_LINE_BYTES, runGtpSession } from '../../protocols/gtp/session.ts';
import { boundedLines, writerFor } from '../../protocols/lines.ts';
import type { CliIo } from '../io.ts';

/** `hexarena gtp`: hexarena's Hex AI as a Go Text Protocol engine on stdin/stdout (HexGui, MoHex's referees). */
export async function gtpCommand(
  io: CliIo,
  version: string,
  flags: { level: string; time: number; seed?: string },
  input: AsyncIterable<Buffer | string> = process.stdin,
): Promise<void> {
  const write = io.stdoutStream ? writerFor(io.stdoutStream) : io.stdout;
  await runGtpSession(boundedLines(input, MAX_GTP_LINE_BYTES), write, version, {
    level: flags.level,
    timeMs: flags.time * 1000,
    ...(flags.seed === undefined ? {} : { seed: flags.seed }),
  });
}

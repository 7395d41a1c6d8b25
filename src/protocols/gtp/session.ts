import { TOO_LONG } from '../lines.ts';
import { GtpEngine, type GtpEngineOptions } from './engine.ts';

/** Longer than any command a controller sends (a GTP command is a word and a few arguments). */
export const MAX_GTP_LINE_BYTES = 64 * 1024;

/**
 * Runs a GTP session: each input line answered in order, one at a time (a genmove finishes before
 * the next command is read), each answer written before the next line is read; `quit` ends it.
 */
export async function runGtpSession(
  lines: AsyncIterable<string | typeof TOO_LONG>,
  write: (text: string) => void | Promise<void>,
  version: string,
  options: GtpEngineOptions,
): Promise<void> {
  const engine = new GtpEngine(version, options);
  for await (const line of lines) {
    if (line === TOO_LONG) {
      await write(`? the line is longer than ${MAX_GTP_LINE_BYTES} bytes; it was ignored\n\n`);
      continue;
    }
    const answer = await engine.handle(line);
    if (answer === null) continue;
    await write(answer.text);
    if (answer.quit) return;
  }
}

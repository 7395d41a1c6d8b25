import { UhpEngine } from './engine.ts';

/**
 * Runs a UHP session: the `info` answer at start, then each input line answered in order.
 * Lines are handled one at a time, so a `bestmove` finishes before the next command is read.
 */
export async function runUhpSession(
  lines: AsyncIterable<string>,
  write: (text: string) => void,
  version: string,
  seed?: string,
): Promise<void> {
  const engine = new UhpEngine(version, seed);
  write(`${engine.info().join('\n')}\n`);
  for await (const line of lines) {
    if (/^\s*(exit|quit)\s*$/i.test(line)) return;
    const out = await engine.handle(line);
    if (out.length > 0) write(`${out.join('\n')}\n`);
  }
}

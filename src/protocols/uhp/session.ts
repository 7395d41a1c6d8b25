import { TOO_LONG } from '../lines.ts';
import { uhpInfo } from './info.ts';

/** Longer than any command a client sends: a GameString of 10,000 moves is about 100 KB. */
export const MAX_LINE_BYTES = 1024 * 1024;

/**
 * Runs a UHP session: the `info` answer at start, then each input line answered in order.
 * Lines are handled one at a time, so a `bestmove` finishes before the next command is read; each
 * answer is written before the next line is read (`write` may wait for a slow reader).
 * `greeted`: the `info` answer was already written (src/cli/engine-entry.ts writes it before it
 * loads the bundle this is part of), so the session answers the lines only.
 */
export async function runUhpSession(
  lines: AsyncIterable<string | typeof TOO_LONG>,
  write: (text: string) => void | Promise<void>,
  version: string,
  seed?: string,
  greeted = false,
): Promise<void> {
  // Ready first, then the engine loaded: a bridge that starts an engine per move sends its commands
  // on the first ok, and they wait in the pipe while the rules and the search load.
  if (!greeted) await write(`${uhpInfo(version).join('\n')}\n`);
  const engine = new (await import('./engine.ts')).UhpEngine(version, seed);
  for await (const line of lines) {
    if (line === TOO_LONG) {
      await write(`err The line is longer than ${MAX_LINE_BYTES} bytes; it was ignored.\nok\n`);
      continue;
    }
    if (/^\s*(exit|quit)\s*$/i.test(line)) return;
    const out = await engine.handle(line);
    if (out.length > 0) await write(`${out.join('\n')}\n`);
  }
}

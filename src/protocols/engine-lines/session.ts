import { TOO_LONG } from '../lines.ts';
import type { EngineLines } from './engine.ts';

/** Longer than any record a match sends: a DiceWars game of 10,000 moves as JSON is well under it. */
export const MAX_ENGINE_LINE_BYTES = 4 * 1024 * 1024;

/** Runs an engine-lines session: `info`'s answer at start, then each line answered in order until `quit` or the end of input. */
export async function runEngineLinesSession(
  engine: EngineLines,
  lines: AsyncIterable<string | typeof TOO_LONG>,
  write: (text: string) => void | Promise<void>,
): Promise<void> {
  await write(`${engine.info().join('\n')}\n`);
  for await (const line of lines) {
    if (line === TOO_LONG) {
      await write(`err the line is longer than ${MAX_ENGINE_LINE_BYTES} bytes; it was ignored\nok\n`);
      continue;
    }
    if (/^\s*(quit|exit)\s*$/i.test(line)) return;
    const out = await engine.handle(line);
    if (out.length > 0) await write(`${out.join('\n')}\n`);
  }
}

import type { CliIo } from './io.ts';
import { ignoredWarning, type UhpFlags } from './uhp-flags.ts';

/**
 * Runs the UHP engine on stdin/stdout with these flags, the words passed over said on stderr.
 * `greeted`: the warnings and the `info` answer already written (src/cli/engine-entry.ts).
 * Apart from uhp-flags.ts, which the engine entry takes in whole: this loads the session.
 */
export async function runUhp(io: CliIo, version: string, flags: UhpFlags, greeted = false): Promise<void> {
  if (!greeted) for (const extra of flags.ignored) io.stderr(ignoredWarning(extra));
  await (await import('./commands/uhp.ts')).uhpCommand(io, version, undefined, flags.seed, greeted);
}

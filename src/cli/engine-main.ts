import { addEngineCommands } from './engine-commands.ts';
import { type CliIo, processIo } from './io.ts';
import { bareProgram, runProgram } from './run.ts';

/**
 * `hexarena uhp` and `hexarena gtp` as dist/cli runs them: the same commands as the whole command
 * line's (src/cli/main.ts), in a bundle of their own (engines.cjs) a tenth the size of the whole
 * one's, since reading and compiling the bundle is much of an engine process's start.
 */
export function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  return runProgram(addEngineCommands(bareProgram(io, 'hexarena as an engine for other programs: uhp (Hive), gtp (Hex).'), io), argv, io);
}

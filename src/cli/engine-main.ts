import { type CliIo, processIo } from './io.ts';
import { runUhp } from './run-uhp.ts';
import { readUhpFlags, type UhpFlags } from './uhp-flags.ts';
import { VERSION } from './version.ts';

/**
 * `hexarena uhp` and `hexarena gtp` as dist/cli runs them: the same commands as the whole command
 * line's (src/cli/main.ts), in a bundle of their own (engines.cjs) a tenth the size of the whole
 * one's, since reading and compiling the bundle is much of an engine process's start.
 *
 * `uhp` with the flags bridges give (a bridge starts one engine per move) is read without commander
 * (uhp-flags.ts), which is loaded only for everything else: gtp, engine, help, the version, and the
 * mistakes commander words.
 */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const uhp = argv[0] === 'uhp' ? readUhpFlags(argv.slice(1)) : null;
  if (uhp === null) {
    const [{ addEngineCommands }, { bareProgram, runProgram }] = await Promise.all([import('./engine-commands.ts'), import('./run.ts')]);
    return runProgram(addEngineCommands(bareProgram(io, 'hexarena as an engine for other programs: uhp (Hive), gtp (Hex).'), io), argv, io);
  }
  return answerUhp(uhp, io, false);
}

/**
 * `hexarena uhp` with flags read by hand: as src/cli/engine-entry.ts calls it, `greeted` (its
 * warnings and `info` answer written before this bundle was loaded), so the session answers the lines.
 */
export async function answerUhp(flags: UhpFlags, io: CliIo = processIo, greeted = true): Promise<number> {
  try {
    await runUhp(io, VERSION, flags, greeted);
    return 0;
  } catch (e) {
    return (await import('./failure.ts')).reportFailure(e, io);
  }
}

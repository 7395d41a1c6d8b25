import { Command, CommanderError } from 'commander';
import { closeOutsideAgents } from '../protocols/opened-engines.ts';
import { reportFailure } from './failure.ts';
import type { CliIo } from './io.ts';
import { VERSION } from './version.ts';

export { VERSION };

/** The `hexarena` program with nothing in it yet: its version, and its words through `io` (never process.exit). */
export function bareProgram(io: CliIo, description: string): Command {
  return new Command('hexarena')
    .description(description)
    .version(VERSION, '-V, --version')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => {} })
    .showSuggestionAfterError(true);
}

/** Runs `cli` on `argv` and returns the exit code: 0 done, 1 failed, 2 called wrongly. */
export async function runProgram(cli: Command, argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.length === 0) {
    io.stdout(cli.helpInformation());
    return 0;
  }
  try {
    await cli.parseAsync([...argv], { from: 'user' }).finally(closeOutsideAgents);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
      io.stderr(`hexarena: ${e.message.replace(/^error: /, '').split('\n')[0]}\n`);
      return 2;
    }
    return reportFailure(e, io);
  }
}

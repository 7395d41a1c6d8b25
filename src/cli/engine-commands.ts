import { type Command, Option } from 'commander';
import { wholeNumber } from './flags.ts';
import type { CliIo } from './io.ts';
import { runUhp } from './run-uhp.ts';
import type { UhpFlags } from './uhp-flags.ts';
import { VERSION } from './version.ts';

/**
 * The commands that make hexarena an engine for another program — `uhp` (Hive), `gtp` (Hex) and
 * `engine` (any game, engine-lines) —
 * apart from the rest of the command line: a bridge starts one such process per move, so they are
 * also built into a bundle of their own that loads nothing of the server (src/cli/engine-main.ts).
 * `run.uhp` in place of the UHP engine: a test reads the flags commander gives it.
 */
export function addEngineCommands(cli: Command, io: CliIo, run: { uhp?: typeof runUhp } = {}): Command {
  cli
    .command('uhp')
    .description('a Universal Hive Protocol engine on stdin/stdout (MzingaViewer, hivegame.com bridges)')
    // Bridges start engines with thread flags (hive-hydra: `uhp --threads=1`): they are taken, and any
    // other flag is passed over with a warning, as nokamute does, rather than refused.
    .option('--threads <n>', 'threads to search with (accepted; the search runs on one)', wholeNumber(1, 1024))
    .option('--num-threads <n>', 'the same as --threads', wholeNumber(1, 1024))
    .option('--seed <text>', 'the seed of the search’s tie-breaks, for answers that repeat (random by default)')
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (flags: Omit<UhpFlags, 'ignored'>, command: Command) => {
      await (run.uhp ?? runUhp)(io, VERSION, { ...flags, ignored: command.args });
    });

  cli
    .command('gtp')
    .description("hexarena's Hex AI as a Go Text Protocol engine on stdin/stdout (HexGui, MoHex's match tools)")
    .addOption(
      new Option('--level <level>', 'the AI level that answers genmove').choices(['easy', 'medium', 'hard', 'max']).default('hard'),
    )
    .option('--time <seconds>', 'thinking time a move until the controller sets one (time_settings, time_left)', wholeNumber(1, 3600), 1)
    .option('--seed <text>', 'the seed of the search’s tie-breaks, for answers that repeat (random by default)')
    .action(async (flags: { level: string; time: number; seed?: string }) => {
      await (await import('./commands/gtp.ts')).gtpCommand(io, VERSION, flags);
    });
  cli
    .command('engine')
    .description(
      'hexarena’s AI for any game as an engine-lines program on stdin/stdout (docs/engine-lines.md): what engine:<command> seats run',
    )
    .argument('<game>', 'the game it plays')
    .option('--level <level>', 'the agent that answers go (a level, or an agent of the game)', 'max')
    .option('--seed <text>', 'the seed of the search’s tie-breaks, for answers that repeat (random by default)')
    .action(async (game: string, flags: { level: string; seed?: string }) => {
      await (await import('./commands/engine.ts')).engineCommand(io, VERSION, game, flags);
    });
  return cli;
}

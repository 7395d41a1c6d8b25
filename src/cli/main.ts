import { GAMES } from '@hexarena/engines/games/index.ts';
import { type Command, Option } from 'commander';
import { LOCALES as STATIC_LANGUAGES } from '../web/i18n/languages.ts';
// Each command is loaded when it runs, so that starting one (a UHP engine a bridge starts per move)
// does not load every other's dependencies (the server's, the static site's).
import type { AdminFlags } from './commands/admin.ts';
import type { BackupFlags, RestoreFlags } from './commands/backup.ts';
import type { BookFlags } from './commands/book.ts';
import type { ExportPuzzlesFlags } from './commands/export-puzzles.ts';
import type { ExportStaticFlags } from './commands/export-static.ts';
import type { LadderFlags } from './commands/ladder.ts';
import type { MatchFlags } from './commands/match.ts';
import type { OpeningsFlags } from './commands/openings.ts';
import type { PerftFlags } from './commands/perft.ts';
import type { PlayFlags } from './commands/play.ts';
import type { PuzzleMineFlags } from './commands/puzzles.ts';
import type { SwissExportFlags, SwissPairFlags } from './commands/swiss.ts';
import type { TuneFlags } from './commands/tune.ts';
import { addEngineCommands } from './engine-commands.ts';
import { addGameFlags, positiveInt, probability, share, wholeNumber } from './flags.ts';
import { CLI_GAMES } from './games/index.ts';
import { type CliIo, processIo, UsageError } from './io.ts';
import { bareProgram, runProgram } from './run.ts';
import { languageList } from './static/lang-flag.ts';
import { SITE_MODES } from './static/modes.ts';

export { VERSION } from './run.ts';

/** Deeper than this, a perft of any of these games runs for days. */
export const MAX_PERFT_DEPTH = 12;

function program(io: CliIo): Command {
  const cli = bareProgram(io, `Strategy games on hexagonal grids. Games: ${GAMES.map((g) => g.id).join(', ')}.`);

  cli
    .command('solve')
    .description('solve a small game exactly: position counts, complete games, the value of the start')
    .argument('<game>', 'a solvable game, such as tictactoe')
    .option('--json', 'print the figures as JSON')
    .action(async (game: string, flags: { json?: boolean }) => (await import('./commands/solve.ts')).solveCommand(io, game, flags));

  cli
    .command('puzzles')
    .description('puzzles from real games: a position where exactly one move forces a win, every defence proved')
    .command('mine')
    .description(
      "mine puzzles from record files, self-play and/or a server's finished games, and write them as JSON with the figures (puzzles per CPU-hour)",
    )
    .argument('<game>', 'a game with a search: hive, hex, nonaga')
    .option('--records <files...>', "hexarena's JSON records of finished games")
    .option('--self-play <n>', 'also play n games between the deterministic levels (medium and hard) and mine them', positiveInt)
    .option('--store <dir>', "also mine the finished games of a server's data folder (hexarena serve --data)")
    .option('--db <url>', "also mine the finished games of a server's PostgreSQL store (postgres://…)")
    .option('--seed <seed>', 'seed of the self-play games', 'puzzles')
    .option('--turns <n>', "the most of the solver's turns a win may take (hive 2, hex 2, nonaga 1 by default)", wholeNumber(1, 5))
    .option('--last-plies <n>', 'how many positions before the end of each game to try', wholeNumber(1, 200), 12)
    .option('--budget <positions>', 'positions one proof may search before the position is given up', positiveInt, 300_000)
    .requiredOption('--out <file>', 'where to write the puzzles (JSON)')
    .action(async (game: string, flags: PuzzleMineFlags) => (await import('./commands/puzzles.ts')).puzzleMineCommand(io, game, flags));

  cli
    .command('export-static')
    .description(
      'write a static site, no JavaScript, no CSS: a solved game, one HTML page per position; or a puzzle set (export-static puzzles --game hive)',
    )
    .argument('<game>', 'a solvable game, such as tictactoe; or puzzles, with --game')
    .requiredOption('--out <dir>', 'folder for the site; DIR/index.html is the start page')
    .addOption(
      new Option('--mode <mode>', 'two players share the screen, or play the perfect computer').choices(SITE_MODES).default('two-player'),
    )
    .option('--game <game>', 'with puzzles: the game of the puzzles (hive, nonaga or hex)')
    .option('--from <file>', 'with puzzles: a file hexarena puzzles mine wrote (default: the set shipped for the game)')
    .option('--force', 'write into a non-empty folder that holds no earlier export')
    .option(
      '--lang <codes>',
      `the language the pages are written in (${STATIC_LANGUAGES.join(', ')}); several joined by commas, or all: each in its folder, with a switch between them`,
      languageList,
    )
    .action(async (what: string, flags: ExportStaticFlags & ExportPuzzlesFlags, command: Command) => {
      // `puzzles` is not a game: it names the other kind of export, whose own flags are --game and --from.
      if (what.toLowerCase() === 'puzzles') {
        if (command.getOptionValueSource('mode') !== 'default') throw new UsageError('--mode is for a solved game, not for puzzles');
        return (await import('./commands/export-puzzles.ts')).exportPuzzlesCommand(io, flags);
      }
      if (flags.game !== undefined || flags.from !== undefined)
        throw new UsageError('--game and --from are for export-static puzzles (hexarena export-static puzzles --game hive --out DIR)');
      return (await import('./commands/export-static.ts')).exportStaticCommand(io, what, flags);
    });

  const match = cli
    .command('match')
    .description(
      'play agents against each other over many games, rotating the seats every game; each record is written as its game ends, and without a terminal a line a game goes to stderr',
    )
    .argument('<game>', 'the game to play')
    .option(
      '--a <agent>',
      'first agent of a two-player game (random, easy, medium, hard, max, or one specific to the game; hive: also uhp:<command> for a UHP engine, http:<address> for a seed 004 HTTP player; hex: gtp:<command> for a GTP engine); a budget of its own may follow the name, @depth=N or @time=S, in place of --depth/--time',
    )
    .option('--b <agent>', 'second agent')
    .option('--seats <agents>', 'one agent per seat, comma-separated (dicewars: hard,gamedesign,gamedesign,…)')
    .option('--games <n>', 'number of games', positiveInt, 100)
    .option('--seed <seed>', 'seed for the whole match (random when omitted, and printed)')
    .option('--options <json>', 'game options as JSON')
    .option(
      '--json',
      'print { games, draws, results: [{ agent, wins, draws, losses }], agents: [{ agent, seats, wins, winRate, ci95, first: { games, wins } }], firstMover: { wins, draws, losses } } (with --sprt also sprt: { elo0, elo1, alpha, beta, llr, lower, upper, verdict })',
    )
    .option('--records <dir>', "write each game's record as the game ends into this new or empty folder (one JSON file a game)")
    .option('--depth <n>', "search depth per move for every agent (overrides the levels' own budgets)", wholeNumber(1, 30))
    .option('--time <seconds>', "thinking time per move for every agent (overrides the levels' own budgets)", wholeNumber(1, 3600))
    .option(
      '--max-moves <n>',
      'adjudicate a game still going after n moves (plies) as a draw (default 10,000; none for games that always end); hive also draws a threefold repetition',
      positiveInt,
    )
    .option(
      '--adjudicate <n>',
      "draw a game in which nothing has changed for n moves (hive: each queen's count of neighbours and the pieces in hand); off by default",
      positiveInt,
    )
    .option(
      '--move-timeout <seconds>',
      'a player that has not moved after this many seconds loses that game on time',
      wholeNumber(1, 86_400),
    )
    .option(
      '--random-opening <n>',
      'start each opening with n random legal moves (from the seed), then the agents; 0: the pair shares only the seed (DiceWars: map, deal, dice)',
      wholeNumber(0, 200),
    )
    .option('--openings <file>', 'openings, one a line (hive: a GameString; others: moves separated by ;), taken in turn')
    .option(
      '--concurrency <n>',
      'games played at once, each with agents of its own (outside engines: one process a game)',
      wholeNumber(1, 64),
    )
    .option('--sprt <elo0,elo1>', 'stop when a sequential test decides whether --a is elo0 or elo1 Elo stronger than --b (--games caps it)')
    .option('--alpha <p>', 'the sequential test’s chance of a false H1 (default 0.05)', probability)
    .option('--beta <p>', 'the sequential test’s chance of a false H0 (default 0.05)', probability);
  addGameFlags(
    match,
    CLI_GAMES.map((g) => ({ id: g.id, flags: g.matchFlags ?? [] })),
  ).action(async (game: string, flags: MatchFlags) => (await import('./commands/match.ts')).matchCommand(io, game, flags));

  const ladder = cli
    .command('ladder')
    .description("a rated round-robin among hexarena's levels and outside engines: Glicko-2 ratings with 95% intervals")
    .argument('<game>', 'the game, such as hive')
    .option(
      '--entrants <list>',
      'comma-separated players, each optionally label=…: levels (random, easy, medium, hard, max), hive: uhp:<command> (default: the levels, and HEXARENA_OUTSIDE_SEATS for hive)',
    )
    .option('--rounds <n>', 'each pair meets this many times with each colour', positiveInt, 1)
    .option(
      '--time <ms>',
      "milliseconds a move for every entrant (the levels' own budgets stop them sooner)",
      wholeNumber(1, 3_600_000),
      1000,
    )
    .option('--depth <n>', 'outside engines search to this depth instead of for the time', wholeNumber(1, 30))
    .option('--seed <seed>', 'seed of the order of the games and of every game (random when omitted, and printed)')
    .option('--options <json>', 'game options as JSON')
    .option(
      '--json',
      'print the table as JSON: { standings: [{ rank, entrant, rating, deviation, interval, games, wins, draws, losses, forfeits }], matrix, games, … }',
    )
    .option('--out <file>', 'also write the table as JSON to this file')
    .option(
      '--server <url>',
      'play the games on this server, between its engines, rated there (needs HEXARENA_OPERATOR_TOKEN); the site shows the table at /ladder',
    );
  addGameFlags(
    ladder,
    CLI_GAMES.map((g) => ({ id: g.id, flags: g.matchFlags ?? [] })),
  ).action(async (game: string, flags: LadderFlags) => (await import('./commands/ladder.ts')).ladderCommand(io, game, flags));

  const perft = cli
    .command('perft')
    .description('count the leaves of the legal-move tree, depth by depth, with the time and rate')
    .argument('<game>', 'the game, such as hive')
    .requiredOption('--depth <n>', `deepest depth (1 to ${MAX_PERFT_DEPTH})`, wholeNumber(1, MAX_PERFT_DEPTH))
    .option('--bulk', 'count the last ply from the length of the move list instead of playing it')
    .option('--json', 'print [{ depth, nodes, ms }]');
  addGameFlags(
    perft,
    CLI_GAMES.map((g) => ({ id: g.id, flags: g.perftFlags ?? [] })),
  ).action(async (game: string, flags: PerftFlags) => (await import('./commands/perft.ts')).perftCommand(io, game, flags));

  const play = cli
    .command('play')
    .description(`play in the terminal: humans and AIs in any mix (${CLI_GAMES.map((g) => g.id).join(', ')})`)
    .argument('<game>', CLI_GAMES.map((g) => g.id).join(', '))
    .option(
      '--seats <who>',
      'human or an agent per seat, comma-separated, in place of the seat flags (dicewars default: hard against reference bots)',
    )
    .option('--seed <seed>', "seed of the game (dicewars: map and dice) and of the AIs' choices")
    .option('--record <file>', 'keep the game record here, rewritten after every move (default with a human seat: <game>-<seed>.json)')
    .option('--no-record', 'keep no record file')
    .option('--resume <file>', 'continue the game of a record file (options, seed and moves from the record)');
  addGameFlags(
    play,
    CLI_GAMES.map((g) => ({ id: g.id, flags: g.playFlags })),
  ).action(async (game: string, flags: PlayFlags) => (await import('./commands/play.ts')).playCommand(io, game, flags));

  cli
    .command('import')
    .description('read a Hive game from boardspace.net (.sgf) or Mzinga / hivegame.com (.pgn), checked move by move, as a record')
    .argument('<file>', 'the .sgf or .pgn file')
    .option('--pgn', 'print it as PGN (as Mzinga reads it) instead of a JSON record')
    .action(async (file: string, flags: { pgn?: boolean }) => (await import('./commands/import.ts')).importCommand(io, file, flags));

  cli
    .command('book')
    .description('build an opening book by deep search (nonaga): the move for every position of the first turns')
    .argument('<game>', 'a game with a search, such as nonaga')
    .option('--depth <plies>', 'plies searched per position (1 to 8)', wholeNumber(1, 8), 4)
    .option('--turns <n>', 'turns from the start to cover (0 to 3)', wholeNumber(0, 3), 1)
    .requiredOption('--out <file>', 'where to write the book (JSON)')
    .action(async (game: string, flags: BookFlags) => (await import('./commands/book.ts')).bookCommand(io, game, flags));

  cli
    .command('openings')
    .description('a balanced opening set for match --openings: random lines kept when the search finds them near even')
    .argument('<game>', 'a game with a search: hive, hex, nonaga')
    .option('--count <n>', 'how many openings', wholeNumber(1, 1000), 50)
    .option('--plies <n>', 'plies in each opening', wholeNumber(1, 40), 8)
    .option('--depth <plies>', 'plies the judging search looks ahead', wholeNumber(1, 8), 3)
    .option('--margin <score>', "the most a position may lean to either side, in the evaluation's hundredths", wholeNumber(0, 100_000), 60)
    .option('--seed <seed>', 'seed of the random lines', 'openings')
    .requiredOption('--out <file>', 'where to write the openings (one a line)')
    .action(async (game: string, flags: OpeningsFlags) => (await import('./commands/openings.ts')).openingsCommand(io, game, flags));

  cli
    .command('tune')
    .description('tune the evaluation (hive): seeded self-play, then Texel tuning of its weights')
    .argument('<game>', 'the game whose evaluation to tune: hive')
    .option('--seed <seed>', 'seed of the self-play games', 'tune')
    .option('--games <n>', 'self-play games to learn from', wholeNumber(1, 100_000), 300)
    .option('--depth <plies>', 'plies each self-play move is searched (1 to 4)', wholeNumber(1, 4), 2)
    .option('--iterations <n>', "steps of the weights' descent", wholeNumber(1, 100_000), 600)
    .option('--blend <share>', "share of the game's result in each position's target, the rest the search's score (0 to 1)", share, 0.5)
    .requiredOption(
      '--out <file>',
      'where to write the weights (a TypeScript module, such as packages/engines/src/games/hive/hive-weights.ts)',
    )
    .action(async (game: string, flags: TuneFlags) => (await import('./commands/tune.ts')).tuneCommand(io, game, flags));

  const swiss = cli
    .command('swiss')
    .description(
      "FIDE's Dutch Swiss system on a Tournament Report File (TRF), as bbpPairings pairs it: pair the next round, check the recorded ones",
    );
  swiss
    .command('pair')
    .description(
      "pair the next round of a TRF: prints bbpPairings's pairings file (the number of pairs, then `white black` a line, `N 0` the bye)",
    )
    .argument('<file>', 'the tournament as TRF (players, the rounds played, XXR the number of rounds)')
    .option('--output <file>', 'write the pairings to this file instead of printing them')
    .action(async (file: string, flags: SwissPairFlags) => (await import('./commands/swiss.ts')).swissPairCommand(io, file, flags));
  swiss
    .command('check')
    .description('check each recorded round of a TRF against what the Dutch system pairs (exit 1 when one differs)')
    .argument('<file>', 'the tournament as TRF')
    .action(async (file: string) => (await import('./commands/swiss.ts')).swissCheckCommand(io, file));
  swiss
    .command('export')
    .description('write a Swiss run on a hexarena server as TRF (its complete rounds), for any outside tool to check')
    .argument('<id>', "the tournament's id (the end of its address, /tournaments/ID)")
    .option('--server <url>', 'the server it runs on', 'http://localhost:8080')
    .option('--output <file>', 'write the TRF to this file instead of printing it')
    .action(async (id: string, flags: SwissExportFlags) => (await import('./commands/swiss.ts')).swissExportCommand(io, id, flags));

  cli
    .command('serve')
    .description('serve the browser app (built first if needed) at http://localhost:8080')
    .option('--port <port>', 'port to listen on, 1 to 65535 (default PORT or 8080)', wholeNumber(1, 65535))
    .option('--host <host>', 'address to listen on (default localhost)')
    .option('--build', 'build the app again even if a build exists')
    .option('--data <dir>', 'folder of the online games store (default ./data)')
    .option('--db <url>', 'keep online games in PostgreSQL instead (postgres://…; default DATABASE_URL, else SQLite in --data)')
    .action(async (flags: { port?: number; host?: string; build?: boolean; data?: string; db?: string }) =>
      (await import('./commands/serve.ts')).serveCommand(io, flags),
    );

  cli
    .command('admin')
    .description(
      "the site's moderators, from the command line only: grant-moderator NAME, revoke-moderator NAME, list (the store `serve` uses)",
    )
    .argument('<action>', 'grant-moderator, revoke-moderator or list')
    .argument('[name]', "the player's username")
    .option('--data <dir>', 'folder of the online games store (default ./data)')
    .option('--db <url>', 'the PostgreSQL store instead (postgres://…; default DATABASE_URL, else SQLite in --data)')
    .option('--note <text>', 'why, for the audit log (default "from the command line")')
    .action(async (action: string, name: string | undefined, flags: AdminFlags) =>
      (await import('./commands/admin.ts')).adminCommand(io, action, name, flags),
    );

  cli
    .command('backup')
    .description("copy the server's store to a new file while it serves (SQLite's online backup; pg_dump with --db)")
    .argument('<file>', 'the backup to write (a new file)')
    .option('--data <dir>', 'folder of the online games store (default ./data)')
    .option('--db <url>', 'the PostgreSQL store instead (postgres://…; default DATABASE_URL, else SQLite in --data)')
    .action(async (file: string, flags: BackupFlags) => (await import('./commands/backup.ts')).backupCommand(io, file, flags));

  cli
    .command('restore')
    .description('put a backup in place as the store of a data folder or database (checked first; never over a store without --replace)')
    .argument('<file>', 'a backup made by hexarena backup')
    .option('--data <dir>', 'folder to restore into (default ./data)')
    .option('--db <url>', 'the PostgreSQL database to restore into instead (postgres://…; default DATABASE_URL)')
    .option('--replace', 'put it in place of the store there (kept beside it; refused while a server runs on it)')
    .action(async (file: string, flags: RestoreFlags) => (await import('./commands/backup.ts')).restoreCommand(io, file, flags));

  cli
    .command('http-player')
    .description(
      "a Hive player for seed 004's HTTP referee: answers POST /player_white and /player_black with a hexarena AI (hexarena referees one as an http:<address> agent: match hive --a hard --b http:127.0.0.1:9001)",
    )
    .option('--port <port>', 'port to listen on (default 9001)', wholeNumber(1, 65535), 9001)
    .option('--host <host>', 'address to listen on (default 127.0.0.1)', '127.0.0.1')
    .option('--level <level>', 'the AI that plays: random, easy, medium, hard, max (default hard)', 'hard')
    .action(async (flags: { port: number; host: string; level: string }) => {
      const { startSeed004Player } = await import('../protocols/seed004/player.ts');
      const player = await startSeed004Player(flags).catch((e: unknown) => {
        throw new UsageError(e instanceof Error ? e.message : String(e));
      });
      io.stdout(`hexarena plays Hive (${flags.level}) at ${player.url}/player_white and /player_black\n`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await player.close();
    });

  addEngineCommands(cli, io);
  return cli;
}

/** Runs the CLI and returns the exit code: 0 done, 1 failed, 2 called wrongly. */
export function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  return runProgram(program(io), argv, io);
}

/**
 * `npm run sprt -- [--base REV] [--time S | --depth N] [--sprt elo0,elo1] [--games N] [--concurrency N]`: the Hive
 * engine of this checkout against the engine of an earlier commit (HEAD~1 by default), as Stockfish
 * tests every change: a sequential probability ratio test at a short time control (1 s a move by
 * default: UHP's `bestmove time` counts whole seconds; `--depth` for a fixed depth), both engines through UHP,
 * from the project's balanced openings (each played with colours swapped). The earlier commit is
 * checked out beside this one for the run (a git worktree sharing these node_modules) and removed
 * after. The verdict and its likelihood ratio go into the commit message or the note.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback;
};
const base = flag('--base', 'HEAD~1');
const depth = args.includes('--depth') ? flag('--depth', '3') : null;
const time = flag('--time', '1');
const sprt = flag('--sprt', '0,10');
const games = flag('--games', '1000');
// Games at once (two lanes fit two cores: in each lane one engine thinks at a time).
const concurrency = flag('--concurrency', '1');
const openings = flag('--openings', path.join(root, 'bench', 'openings', 'hive.txt'));

const git = (...gitArgs: string[]) => {
  const run = spawnSync('git', gitArgs, { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${gitArgs.join(' ')}: ${run.stderr.trim()}`);
  return run.stdout.trim();
};

const commit = git('rev-parse', '--short', base);
const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-sprt-'));
const previous = path.join(dir, 'previous');
git('worktree', 'add', '--detach', previous, commit);
try {
  // The dependencies of one commit to the next are the same but for a rare update: share them.
  if (!existsSync(path.join(previous, 'node_modules'))) symlinkSync(path.join(root, 'node_modules'), path.join(previous, 'node_modules'));
  const engine = (checkout: string) => `uhp:node ${path.join(checkout, 'bin', 'hexarena.js')} uhp --threads 1`;
  const budget = depth === null ? ['--time', time] : ['--depth', depth];
  console.log(
    `SPRT: this checkout (${git('rev-parse', '--short', 'HEAD')}) against ${commit}, ${depth === null ? `${time} s` : `depth ${depth}`} a move, H0 ${sprt}`,
  );
  const match = spawn(
    process.execPath,
    [
      path.join(root, 'bin', 'hexarena.js'),
      'match',
      'hive',
      '--a',
      engine(root),
      '--b',
      engine(previous),
      ...budget,
      '--sprt',
      sprt,
      '--games',
      games,
      '--openings',
      openings,
      '--concurrency',
      concurrency,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  const code = await new Promise<number>((done) => match.on('exit', (c) => done(c ?? 1)));
  process.exitCode = code;
} finally {
  git('worktree', 'remove', '--force', previous);
  rmSync(dir, { recursive: true, force: true });
}

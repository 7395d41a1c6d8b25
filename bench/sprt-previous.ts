/**
 * `npm run sprt -- [--game ID] [--base REV] [--time S | --depth N] [--sprt elo0,elo1] [--games N] [--concurrency N]`:
 * the engine of this checkout against the engine of an earlier commit (HEAD~1 by default), as
 * Stockfish tests every change: a sequential probability ratio test at a short time control (1 s a
 * move by default; `--depth` for a fixed depth), both engines as programs. Hive's through UHP, from
 * the project's balanced openings (each played with colours swapped); every other game's through
 * engine-lines (`hexarena engine <game> --level L`, docs/engine-lines.md), from random openings of
 * `--random-opening` plies (4 by default; 0 for DiceWars, whose deal is random already: each pair of
 * games shares its seed, so its map, deal and dice), with
 * `--options JSON` passed to the match (DiceWars: `{"players":2}`). The earlier commit is checked
 * out beside this one for the run (a git worktree sharing these node_modules) and removed after. The
 * verdict and its likelihood ratio go into the commit message or the note. Engine-lines came with
 * commit "engine-lines": an earlier base has no `hexarena engine`, and the match says so.
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
const game = flag('--game', 'hive');
const level = flag('--level', 'max');
const gameOptions = flag('--options', '');
const openings = flag('--openings', path.join(root, 'bench', 'openings', 'hive.txt'));
const randomOpening = flag('--random-opening', game === 'dicewars' ? '0' : '4');

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
  const bin = (checkout: string) => path.join(checkout, 'bin', 'hexarena.js');
  const engine = (checkout: string) =>
    game === 'hive' ? `uhp:node ${bin(checkout)} uhp --threads 1` : `engine:node ${bin(checkout)} engine ${game} --level ${level}`;
  const starts =
    game === 'hive'
      ? ['--openings', openings]
      : ['--random-opening', randomOpening, ...(gameOptions === '' ? [] : ['--options', gameOptions])];
  const budget = depth === null ? ['--time', time] : ['--depth', depth];
  console.log(
    `SPRT ${game}: this checkout (${git('rev-parse', '--short', 'HEAD')}) against ${commit}, ${depth === null ? `${time} s` : `depth ${depth}`} a move, H0 ${sprt}`,
  );
  const match = spawn(
    process.execPath,
    [
      path.join(root, 'bin', 'hexarena.js'),
      'match',
      game,
      '--a',
      engine(root),
      '--b',
      engine(previous),
      ...budget,
      '--sprt',
      sprt,
      '--games',
      games,
      ...starts,
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

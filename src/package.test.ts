import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBot, startServer } from './server/online.testing.ts';

/**
 * The engines' package (packages/engines) as another project gets it: packed (`npm pack`), installed
 * from its tarball into an empty project, then used from plain Node and type-checked from TypeScript
 * through the package's "exports" alone.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENGINES = path.join(ROOT, 'packages', 'engines');
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
let project: string;
let packedFiles: string[];

const TEST_ONLY = /\.(test|testing)\.ts$/;

/** The latest time a file (not a test's) or a folder under `file` changed: a folder's changes when a file comes or goes in it. */
function newest(file: string): number {
  const stat = statSync(file);
  if (!stat.isDirectory()) return TEST_ONLY.test(file) ? 0 : stat.mtimeMs;
  return readdirSync(file).reduce((most, name) => Math.max(most, newest(path.join(file, name))), stat.mtimeMs);
}

/** The earliest time a file of `dir` was written (0 when it has none). */
function oldest(dir: string): number {
  let first = Number.POSITIVE_INFINITY;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) first = Math.min(first, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  return Number.isFinite(first) ? first : 0;
}

/**
 * Whether packages/engines/dist was compiled after everything it is compiled from last changed
 * (build-lib.mjs empties it and writes every file again): the compiler's run costs some 6 s of CPU.
 */
function libraryIsFresh(): boolean {
  try {
    const sources = ['src', 'tsconfig.json', 'package.json'].map((file) => newest(path.join(ENGINES, file)));
    // The compiler's options and version, and how it is run.
    const build = ['tsconfig.json', 'package-lock.json', 'scripts/build-lib.mjs'].map((file) => newest(path.join(ROOT, file)));
    return oldest(path.join(ENGINES, 'dist')) > Math.max(...sources, ...build);
  } catch {
    return false;
  }
}

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), 'hexarena-library-'));
  // The library as this checkout's sources make it (prepare does the same on npm install), unless it is already.
  if (!libraryIsFresh()) execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-lib.mjs')], { cwd: ROOT, stdio: 'pipe' });
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', project], { cwd: ENGINES, encoding: 'utf8' }),
  ) as { filename: string; files: { path: string }[] }[];
  const tarball = path.join(project, (packed[0] as { filename: string }).filename);
  packedFiles = (packed[0]?.files ?? []).map((f) => f.path);
  writeFileSync(path.join(project, 'package.json'), '{ "type": "module", "private": true }\n');
  // As a user installs it; offline, since a package with no dependency needs nothing from a registry.
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
    cwd: project,
    encoding: 'utf8',
    stdio: 'pipe',
  });
});

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('the engines as a library', () => {
  it('installs from its tarball with no other package, and ships its build alone: no sources, no tests', () => {
    const installed = readdirSync(path.join(project, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(installed).toEqual(['@hexarena']);
    expect(readdirSync(path.join(project, 'node_modules', '@hexarena'))).toEqual(['engines']);
    expect(packedFiles).toContain('dist/games/hive/index.js');
    expect(packedFiles).toContain('dist/games/hive/index.d.ts');
    expect(packedFiles.filter((f) => !/^(dist\/|package\.json$|README\.md$)/.test(f))).toEqual([]);
    expect(packedFiles.filter((f) => /\.(test|testing)\.|\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
  });

  it('plays a Hive and a Hex game from plain Node, with an AI of the package, its ratings and its protocol parser', () => {
    writeFileSync(
      path.join(project, 'play.mjs'),
      `import { hive } from '@hexarena/engines/games/hive';
import { createAgent } from '@hexarena/engines/ai';
import { Rng } from '@hexarena/engines/engine';
import { parseServerMessage } from '@hexarena/engines/protocol';
import { GAMES } from '@hexarena/engines/games';
import { hex } from '@hexarena/engines/games/hex';
import { NEW_PLAYER, rateGame } from '@hexarena/engines/ratings';
const rng = Rng.fromSeed('library');
const agent = createAgent(hive, 'easy');
if (!agent.ok) throw agent.error;
let state = hive.newGame(hive.defaultOptions, 'library');
const moves = [];
while (hive.result(state) === null && moves.length < 30) {
  const move = moves.length % 2 === 0 ? await agent.value.choose(hive, state, { rng }) : rng.pick(hive.legalMoves(state));
  moves.push(hive.formatMove(state, move));
  state = hive.play(state, move);
}
// A whole game of Hex (a Hex board always fills to a winner), then the winner rated.
let board = hex.newGame(hex.defaultOptions, 'library');
let hexPlies = 0;
while (hex.result(board) === null) {
  board = hex.play(board, rng.pick(hex.legalMoves(board)));
  hexPlies++;
}
const [winner, loser] = rateGame(NEW_PLAYER, NEW_PLAYER, 1);
const answer = parseServerMessage(JSON.stringify({ type: 'rematch', id: 'r1' }));
console.log(JSON.stringify({ moves: moves.length, over: hive.result(state) !== null, first: moves[0], games: GAMES.map((g) => g.id), parsed: answer.ok,
  hex: { plies: hexPlies, result: hex.result(board) }, rated: [Math.round(winner.rating), Math.round(loser.rating)] }));
`,
    );
    const out = JSON.parse(execFileSync(process.execPath, ['play.mjs'], { cwd: project, encoding: 'utf8' })) as Record<string, unknown>;
    expect(out).toMatchObject({ parsed: true });
    // Hex ends with a winner, never a draw, before the board is full; two newcomers move apart equally.
    const played = out.hex as { plies: number; result: unknown };
    expect(played.result).not.toBeNull();
    expect(played.plies).toBeGreaterThan(0);
    const [up, down] = out.rated as [number, number];
    expect(up).toBeGreaterThan(1500);
    expect(up - 1500).toBe(1500 - down);
    // Thirty moves, unless a queen was surrounded first (the seeded game depends on the move order).
    if (out.over) expect(out.moves).toBeGreaterThan(0);
    else expect(out.moves).toBe(30);
    expect(out.first).toMatch(/^w[ABGLMPQS]1?$/);
    expect(out.games).toEqual(expect.arrayContaining(['hive', 'dicewars', 'nonaga', 'tictactoe']));
  });

  it('type-checks a TypeScript file against its .d.ts types, and a wrong use of them fails', () => {
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2023',
          types: [],
          skipLibCheck: false,
        },
        files: ['good.ts', 'wrong-type.ts', 'inside.ts'],
      }),
    );
    // The right use and two wrong ones, as three modules of one program: one compiler run, each file's
    // errors told apart by the file name tsc puts before them.
    const sources = {
      'good.ts': `import { type HiveState, hive } from '@hexarena/engines/games/hive';
import type { ClientMessage } from '@hexarena/engines/protocol';
const state: HiveState = hive.newGame(hive.defaultOptions, 's');
const count: number = hive.legalMoves(state).length;
const message: ClientMessage = { type: 'resign', seat: 0, token: 't' };
export { count, message };
`,
      'wrong-type.ts': `import { hive } from '@hexarena/engines/games/hive';\nexport const wrong: string = hive.legalMoves(hive.newGame(hive.defaultOptions, 's'));\n`,
      // Only what "exports" names: the sources' insides are not part of the library.
      'inside.ts': `import { HivePosition } from '@hexarena/engines/src/games/hive/position.ts';\nexport { HivePosition };\n`,
    };
    for (const [name, source] of Object.entries(sources)) writeFileSync(path.join(project, name), source);
    let output = '';
    try {
      execFileSync(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' });
    } catch (e) {
      output = String((e as { stdout?: string }).stdout);
    }
    const errorsOf = (file: string) => output.split('\n').filter((line) => line.startsWith(`${file}(`));
    // Nothing else is wrong: not the right use, not the package's own .d.ts files (skipLibCheck is off).
    expect(output.split('\n').filter((line) => /error TS/.test(line) && !/^(wrong-type|inside)\.ts\(/.test(line))).toEqual([]);
    expect(errorsOf('wrong-type.ts').join('\n')).toMatch(/error TS2322/);
    expect(errorsOf('inside.ts').join('\n')).toMatch(/error TS/);
  });

  it('builds the TypeScript example bot against the package alone, and it plays a game on a real server', async () => {
    // Node's types, as a bot author's project has them; the package gives the rest.
    symlinkSync(path.join(ROOT, 'node_modules', '@types'), path.join(project, 'node_modules', '@types'), 'dir');
    const bot = path.join(project, 'bot');
    mkdirSync(bot);
    copyFileSync(path.join(ROOT, 'examples', 'typed-bot.ts'), path.join(bot, 'typed-bot.ts'));
    writeFileSync(
      path.join(bot, 'tsconfig.json'),
      JSON.stringify({
        // Node's own declarations are not checked (as `tsc --init` has it): checking them took 5 s of CPU, and
        // the package's are checked with skipLibCheck off above.
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2023',
          types: ['node'],
          outDir: '.',
          skipLibCheck: true,
        },
        files: ['typed-bot.ts'],
      }),
    );
    writeFileSync(path.join(bot, 'package.json'), '{ "type": "module", "private": true }\n');
    execFileSync(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: bot, encoding: 'utf8' });
    const data = mkdtempSync(path.join(tmpdir(), 'hexarena-typed-bot-'));
    const server = await startServer(data, { HEXARENA_API_RATE: '100000' });
    try {
      const { token } = await registerBot(server.base, 'typed');
      const played = await new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['typed-bot.js', server.base, 'tictactoe', 'random'], {
          cwd: bot,
          env: { ...process.env, HEXARENA_BOT_TOKEN: token },
        });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`the bot exited with ${code}:\n${out}`))));
      });
      expect(played).toMatch(/plays tictactoe game \S+ against random/);
      expect(played).toMatch(/game \S+ is over/);
    } finally {
      await server.kill();
      rmSync(data, { recursive: true, force: true });
    }
  });
});

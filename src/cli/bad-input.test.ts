import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playGame } from './commands/play.ts';
import { displayPath, fileStem } from './files.ts';
import { dataFolder, processIo } from './io.ts';
import { main } from './main.ts';
import { captureIo, scratchFolder, typed } from './testing.ts';

/**
 * A command called wrongly, or pointed at a file or folder it cannot use, says so in one line
 * (exit code 2) and leaves everything as it was: no spinning, no endless read, no errno codes,
 * no file deleted that the command did not write.
 */
async function cli(cwd: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const { io, out, err } = captureIo(cwd);
  const code = await main(argv, io);
  return { code, out: out(), err: err() };
}

/** One line, no stack, no raw errno code or syscall name. */
const clearLine = (err: string) => {
  expect(err.trim().split('\n')).toHaveLength(1);
  expect(err).not.toMatch(/ENOTDIR|ENOENT|EACCES|scandir|Rng\.int|NaN|\bat \//);
};

describe('bad command lines and places', () => {
  it('book --turns abc is a mistake, and no book is written', async () => {
    const dir = scratchFolder();
    const r = await cli(dir, 'book', 'nonaga', '--turns', 'abc', '--out', 'b.json');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--turns.*whole number from 0 to 3/);
    expect(existsSync(path.join(dir, 'b.json'))).toBe(false);
  });

  it('perft --depth and serve --port take bounded decimal numbers only', async () => {
    const dir = scratchFolder();
    for (const argv of [
      ['perft', 'hive', '--depth', '60'],
      ['perft', 'hive', '--depth', '0x3'],
      ['serve', '--port', ''],
      ['serve', '--port', '0x4848'],
      ['serve', '--port', '70000'],
      ['serve', '--port', '0'],
    ]) {
      const r = await cli(dir, ...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(/expected a whole number from \d+ to \d+/);
      clearLine(r.err);
    }
  });

  it('a folder that cannot be made (under /proc, under a file) is refused at once, in words', async () => {
    const dir = scratchFolder();
    writeFileSync(path.join(dir, 'a-file'), 'mine');
    for (const argv of [
      ['match', 'tictactoe', '--a', 'random', '--b', 'random', '--games', '2', '--records', '/proc/hexarena-x'],
      ['export-static', 'tictactoe', '--out', '/proc/hexarena-x'],
      ['match', 'tictactoe', '--a', 'random', '--b', 'random', '--games', '2', '--records', 'a-file/sub'],
      ['export-static', 'tictactoe', '--out', 'a-file/sub'],
    ]) {
      const r = await cli(dir, ...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(/cannot (make the folder|use)/);
      clearLine(r.err);
    }
    expect(readFileSync(path.join(dir, 'a-file'), 'utf8')).toBe('mine');
  });

  it('export-static trusts no marker: a malformed one is no export, and listed files of the user are never deleted', async () => {
    const dir = scratchFolder();
    writeFileSync(path.join(dir, '.hexarena-export.json'), '{"pages":5}');
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    const refused = await cli(dir, 'export-static', 'tictactoe', '--out', '.');
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/holds no earlier export/);
    // A marker that lists the user's files as pages: they stay; only pages this command wrote go.
    writeFileSync(path.join(dir, 'mine.html'), '<p>my page</p>');
    writeFileSync(
      path.join(dir, '.hexarena-export.json'),
      JSON.stringify({ game: 'tictactoe', mode: 'vs-ai', pages: ['notes.txt', 'mine.html', '../outside.html'] }),
    );
    const r = await cli(dir, 'export-static', 'tictactoe', '--out', '.', '--mode', 'vs-ai');
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    expect(readFileSync(path.join(dir, 'mine.html'), 'utf8')).toBe('<p>my page</p>');
    // A later export in the other mode removes the pages of this one, which it can tell are its own.
    const vsAi = readdirSync(path.join(dir, 'x'));
    expect(vsAi.length).toBeGreaterThan(0);
    expect((await cli(dir, 'export-static', 'tictactoe', '--out', '.')).code).toBe(0);
    expect(existsSync(path.join(dir, 'x', vsAi[0] as string))).toBe(false);
    expect(readFileSync(path.join(dir, 'mine.html'), 'utf8')).toBe('<p>my page</p>');
  });

  it('play --resume reads only a regular file of a record’s size: /dev/zero and a folder are refused', async () => {
    const dir = scratchFolder();
    mkdirSync(path.join(dir, 'folder'));
    for (const file of ['/dev/zero', 'folder', 'missing.json']) {
      const r = await cli(dir, 'play', 'tictactoe', '--resume', file);
      expect(r.code, file).toBe(2);
      expect(r.err).toMatch(/--resume: (.* is not a regular file|cannot read .*: it does not exist)/);
      clearLine(r.err);
    }
  });

  it('a long seed makes a record name the file system takes, and paths outside the folder are shown whole', async () => {
    const dir = scratchFolder();
    const seed = 's'.repeat(300);
    const { io, out } = captureIo(dir);
    await playGame(io, 'tictactoe', { o: 'human', seed }, typed('b2', 'quit'));
    const [file] = readdirSync(dir);
    expect(file).toMatch(/^tictactoe-s{48}-[0-9a-f]{8}\.json$/);
    expect(JSON.parse(readFileSync(path.join(dir, file as string), 'utf8'))).toMatchObject({ seed, moves: ['b2'] });
    expect(out()).toContain(`Saving the game in ${file}`);
    expect(fileStem('plain-seed.1')).toBe('plain-seed.1');
    expect(fileStem('a b')).toBe('a_b');
    expect(displayPath({ cwd: '/home/me/games' }, '/home/me/games/x.json')).toBe('x.json');
    expect(displayPath({ cwd: '/home/me/games' }, '/tmp/x.json')).toBe('/tmp/x.json');
  });
});

describe('where terminal games keep their records by default', () => {
  it('in the user’s data folder, never the working folder (inside a clone they would show in git status)', () => {
    expect(dataFolder({ HEXARENA_DATA: '/srv/hex' })).toBe('/srv/hex');
    expect(dataFolder({ XDG_DATA_HOME: '/home/me/.data' })).toBe('/home/me/.data/hexarena');
    expect(dataFolder({})).toBe(path.join(os.homedir(), '.local', 'share', 'hexarena'));
    expect(processIo.recordsFolder).toBe(path.join(dataFolder(), 'games'));
  });
});

import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../server/online.testing.ts';

/**
 * What `hexarena serve` on SQLite loads from spawn to listening, counted rather than timed: its
 * start-up is mostly loading code (docs/server.md), so a regression shows as files loaded. The
 * command line is built from today's sources into a package of its own (as `npm install` builds
 * it), and run with a preload that notes every module the main thread loads until the server says
 * where it listens.
 */
const repo = path.resolve('.');
const root = mkdtempSync(path.join(tmpdir(), 'hexarena-serve-loads-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Notes each ES module's address, with the thread that loaded it (off-thread hooks, Node 20.6+). */
const HOOKS = `import { appendFileSync } from 'node:fs';
let log = null;
export function initialize(data) { log = data; }
export async function load(url, context, next) {
  if (!url.startsWith('node:')) appendFileSync(log.file, \`\${log.thread} \${url}\\n\`);
  return next(url, context);
}`;

/** At the line saying where the server listens: the ES modules noted so far, and CommonJS's cache. */
const PRELOAD = `import { register } from 'node:module';
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
const file = process.env.LOADS_LOG;
register(new URL('./hooks.mjs', import.meta.url), { data: { file, thread: threadId } });
if (threadId === 0) {
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    if (String(chunk).includes('hexarena is at')) {
      const esm = readFileSync(file, 'utf8').split('\\n').filter((l) => l.startsWith('0 ')).map((l) => l.slice(2));
      const cjs = Object.keys(createRequire(import.meta.url).cache);
      writeFileSync(process.env.LOADS_OUT, JSON.stringify({ esm, cjs }));
    }
    return write(chunk, ...rest);
  };
}`;

interface Loaded {
  readonly esm: string[];
  readonly cjs: string[];
}

let loaded: Loaded;

/** The package a file belongs to (`@scope/name` or `name`), or null for a file outside node_modules. */
function packageOf(file: string): string | null {
  const at = file.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const parts = file.slice(at + '/node_modules/'.length).split('/');
  return (parts[0] as string).startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] as string);
}

beforeAll(async () => {
  mkdirSync(path.join(root, 'bin'));
  for (const file of ['hexarena.js', 'compiled-is-fresh.js', 'package.json'])
    copyFileSync(path.join(repo, 'bin', file), path.join(root, 'bin', file));
  symlinkSync(path.join(repo, 'node_modules'), path.join(root, 'node_modules'));
  symlinkSync(path.join(repo, 'src'), path.join(root, 'src'));
  writeFileSync(path.join(root, 'package.json'), '{ "name": "hexarena", "type": "module" }\n');
  execFileSync(process.execPath, [path.join(repo, 'scripts', 'build-cli.mjs'), path.join(root, 'dist', 'cli')], { stdio: 'pipe' });
  const web = path.join(root, 'web');
  mkdirSync(web);
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>hexarena</title>');
  writeFileSync(path.join(root, 'hooks.mjs'), HOOKS);
  writeFileSync(path.join(root, 'preload.mjs'), PRELOAD);
  const out = path.join(root, 'loaded.json');
  const child = spawn(
    process.execPath,
    [
      '--import',
      path.join(root, 'preload.mjs'),
      path.join(root, 'bin', 'hexarena.js'),
      'serve',
      '--port',
      String(await freePort()),
      '--host',
      '127.0.0.1',
      '--data',
      path.join(root, 'data'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        HEXARENA_WEB_DIST: web,
        LOADS_LOG: path.join(root, 'loads.log'),
        LOADS_OUT: out,
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let said = '';
  child.stderr.on('data', (d: Buffer) => (said += d.toString()));
  await new Promise<void>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (d: Buffer) => {
      text += d.toString();
      if (text.includes('hexarena is at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`hexarena serve exited (${code}) before listening:\n${said}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  loaded = JSON.parse(readFileSync(out, 'utf8')) as Loaded;
}, 120_000);

describe('hexarena serve on SQLite, from spawn to listening', () => {
  it('runs the compiled command line, none of the TypeScript sources', () => {
    const files = [...loaded.esm, ...loaded.cjs];
    expect(files.filter((f) => f.includes('/src/') || f.endsWith('.ts'))).toEqual([]);
    expect(loaded.esm.some((f) => f.endsWith('/dist/cli/hexarena.js'))).toBe(true);
  });

  it('reads from node_modules only better-sqlite3 (native, with what finds its binary): the rest is bundled, PostgreSQL, Redis and argon2 load when used', () => {
    const packages = new Set([...loaded.esm, ...loaded.cjs].map(packageOf).filter((p) => p !== null));
    expect([...packages].sort()).toEqual(['better-sqlite3', 'bindings', 'file-uri-to-path']);
  });

  it('loads a few dozen files, not hundreds', () => {
    const built = loaded.esm.filter((f) => f.includes('/dist/cli/'));
    // 45 when this was written (before the packages were bundled in: some 480 files of node_modules
    // besides); the bound leaves room for a few more modules split off.
    expect(built.length, built.join('\n')).toBeLessThanOrEqual(60);
    // better-sqlite3's own files (16 with bindings and file-uri-to-path).
    expect(loaded.cjs.length, loaded.cjs.join('\n')).toBeLessThanOrEqual(20);
  });
});

/** The nodes a perft counts, depth by depth, run as `hexarena perft` from the package built above (its times left out). */
const perft = () =>
  execFileSync(process.execPath, [path.join(root, 'bin', 'hexarena.js'), 'perft', 'tictactoe', '--depth', '2'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .map((line) => line.replace(/nodes .*/, 'nodes'));

describe("the command line's code cache (src/cli/cached-entry.ts)", () => {
  // cli.cjs.<command>.<the bundle's fingerprint>.cache
  const cache = (command: string) => {
    const dir = path.join(root, 'dist', 'cli');
    const found = readdirSync(dir).filter((f) => f.startsWith(`cli.cjs.${command}.`) && f.endsWith('.cache'));
    expect(found.length).toBeLessThanOrEqual(1);
    return path.join(dir, found[0] ?? `cli.cjs.${command}.none.cache`);
  };

  it('is written by the first server to start, beside the bundle', () => {
    expect(statSync(cache('serve')).size).toBeGreaterThan(100_000);
  });

  it('is written by a command once, kept while V8 takes it, and written again when it refuses it', () => {
    expect(existsSync(cache('perft'))).toBe(false);
    const said = perft();
    const written = readFileSync(cache('perft'));
    expect(written.length).toBeGreaterThan(1000);
    // Taken: the same output, the cache left as it was.
    expect(perft()).toEqual(said);
    expect(readFileSync(cache('perft')).equals(written)).toBe(true);
    // Refused (not V8's): still the same output, and a cache V8 takes written in its place.
    writeFileSync(cache('perft'), 'not a code cache');
    expect(perft()).toEqual(said);
    expect(readFileSync(cache('perft')).length).toBeGreaterThan(1000);
  });
});

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `hexarena uhp` and `hexarena gtp` run from a bundle of their own (scripts/build-cli.mjs,
 * src/cli/engine-main.ts): a bridge starts an engine process per move, and reading and compiling the
 * whole command line was most of such a start. Counted rather than timed: the bundle's size and what
 * is in it, and which bundle an engine process ran (the code cache it leaves is named for it).
 */
const dist = path.resolve('dist/cli');
const bin = path.resolve('bin/hexarena.js');
const folder = mkdtempSync(path.join(tmpdir(), 'hexarena-first-ok-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the engine commands’ bundle', () => {
  it('is a small part of the whole command line, with nothing of the server or its packages', () => {
    const engines = readFileSync(path.join(dist, 'engines.cjs'), 'latin1');
    expect(engines.length).toBeLessThan(statSync(path.join(dist, 'cli.cjs')).size / 5);
    for (const other of ['src/server/', 'node_modules/fastify', 'node_modules/kysely', 'node_modules/ws/', 'src/web/'])
      expect(engines).not.toContain(other);
    expect(engines).toContain('packages/engines/src/games/hive/');
  });

  it('is what a UHP, a GTP and an engine-lines process run, answering as the whole command line does', () => {
    const uhp = execFileSync(process.execPath, [bin, 'uhp', '--threads=1'], { input: 'info\nnewgame Base+MLP\n', encoding: 'utf8' });
    expect(uhp.split('\n').slice(0, 3)).toEqual(['id hexarena v0.1.0', 'Mosquito;Ladybug;Pillbug', 'ok']);
    expect(uhp).toContain('Base+MLP;NotStarted;White[1]');
    const gtp = execFileSync(process.execPath, [bin, 'gtp'], { input: 'name\nboardsize 5\n', encoding: 'utf8' });
    expect(gtp).toBe('= hexarena\n\n=\n\n');
    const lines = execFileSync(process.execPath, [bin, 'engine', 'hex', '--level', 'easy'], { input: 'info\n', encoding: 'utf8' });
    expect(lines).toBe('id hexarena v0.1.0 hex easy\nok\nid hexarena v0.1.0 hex easy\nok\n');
    const caches = readdirSync(dist).filter((f) => f.endsWith('.cache'));
    expect(caches.some((f) => /^engines\.cjs\.engine\./.test(f))).toBe(true);
    expect(caches.some((f) => /^engines\.cjs\.uhp\./.test(f))).toBe(true);
    expect(caches.some((f) => /^engines\.cjs\.gtp\./.test(f))).toBe(true);
    expect(caches.filter((f) => /^cli\.cjs\.(uhp|gtp|engine)\./.test(f))).toEqual([]);
  });

  it('tells its flags as the whole command line does, from the engine bundle', () => {
    const help = execFileSync(process.execPath, [bin, 'uhp', '--help'], { encoding: 'utf8' });
    expect(help).toContain('--threads <n>');
    expect(help).toContain('Universal Hive Protocol');
    // Bridges' flags are read without commander (uhp-flags.ts); a mistake still gets commander's words.
    const wrong = spawnSync(process.execPath, [bin, 'uhp', '--threads=0'], { input: '', encoding: 'utf8' });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toBe("hexarena: option '--threads <n>' argument '0' is invalid. expected a whole number from 1 to 1024\n");
    const passedOver = spawnSync(process.execPath, [bin, 'uhp', '--hash', '64', '--threads=1'], { input: '', encoding: 'utf8' });
    expect(passedOver.status).toBe(0);
    expect(passedOver.stderr).toBe('hexarena uhp: ignoring "--hash"\nhexarena uhp: ignoring "64"\n');
  });

  it('`hexarena uhp` says its first ok from the engine entry alone, before any bundle is read', () => {
    // What the entry is built of (scripts/build-cli.mjs lists it): the first answer's few files, no more.
    const sources = readFileSync(path.join(dist, 'engine-entry.sources'), 'utf8').trim().split('\n');
    expect(sources.sort()).toEqual(
      [
        'src/cli/bundle-loader.ts',
        'src/cli/engine-entry.ts',
        'src/cli/uhp-flags.ts',
        'src/cli/version.ts',
        'src/protocols/uhp/info.ts',
      ].sort(),
    );
    const entry = readFileSync(path.join(dist, 'engine-entry.cjs'), 'utf8');
    expect(entry.length).toBeLessThan(12_000);
    expect([...entry.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]).filter((m) => !m?.startsWith('node:'))).toEqual([]);
    // A probe preloaded into the process says, as the first ok is written, which files it had read
    // and which modules it had required by then.
    const probe = path.join(folder, 'probe.cjs');
    writeFileSync(
      probe,
      `const fs = require('node:fs');
const read = [];
const readFileSync = fs.readFileSync;
fs.readFileSync = function (file, ...rest) { read.push(String(file)); return readFileSync.call(this, file, ...rest); };
const write = process.stdout.write;
process.stdout.write = function (chunk, ...rest) {
  if (/^ok$/m.test(String(chunk))) {
    process.stdout.write = write;
    fs.writeSync(2, 'first ok ' + JSON.stringify({ read, required: Object.keys(require.cache) }) + '\\n');
  }
  return write.call(this, chunk, ...rest);
};
`,
    );
    const run = spawnSync(process.execPath, ['--require', probe, bin, 'uhp', '--threads=1'], { input: 'newgame Base\n', encoding: 'utf8' });
    expect(run.stdout).toBe('id hexarena v0.1.0\nMosquito;Ladybug;Pillbug\nok\nBase;NotStarted;White[1]\nok\n');
    const said = /^first ok (.*)$/m.exec(run.stderr);
    expect(said, run.stderr).not.toBeNull();
    const { read, required } = JSON.parse(said?.[1] ?? '{}') as { read: string[]; required: string[] };
    // The freshness check reads dist/cli's built-at and source lists; no bundle and no code cache.
    expect(read.filter((file) => /\.(cjs|cache)$/.test(file) && file !== path.join(dist, 'engine-entry.cjs'))).toEqual([]);
    expect(required.sort()).toEqual([probe, bin, path.resolve('bin/compiled-is-fresh.js'), path.join(dist, 'engine-entry.cjs')].sort());
  });
});

import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * bin/hexarena.js runs the compiled command line while it is newer than every source of it, and the
 * sources otherwise. Here it runs in a copy of the package whose two entries only say which ran.
 */
const root = mkdtempSync(path.join(tmpdir(), 'hexarena-bin-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

mkdirSync(path.join(root, 'bin'));
for (const file of ['hexarena.js', 'compiled-is-fresh.js', 'package.json'])
  copyFileSync(path.resolve('bin', file), path.join(root, 'bin', file));
symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'));
writeFileSync(path.join(root, 'package.json'), '{"type":"module"}');
mkdirSync(path.join(root, 'dist/cli'), { recursive: true });
writeFileSync(path.join(root, 'dist/cli/hexarena.js'), 'export const main = async () => { console.log("compiled"); return 0; };');
// The engine commands' entry, required without the ES module loader (bin/package.json makes bin CommonJS).
writeFileSync(path.join(root, 'dist/cli/engine-entry.cjs'), 'exports.main = async () => { console.log("compiled engine"); return 0; };');
mkdirSync(path.join(root, 'src/cli'), { recursive: true });
writeFileSync(path.join(root, 'src/cli/main.ts'), 'export const main = async (): Promise<number> => { console.log("source"); return 0; };');

const BUILT = 1_700_000_000_000;
writeFileSync(path.join(root, 'dist/cli/built-at'), String(BUILT));
/** A file under src, or the engines' package's (made empty if new), last changed `after` ms after the build. */
function edit(file: string, after: number, under = 'src'): void {
  const at = path.join(root, under, file);
  mkdirSync(path.dirname(at), { recursive: true });
  if (!existsSync(at)) writeFileSync(at, '');
  utimesSync(at, (BUILT + after) / 1000, (BUILT + after) / 1000);
}
const runs = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(root, 'bin/hexarena.js'), ...args], { encoding: 'utf8' }).trim();

describe('bin/hexarena.js', () => {
  it('runs the build while no source is newer; a newer test or test helper leaves it fresh; a newer source runs the sources', () => {
    edit('cli/main.ts', -1000);
    expect(runs()).toBe('compiled');
    edit('games/hive/rules.test.ts', 1000, 'packages/engines/src');
    edit('server/online.testing.ts', 1000);
    expect(runs()).toBe('compiled');
    edit('server/room.ts', 1000);
    expect(runs()).toBe('source');
  });

  it('a newer source of the engines’ package, which the build bundles, runs the sources too', () => {
    edit('server/room.ts', -1000);
    expect(runs()).toBe('compiled');
    edit('games/hive/rules.ts', 1000, 'packages/engines/src');
    expect(runs()).toBe('source');
  });

  it('an engine command looks only at the sources its bundle lists, and a listed source gone is stale', () => {
    edit('server/room.ts', -1000);
    edit('games/hive/rules.ts', -1000, 'packages/engines/src');
    edit('protocols/uhp/engine.ts', -1000);
    writeFileSync(path.join(root, 'dist/cli/engines.sources'), 'src/protocols/uhp/engine.ts\npackages/engines/src/games/hive/rules.ts\n');
    expect(runs('uhp')).toBe('compiled engine');
    // A source outside the engines' bundle: the engine commands stay compiled, the others do not.
    edit('server/room.ts', 1000);
    expect(runs('uhp')).toBe('compiled engine');
    expect(runs('gtp')).toBe('compiled engine');
    expect(runs('serve')).toBe('source');
    edit('games/hive/rules.ts', 1000, 'packages/engines/src');
    expect(runs('uhp')).toBe('source');
    edit('games/hive/rules.ts', -1000, 'packages/engines/src');
    expect(runs('engine')).toBe('compiled engine');
    writeFileSync(path.join(root, 'dist/cli/engines.sources'), 'src/protocols/uhp/engine.ts\nsrc/protocols/uhp/gone.ts\n');
    expect(runs('uhp')).toBe('source');
    // A build from before the lists: the whole tree decides.
    rmSync(path.join(root, 'dist/cli/engines.sources'));
    expect(runs('uhp')).toBe('source');
    edit('server/room.ts', -1000);
    expect(runs('uhp')).toBe('compiled engine');
  });
});

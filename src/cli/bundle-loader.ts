import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Script } from 'node:vm';

/**
 * Runs one of dist/cli's CommonJS bundles (cli.cjs, engines.cjs: scripts/build-cli.mjs makes them)
 * through V8's code cache, as Node 22's module.enableCompileCache would and Node 20 cannot for ES
 * modules. Without a cache, parsing and compiling the bundle's code is most of what `hexarena serve`
 * does before it listens; with one, V8 reads the compiled functions back. The cache is written beside
 * the bundle by the first process of each command (a server once it has started, a short command as
 * it exits), rewritten when V8 refuses it (another Node, other flags), and gone with every build,
 * which empties dist/cli. A folder it cannot write to (an installed package's) only means no cache.
 */

/** The command a cache is kept for: each holds what its own start compiled (a server's is not a UHP engine's). */
export const cacheCommand = (word: string | undefined): string => (/^[a-z][a-z-]{0,31}$/.test(word ?? '') ? (word as string) : 'other');

/**
 * `<bundle>.<command>.<fingerprint>.cache`: named for the bundle it was made from (its fingerprint,
 * set by the build), since V8 checks a cache against its source's length only, and a process of the
 * build before, still running, may write its own cache here.
 */
export const cacheFileFor = (bundle: string, command: string, fingerprint: string): string => `${bundle}.${command}.${fingerprint}.cache`;

/**
 * The bundle's exports. `importOutside`: import() of the packages left outside the bundle (argon2,
 * Vite), made by the entry itself (scripts/build-cli.mjs rewrites the bundle's import() to call it):
 * V8 runs a script read back from its code cache without the callback Node gives vm.Script for import().
 */
export function runCachedBundle(bundle: string, cacheFile: string, importOutside: (specifier: string) => Promise<unknown>): unknown {
  // The bundle is ASCII (built with charset ascii): read as Latin-1, it is one byte a letter, at once.
  const source = readFileSync(bundle, 'latin1');
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // Strict, as the ES modules it was built from are.
  const script = new Script(`(function (exports, require, module, __filename, __dirname, __hexarenaImport) {'use strict';${source}\n})`, {
    filename: bundle,
    cachedData,
  });
  const loaded: { exports: unknown } = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    loaded.exports,
    createRequire(bundle),
    loaded,
    bundle,
    path.dirname(bundle),
    importOutside,
  );

  if (cachedData === undefined || script.cachedDataRejected === true) {
    let written = false;
    const write = () => {
      if (written) return;
      written = true;
      const temporary = `${cacheFile}.${process.pid}`;
      try {
        writeFileSync(temporary, script.createCachedData());
        // Whole or not at all, should two processes write it at once.
        renameSync(temporary, cacheFile);
      } catch {
        rmSync(temporary, { force: true });
      }
    };
    // A server has started within a few seconds: what it compiled by then is what the next start needs.
    setTimeout(write, 3000).unref();
    process.once('exit', write);
  }
  return loaded.exports;
}

import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/**
 * dist/cli/hexarena.js, what bin/hexarena.js imports (and dist/cli/engine-entry.cjs, the same as
 * CommonJS, what it requires for the engine commands, without the ES module loader): runs the command line's bundle (cli.cjs, one
 * CommonJS file that scripts/build-cli.mjs makes of src/cli/main.ts; engines.cjs for uhp and gtp) through V8's code cache, as
 * Node 22's module.enableCompileCache would and Node 20 cannot for ES modules. Without a cache,
 * parsing and compiling the bundle's code is most of what `hexarena serve` does before it listens;
 * with one, V8 reads the compiled functions back. The cache is written beside the bundle by the
 * first process of each command (a server once it has started, a short command as it exits),
 * rewritten when V8 refuses it (another Node, other flags), and gone with every build, which
 * empties dist/cli. A folder it cannot write to (an installed package's) only means no cache.
 */
/** The bundle's fingerprint, set by the build (scripts/build-cli.mjs). */
declare const __hexarenaBundle: string;

/** What src/cli/engine-main.ts serves: a process a bridge starts per move. */
const ENGINE_COMMANDS = new Set(['uhp', 'gtp', 'engine']);

// One cache a command: each holds what its own start compiled (a server's is not a UHP engine's).
const command = /^[a-z][a-z-]{0,31}$/.test(process.argv[2] ?? '') ? (process.argv[2] as string) : 'other';
// The engine commands from a bundle of their own, a tenth of the whole command line's (scripts/build-cli.mjs).
const bundle = fileURLToPath(new URL(ENGINE_COMMANDS.has(command) ? './engines.cjs' : './cli.cjs', import.meta.url));
// Named for the bundle it was made from: V8 checks a cache against its source's length only, and a
// process of the build before, still running, may write its own cache here.
const cacheFile = `${bundle}.${command}.${__hexarenaBundle}.cache`;

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
const loaded: { exports: { main?: (argv: string[]) => Promise<number> } } = { exports: {} };
(script.runInThisContext() as (...args: unknown[]) => void)(
  loaded.exports,
  createRequire(bundle),
  loaded,
  bundle,
  fileURLToPath(new URL('.', import.meta.url)),
  // import() of the packages left outside the bundle (argon2, Vite), from here (scripts/build-cli.mjs).
  (specifier: string) => import(specifier),
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

export const main = loaded.exports.main as (argv: string[]) => Promise<number>;

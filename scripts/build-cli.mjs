#!/usr/bin/env node
// Compiles the command line (and the server's AI thread) into dist/cli: JavaScript that starts at
// once, where running the TypeScript sources through tsx costs most of a second per process (UHP
// bridges start one engine process per move), with the packages it uses bundled in, run through
// V8's code cache (src/cli/cached-entry.ts). Run by `npm
// install` (the prepare script) and by `npm run build`; bin/hexarena.js falls back to the sources
// when they are newer than this build.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let build;
try {
  ({ build } = await import('esbuild'));
} catch {
  // Installed without development tools: the command line runs from the sources (a slower start).
  console.warn('hexarena: esbuild is not installed, so the command line is not compiled (it runs from the sources)');
  process.exit(0);
}

const root = fileURLToPath(new URL('..', import.meta.url));
// `node scripts/build-cli.mjs [DIR]`: DIR in place of dist/cli (a test builds a package of its own).
const outdir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'dist', 'cli');
// Chunks are named by content: an old build's would pile up beside the new one's.
rmSync(outdir, { recursive: true, force: true });

// What both builds leave outside: the native packages (better-sqlite3, argon2), those only a server
// on PostgreSQL with Redis loads (pg, ioredis, loaded when used), optional peers that are not
// installed, and the build tools. Everything else is bundled in: a server that loads a few large
// files starts in about half the time of one that resolves and reads some five hundred small ones
// (docs/server.md).
const external = [
  'better-sqlite3',
  '@node-rs/argon2',
  'pg',
  'pg-native',
  'ioredis',
  'bufferutil',
  'utf-8-validate',
  'vite',
  'tsx',
  'esbuild',
];
const common = {
  absWorkingDir: root,
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  external,
  // No license comments kept (the packages keep theirs in node_modules).
  legalComments: 'none',
  logLevel: 'warning',
};

// The command line: one CommonJS file, run through V8's code cache by dist/cli/hexarena.js
// (src/cli/cached-entry.ts), which Node 20 offers for scripts and not for ES modules. Its own
// import.meta.url is the bundle's address. Without whitespace, and in ASCII (the entry reads it as
// Latin-1: one non-ASCII letter would make V8 hold a whole megabyte as two-byte text). Beside it the
// engine commands (uhp, gtp) alone: a bridge starts one engine process per move, and reading the
// whole command line's megabytes is much of such a start.
// The sources a bundle was compiled from, one a line: bin/hexarena.js checks only these before an
// engine command runs the bundle (bin/compiled-is-fresh.js), where looking at every source took
// longer than the rest of an engine's start. Packages are left out, as the full check leaves them.
function writeSources(name, metafile) {
  const sources = Object.keys(metafile.inputs).filter((input) => !/(^|\/)node_modules\//.test(input));
  writeFileSync(path.join(outdir, `${name}.sources`), `${sources.join('\n')}\n`);
}

async function commonJsBundle(name, entry) {
  const { metafile } = await build({
    ...common,
    entryPoints: { [name]: entry },
    format: 'cjs',
    define: { 'import.meta.url': '__hexarenaUrl' },
    banner: { js: "var __hexarenaUrl = require('node:url').pathToFileURL(__filename).href;" },
    minifyWhitespace: true,
    minifySyntax: true,
    charset: 'ascii',
    outExtension: { '.js': '.cjs' },
    metafile: true,
  });
  writeSources(name, metafile);
  // import() of a package left outside (argon2, Vite) goes through the entry's own import(): V8 runs a
  // script read back from its code cache without the callback Node gives vm.Script for import().
  const bundled = path.join(outdir, `${name}.cjs`);
  const outside = new RegExp(`\\bimport\\("(${external.map((e) => e.replace(/[/.]/g, '\\$&')).join('|')})"\\)`, 'g');
  const text = readFileSync(bundled, 'latin1').replace(outside, '__hexarenaImport("$1")');
  writeFileSync(bundled, text, 'latin1');
  return text;
}
const texts = [await commonJsBundle('cli', 'src/cli/main.ts'), await commonJsBundle('engines', 'src/cli/engine-main.ts')];
// The bundles' fingerprint names their caches: V8 checks a cache against the source's length only, and
// a process of an earlier build still running may write its own beside this one.
const fingerprint = texts
  .reduce((hash, text) => hash.update(text), createHash('sha256'))
  .digest('hex')
  .slice(0, 16);

// The entry bin/hexarena.js imports, and the server's AI and pairing threads (ES modules of their own).
await build({
  ...common,
  entryPoints: {
    hexarena: 'src/cli/cached-entry.ts',
    'agent-thread': 'src/server/agent-thread.ts',
    'pairing-thread': 'src/server/tournaments/pairing-thread.ts',
  },
  define: { __hexarenaBundle: JSON.stringify(fingerprint) },
  splitting: true,
  format: 'esm',
  // A bundled CommonJS package calls require(): in an ES module it is made here.
  banner: { js: "import { createRequire as __hexarenaRequire } from 'node:module'; const require = __hexarenaRequire(import.meta.url);" },
  outExtension: { '.js': '.js' },
  chunkNames: 'chunks/[name]-[hash]',
});
// The engine commands' entry, CommonJS: bin/hexarena.js (CommonJS too) requires it, so that an
// engine process never starts Node's ES module loader, a fifth of a bare Node start. `hexarena uhp`
// says its first ok from this file alone, before engines.cjs is read (src/cli/engine-entry.ts).
// Its import() of outside packages stays an import().
const entry = await build({
  ...common,
  entryPoints: { 'engine-entry': 'src/cli/engine-entry.ts' },
  define: { __hexarenaBundle: JSON.stringify(fingerprint), 'import.meta.url': '__hexarenaUrl' },
  banner: { js: "var __hexarenaUrl = require('node:url').pathToFileURL(__filename).href;" },
  format: 'cjs',
  supported: { 'dynamic-import': true },
  outExtension: { '.js': '.cjs' },
  metafile: true,
});
// What it is made of (engine-bundle.test.ts holds it to the few files a first ok needs).
writeSources('engine-entry', entry.metafile);
// The time of this build: bin/hexarena.js compares it with the sources'.
writeFileSync(path.join(outdir, 'built-at'), `${Date.now()}\n`);

#!/usr/bin/env node
// Compiles the command line (and the server's AI thread) into dist/cli: JavaScript that starts at
// once, where running the TypeScript sources through tsx costs most of a second per process (UHP
// bridges start one engine process per move), with the packages it uses bundled in. Run by `npm
// install` (the prepare script) and by `npm run build`; bin/hexarena.js falls back to the sources
// when they are newer than this build.
import { rmSync, writeFileSync } from 'node:fs';
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

await build({
  absWorkingDir: root,
  entryPoints: { hexarena: 'src/cli/main.ts', 'agent-thread': 'src/server/agent-thread.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Packages are bundled in too: a server that loads a few large files starts in about half the time
  // of one that resolves and reads some five hundred small ones (docs/server.md). Left outside: the
  // native ones (better-sqlite3, argon2), those only a server on PostgreSQL with Redis loads (pg,
  // ioredis, loaded when used), optional peers that are not installed, and the build tools.
  external: ['better-sqlite3', '@node-rs/argon2', 'pg', 'pg-native', 'ioredis', 'bufferutil', 'utf-8-validate', 'vite', 'tsx', 'esbuild'],
  // A bundled CommonJS package calls require(): in an ES module it is made here.
  banner: { js: "import { createRequire as __hexarenaRequire } from 'node:module'; const require = __hexarenaRequire(import.meta.url);" },
  // No license comments kept (the packages keep theirs in node_modules): one non-ASCII letter in a
  // comment makes Node decode and V8 parse a whole megabyte chunk as two-byte text.
  legalComments: 'none',
  outExtension: { '.js': '.js' },
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
// The time of this build: bin/hexarena.js compares it with the sources'.
writeFileSync(path.join(outdir, 'built-at'), `${Date.now()}\n`);

#!/usr/bin/env node
// Compiles the command line (and the server's AI thread) into dist/cli: JavaScript that starts at
// once, where running the TypeScript sources through tsx costs most of a second per process (UHP
// bridges start one engine process per move). Run by `npm install` (the prepare script) and by
// `npm run build`; bin/hexarena.js falls back to the sources when they are newer than this build.
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
const outdir = path.join(root, 'dist', 'cli');
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
  // Dependencies load from node_modules as they are (better-sqlite3 is native).
  packages: 'external',
  outExtension: { '.js': '.js' },
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
// The time of this build: bin/hexarena.js compares it with the sources'.
writeFileSync(path.join(outdir, 'built-at'), `${Date.now()}\n`);

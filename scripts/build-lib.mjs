#!/usr/bin/env node
// Compiles the engines' package (packages/engines) into its dist: JavaScript and .d.ts types for the
// rules, the AIs, the ratings, the hex-grid module and the online protocol (its package.json's
// "exports"), so that another project imports them from plain Node or a bundler, with no other
// package. Run by `npm install` (prepare) and `npm run build`; the app itself uses the sources.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
let tsc;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  // Installed without development tools: the library is whatever the package shipped.
  console.warn("hexarena: typescript is not installed, so the engines' package (packages/engines/dist) is not compiled");
  process.exit(0);
}
// A module removed from the sources must not linger in the library.
const engines = path.join(root, 'packages', 'engines');
rmSync(path.join(engines, 'dist'), { recursive: true, force: true });
const run = spawnSync(process.execPath, [tsc, '-p', path.join(engines, 'tsconfig.json')], { stdio: 'inherit' });
process.exit(run.status ?? 1);

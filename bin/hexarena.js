#!/usr/bin/env node
// Runs the compiled command line (dist/cli, built by `npm install` through the prepare script) when
// it is newer than every source file, so a command is ready at once; otherwise the TypeScript
// sources through tsx, so an edited source never runs as stale compiled code.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleIsFresh, compiledIsFresh } from './compiled-is-fresh.js';

const root = fileURLToPath(new URL('..', import.meta.url));
// The engine commands run from a bundle of their own (src/cli/cached-entry.ts has the same list):
// only its sources decide whether it is fresh, since a bridge starts an engine process per move.
const engine = ['uhp', 'gtp', 'engine'].includes(process.argv[2] ?? '');

let main;
if (process.env.HEXARENA_FROM_SOURCE !== '1' && (engine ? bundleIsFresh(root, 'engines') : compiledIsFresh(root)))
  ({ main } = await import('../dist/cli/hexarena.js'));
else {
  const { register } = await import('tsx/esm/api');
  // The tsconfig by path: it maps @hexarena/engines to the package's sources from any working folder.
  register(existsSync(`${root}tsconfig.json`) ? { tsconfig: `${root}tsconfig.json` } : {});
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));

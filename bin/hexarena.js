#!/usr/bin/env node
// Runs the compiled command line (dist/cli, built by `npm install` through the prepare script) when
// it is newer than every source file, so a command is ready at once; otherwise the TypeScript
// sources through tsx, so an edited source never runs as stale compiled code.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compiledIsFresh } from './compiled-is-fresh.js';

const root = fileURLToPath(new URL('..', import.meta.url));

let main;
if (process.env.HEXARENA_FROM_SOURCE !== '1' && compiledIsFresh(root)) ({ main } = await import('../dist/cli/hexarena.js'));
else {
  const { register } = await import('tsx/esm/api');
  // The tsconfig by path: it maps @hexarena/engines to the package's sources from any working folder.
  register(existsSync(`${root}tsconfig.json`) ? { tsconfig: `${root}tsconfig.json` } : {});
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));

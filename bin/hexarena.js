#!/usr/bin/env node
// Runs the compiled command line (dist/cli, built by `npm install` through the prepare script) when
// it is newer than every source file, so a command is ready at once; otherwise the TypeScript
// sources through tsx, so an edited source never runs as stale compiled code.
//
// CommonJS (bin/package.json): an engine command (uhp, gtp, engine) runs its compiled bundle through
// dist/cli/engine-entry.cjs without Node's ES module loader, whose start alone was a fifth of a bare
// Node start, in a process a bridge starts per move. The other commands import the ES module entry.
const { existsSync } = require('node:fs');
const path = require('node:path');
const { bundleIsFresh, compiledIsFresh } = require('./compiled-is-fresh.js');

const root = `${path.resolve(__dirname, '..')}${path.sep}`;
// The engine commands run from a bundle of their own (src/cli/cached-entry.ts has the same list):
// only its sources decide whether it is fresh.
const engine = ['uhp', 'gtp', 'engine'].includes(process.argv[2] ?? '');

async function entry() {
  if (process.env.HEXARENA_FROM_SOURCE !== '1' && (engine ? bundleIsFresh(root, 'engines') : compiledIsFresh(root)))
    return engine ? require('../dist/cli/engine-entry.cjs').main : (await import('../dist/cli/hexarena.js')).main;
  const { register } = await import('tsx/esm/api');
  // The tsconfig by path: it maps @hexarena/engines to the package's sources from any working folder.
  register(existsSync(`${root}tsconfig.json`) ? { tsconfig: `${root}tsconfig.json` } : {});
  return (await import('../src/cli/main.ts')).main;
}

entry()
  .then((main) => main(process.argv.slice(2)))
  .then((code) => {
    process.exitCode = code;
  });

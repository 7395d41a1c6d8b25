// Before any test file runs: the command line compiled again if a source changed since its build, so
// the servers and commands the tests start run as a user's do (from the sources, each would spend
// twice the CPU starting). Plain JavaScript: vitest loads its global set-up with Node's own import.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compiledIsFresh } from '../bin/compiled-is-fresh.js';

export default function buildCli() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (!compiledIsFresh(root)) execFileSync(process.execPath, [`${root}scripts/build-cli.mjs`], { stdio: 'inherit' });
}

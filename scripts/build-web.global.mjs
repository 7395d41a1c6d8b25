// Before any test file runs: the browser app built once, from the sources under test, for every
// browser test; and the command line compiled again if a source changed since its build, so the
// servers and commands the tests start run as a user's do (from the sources, each would spend
// twice the CPU starting). Plain JavaScript: vitest loads its global set-up with Node's own import, before any
// TypeScript loader, so this file registers tsx to reach the sources.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { compiledIsFresh } from '../bin/compiled-is-fresh.js';

register();
const { ensureBuilt } = await import('../src/cli/commands/serve.ts');
const { captureIo } = await import('../src/cli/testing.ts');

export default async function buildWeb() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (!compiledIsFresh(root)) execFileSync(process.execPath, [`${root}scripts/build-cli.mjs`], { stdio: 'inherit' });
  await ensureBuilt(captureIo().io, true);
}

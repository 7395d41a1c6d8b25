#!/usr/bin/env node
// Runs the compiled command line (dist/cli, built by `npm install` through the prepare script) when
// it is newer than every source file, so a command is ready at once; otherwise the TypeScript
// sources through tsx, so an edited source never runs as stale compiled code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Tests and their helpers are never part of the command line: editing one leaves the build fresh. */
const TEST_ONLY = /\.(test|testing)\.ts$/;

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(file));
    else if (!TEST_ONLY.test(entry.name)) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

function compiledIsFresh() {
  try {
    return Number(readFileSync(`${root}dist/cli/built-at`, 'utf8')) >= newestSource(`${root}src`);
  } catch {
    return false;
  }
}

let main;
if (process.env.HEXARENA_FROM_SOURCE !== '1' && compiledIsFresh()) ({ main } = await import('../dist/cli/hexarena.js'));
else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));

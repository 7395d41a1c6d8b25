// Whether dist/cli (the compiled command line) is newer than every source it was compiled from.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';

/** Tests and their helpers are never part of the command line: editing one leaves the build fresh. */
const TEST_ONLY = /\.(test|testing)\.ts$/;

function newestSource(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(file));
    else if (!TEST_ONLY.test(entry.name)) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

/** `root`: the package's folder, ending in a slash. */
export function compiledIsFresh(root) {
  try {
    const built = Number(readFileSync(`${root}dist/cli/built-at`, 'utf8'));
    // The app's sources and the engines' package it bundles.
    return built >= Math.max(newestSource(`${root}src`), newestSource(`${root}packages/engines/src`));
  } catch {
    return false;
  }
}

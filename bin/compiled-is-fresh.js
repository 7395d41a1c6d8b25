// Whether dist/cli (the compiled command line) is newer than every source it was compiled from.
// CommonJS (bin/package.json), as bin/hexarena.js is.
const { existsSync, readdirSync, readFileSync, statSync } = require('node:fs');

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
function compiledIsFresh(root) {
  try {
    const built = Number(readFileSync(`${root}dist/cli/built-at`, 'utf8'));
    // The app's sources and the engines' package it bundles.
    return built >= Math.max(newestSource(`${root}src`), newestSource(`${root}packages/engines/src`));
  } catch {
    return false;
  }
}

/**
 * Whether one bundle of dist/cli (`engines`: engines.cjs) is newer than each source it was compiled
 * from, as the build listed them (dist/cli/<bundle>.sources, paths from the package's folder): an
 * engine process a bridge starts per move looks at its hundred-odd sources, not the whole tree's
 * eight hundred. A listed source that is gone means the build is stale; a build without the list
 * (an older one) is checked as a whole.
 */
function bundleIsFresh(root, bundle) {
  let built;
  let sources;
  try {
    built = Number(readFileSync(`${root}dist/cli/built-at`, 'utf8'));
    sources = readFileSync(`${root}dist/cli/${bundle}.sources`, 'utf8').split('\n');
  } catch {
    return compiledIsFresh(root);
  }
  if (!(built > 0)) return false;
  for (const source of sources) {
    if (source === '') continue;
    const stat = statSync(`${root}${source}`, { throwIfNoEntry: false });
    if (stat === undefined || stat.mtimeMs > built) return false;
  }
  return true;
}

module.exports = { compiledIsFresh, bundleIsFresh };

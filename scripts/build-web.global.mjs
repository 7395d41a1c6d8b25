// Before the app's and the browser's test files run: the command line compiled if stale
// (build-cli.global.mjs), and the browser app built with Vite if any source it is built from changed
// since its last build, so the pages under test are the sources under test, and a run after an
// unchanged one builds nothing. Plain JavaScript: vitest loads its global set-up with Node's own
// import, before any TypeScript loader, so this file registers tsx to reach the sources, and only
// when there is something to build: the build's module imports the whole server, which cost every
// run of vitest 2.5 s of CPU (13 s of wall time on a loaded machine) before its first test.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import buildCli from './build-cli.global.mjs';

/** Where `hexarena serve` serves the app from (src/cli/commands/serve.ts's WEB_DIST, checked when building). */
const WEB_DIST = fileURLToPath(new URL('../dist/web', import.meta.url));

const TEST_ONLY = /\.(test|testing)\.ts$/;

function newest(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return TEST_ONLY.test(file) ? 0 : stat.mtimeMs;
  return readdirSync(file).reduce((most, name) => Math.max(most, newest(`${file}/${name}`)), 0);
}

/** Whether dist/web was built after every file it is built from (its index.html is written last). */
function webIsFresh(root) {
  try {
    const built = statSync(`${WEB_DIST}/index.html`).mtimeMs;
    return (
      built >=
      Math.max(
        newest(`${root}src`),
        newest(`${root}packages/engines/src`),
        newest(`${root}vite.config.ts`),
        newest(`${root}scripts/vite-service-worker.ts`),
        newest(`${root}scripts/precompiled-catalogs.ts`),
        newest(`${root}scripts/vite-precompress.ts`),
        newest(`${root}scripts/page-chunks.ts`),
        newest(`${root}scripts/vite-page-preloads.ts`),
        newest(`${root}scripts/vite-prerender.ts`),
        newest(`${root}package-lock.json`),
      )
    );
  } catch {
    return false;
  }
}

let built = false;

export default async function buildWeb() {
  buildCli();
  const root = fileURLToPath(new URL('..', import.meta.url));
  // Both the app's and the browser's project name this set-up: the first builds, the second finds it fresh.
  if (built || webIsFresh(root)) return;
  const { register } = await import('tsx/esm/api');
  register();
  const serve = await import('../src/cli/commands/serve.ts');
  if (path.resolve(serve.WEB_DIST) !== path.resolve(WEB_DIST))
    throw new Error(`the app is served from ${serve.WEB_DIST}, but this set-up checks ${WEB_DIST}`);
  const { captureIo } = await import('../src/cli/testing.ts');
  await serve.ensureBuilt(captureIo().io, true);
  built = true;
}

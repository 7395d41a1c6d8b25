import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The suite's files by kind, read from what each file imports rather than kept by hand, so a new
 * test lands in its kind by itself:
 * - `rules`: the isomorphic layers and their protocols (engines, AI, ratings, puzzles, UHP, seed 004)
 *   computed in-process: no browser, no site server, no database, no child process (`npm run test:rules`);
 * - `matches`: the AIs' strength claims, seeded matches of many games (they import the strength
 *   cases): rules too, but the heaviest computing of the suite, so `npm test` plays them and
 *   `npm run test:rules` does not;
 * - `browser`: drives chromium (imports the headless-chromium launcher, or the browser files' set-up,
 *   static-site.testing.ts, which launches it);
 * - `app`: the rest: the server, its stores, the command line, the web app's modules under Node, and
 *   every test that starts an outside program (the compiled command line, an outside engine, bbpPairings).
 */
export type TestKind = 'rules' | 'matches' | 'app' | 'browser';

/** The engines' package (packages/engines) is rules throughout; of the app, its tournaments, puzzles and protocols. */
const RULES_FOLDERS = ['packages/engines/', 'src/tournaments/', 'src/puzzles/', 'src/protocols/'];
const TEST_FILE = /\.test\.ts$/;
const SLOW_FILE = /\.slow\.test\.ts$/;
/** A file that starts the site's server or a store (puzzles mined from a server's games, say) is an app test. */
const SITE = /from '(\.\.\/)+server\//;
const BROWSER = /(from |import\()'[^']*(headless-chromium|static-site\.testing)\.ts'/;
const MATCHES = /(from |import\()'[^']*\/strength\.testing\.ts'/;
/**
 * A file that starts a child process: Node's own module for it, the path of the compiled command
 * line (bridge.testing.ts), or bbpPairings's runner. A protocol's parser and session are rules; the
 * same protocol spoken to a real program is an integration test.
 */
const PROCESS = /(from |import\()'(node:child_process|[^']*\/bridge\.testing\.ts|[^']*\/bbp-pairings\.ts)'/;

function testFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(root, file);
    return TEST_FILE.test(entry.name) && !SLOW_FILE.test(entry.name) ? [file] : [];
  });
}

export function kindOf(file: string, source: string): TestKind {
  if (BROWSER.test(source)) return 'browser';
  if (MATCHES.test(source)) return 'matches';
  if (RULES_FOLDERS.some((folder) => file.startsWith(folder)) && !SITE.test(source) && !PROCESS.test(source)) return 'rules';
  return 'app';
}

/** Every test file of `npm test` under `root` (paths relative to it, with `/`), by kind. */
export function testFilesByKind(root: string): Record<TestKind, string[]> {
  const kinds: Record<TestKind, string[]> = { rules: [], matches: [], app: [], browser: [] };
  for (const file of [...testFiles(root, 'packages'), ...testFiles(root, 'src'), ...testFiles(root, 'scripts')])
    kinds[kindOf(file, readFileSync(path.join(root, file), 'utf8'))].push(file);
  return kinds;
}

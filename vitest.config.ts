import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './scripts/longest-first.ts';
import { type TestKind, testFilesByKind } from './scripts/test-kinds.ts';

const FILES = testFilesByKind(fileURLToPath(new URL('.', import.meta.url)));

/**
 * No verdict may hang on the machine's load: a test waits for events, and its limit only stops a
 * hung one, never measures speed (benchmarks in bench/ measure that). The limits are per kind of
 * file, each many times what its longest test takes on a machine running two busy loops beside the
 * suite (`npm run test:busy`): the rules compute in-process, the strength matches play many games
 * each, the app's tests start servers, stores and programs, the browser's drive chromium against a
 * server.
 */
const LIMIT_MS: Record<TestKind, number> = { rules: 120_000, matches: 240_000, app: 240_000, browser: 300_000 };

/** A kind of test file as a vitest project: its files, its limits, and what must be built first. */
function project(kind: TestKind, globalSetup?: string) {
  const limit = LIMIT_MS[kind];
  return {
    extends: true as const,
    test: {
      name: kind,
      include: FILES[kind],
      globalSetup: globalSetup === undefined ? [] : [globalSetup],
      testTimeout: limit,
      hookTimeout: limit,
      expect: { poll: { timeout: limit } },
    },
  };
}

export default defineConfig({
  test: {
    // Slow suites (deep perft, full-size strength matches) run with `npm run test:slow`, never in `npm test`.
    exclude: ['**/node_modules/**', '**/*.slow.test.ts'],
    projects: [
      // The rules compute in-process: nothing is built for them, nor for the strength matches.
      project('rules'),
      project('matches'),
      // The servers and the browser tests serve the app: built once, and only when a source changed.
      project('app', 'scripts/build-web.global.mjs'),
      project('browser', 'scripts/build-web.global.mjs'),
    ],
    // fast-check's cases come from a fixed seed (FC_SEED to draw others).
    setupFiles: ['scripts/fast-check.setup.ts'],
    // Both cores: the browser tests wait on chromium while the engines' tests compute.
    maxWorkers: 2,
    // Longest first, by the durations of an earlier run (scripts/test-durations.json).
    sequence: { sequencer: LongestFirst },
    // Each worker imports the sources once, not once per file (a tenth of the suite's CPU went to
    // importing). Tests share no state through modules: stubs are undone after each test, and every
    // server a test needs is its own.
    isolate: false,
    // Node's own import, with tsx for the TypeScript, rather than Vite's module runner: the runner
    // reaches every imported binding through a getter, which made the engines' searches four to five
    // times slower under test than in the CLI (a Hive strength match: 8.2 s against 2.0 s). The suite
    // mocks no module, so it needs nothing the runner adds.
    execArgv: ['--import', './scripts/test-imports.mjs'],
    experimental: { viteModuleRunner: false, nodeLoader: false },
  },
});

import { defineConfig } from 'vitest/config';
import LongestFirst from './scripts/longest-first.ts';

/**
 * No verdict may hang on the machine's load: limits are generous safety nets for a hung test,
 * never a measure of speed (benchmarks in bench/ measure that).
 */
const GENEROUS_MS = 180_000;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Slow suites (deep perft, full-size strength matches) run with `npm run test:slow`, never in `npm test`.
    exclude: ['**/node_modules/**', '**/*.slow.test.ts'],
    // The browser tests (local and online) share one build of the app.
    globalSetup: ['scripts/build-web.global.mjs'],
    // fast-check's cases come from a fixed seed (FC_SEED to draw others).
    setupFiles: ['scripts/fast-check.setup.ts'],
    testTimeout: GENEROUS_MS,
    hookTimeout: GENEROUS_MS,
    expect: { poll: { timeout: GENEROUS_MS } },
    // Both cores: the browser tests wait on chromium while the engines' tests compute.
    maxWorkers: 2,
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

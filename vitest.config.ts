import { defineConfig } from 'vitest/config';

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
    globalSetup: ['scripts/build-web.global.ts'],
    // fast-check's cases come from a fixed seed (FC_SEED to draw others).
    setupFiles: ['scripts/fast-check.setup.ts'],
    testTimeout: GENEROUS_MS,
    hookTimeout: GENEROUS_MS,
    expect: { poll: { timeout: GENEROUS_MS } },
    // Both cores: the browser tests wait on chromium while the engines' tests compute.
    maxWorkers: 2,
  },
});

import { defineConfig } from 'vitest/config';

/** The opt-in slow suites: `npm run test:slow`. Limits are hours: these are long by design. */
export default defineConfig({
  test: { include: ['src/**/*.slow.test.ts'], testTimeout: 3_600_000, setupFiles: ['scripts/fast-check.setup.ts'] },
});

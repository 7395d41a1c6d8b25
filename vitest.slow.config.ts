import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The opt-in slow suites: `npm run test:slow`. Limits are hours: these are long by design. */
export default defineConfig({
  // The engines' package from its sources, as in vite.config.ts.
  resolve: { alias: { '@hexarena/engines': fileURLToPath(new URL('./packages/engines/src', import.meta.url)) } },
  test: {
    include: ['src/**/*.slow.test.ts', 'packages/*/src/**/*.slow.test.ts'],
    testTimeout: 3_600_000,
    setupFiles: ['scripts/fast-check.setup.ts'],
  },
});

import { defineConfig } from 'vitest/config';

/** The opt-in slow suites: `npm run test:slow`. */
export default defineConfig({
  test: { include: ['src/**/*.slow.test.ts'] },
});

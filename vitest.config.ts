import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Slow suites (deep perft and the like) run with `npm run test:slow`, never in `npm test`.
    exclude: ['**/node_modules/**', '**/*.slow.test.ts'],
  },
});

import { defineConfig } from 'vitest/config';

// Fast suite: everything except tests named *.slow.test.ts (those run in `npm run test:slow`).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/**/*.slow.test.ts', 'node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});

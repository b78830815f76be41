import { defineConfig } from 'vitest/config';

// Slow suite: real third-party documents (GitHub REST) generated and type-checked, and the
// hosted checkout in Chromium (test/browser/).
export default defineConfig({
  test: {
    include: ['test/**/*.slow.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // One file at a time: the GitHub type-check alone may use a 12 GB heap on a 24 GB, 2-core machine.
    fileParallelism: false,
  },
});

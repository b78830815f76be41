import { defineConfig } from 'vitest/config';
import { runtimeSourceAliases } from './test/runtime-source-aliases.js';

// Slow suite: real third-party documents (GitHub REST) generated and type-checked, the hosted
// checkout in Chromium (test/browser/), the packed package and a petstore in temp host projects.
export default defineConfig({
  // Output generated with the default 'package' runtime imports cross-border-payments-runtime/…:
  // tests run it on the sources, as copied output does (the slow host test runs the packed runtime package).
  resolve: { alias: runtimeSourceAliases },
  test: {
    include: ['test/**/*.slow.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // One file at a time: the GitHub type-check alone may use a 12 GB heap on a 24 GB, 2-core machine.
    fileParallelism: false,
  },
});

import { defineConfig } from 'vitest/config';
import { runtimeSourceAliases } from './test/runtime-source-aliases.js';

// Fast suite: everything except tests named *.slow.test.ts (those run in `npm run test:slow`).
export default defineConfig({
  // Output generated with the default 'package' runtime imports cross-border-payments-runtime/…:
  // tests run it on the sources, as copied output does (the slow host test runs the packed runtime package).
  resolve: { alias: runtimeSourceAliases },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/**/*.slow.test.ts', 'node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});

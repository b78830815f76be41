import os from 'node:os';
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
    // Vitest's default (one worker fewer than the cores) is a single worker on a 2-core machine,
    // while many files spend their time waiting on a child process (tsc, the CLI) or a socket.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // One worker runs many files and keeps the modules they import (TypeScript, ajv, the
    // generator) loaded: a fresh process per file cost more than the tests themselves. A test that
    // changes module state (a registry, a cache) must undo it before it ends.
    isolate: false,
    // Generated output is type-checked in the worker (test/generator/helpers/compile-output.ts).
    env: { CBP_TEST_TSC_IN_PROCESS: '1' },
  },
});

import os from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { runtimeSourceAliases } from './test/runtime-source-aliases.js';

/**
 * The files that ran longest on the 2-core machine (waits for webhooks and Retry-After, sandbox
 * runs, type-checks), started before the others. Without a results cache (a clean clone, as in
 * CI) vitest starts the larger files first, and these are mostly small: one started last leaves
 * the other worker idle. Only the order depends on this list; a file missing from it still runs.
 */
const LONGEST: readonly string[] = [
  'test/conformance/legitimate.test.ts',
  'test/conformance/variants.test.ts',
  'test/live-targets/hidden-sandbox.test.ts',
  'test/generator/plugin-selections.test.ts',
  'test/docs/readme-snippets.test.ts',
  'test/generator/real-documents.test.ts',
  'test/generator/hostile.test.ts',
  'test/generator/bundle-refs.test.ts',
  'test/generator/strictest-output.test.ts',
  'test/runtime/payments/webhooks/crash-restart.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST.findIndex((p) => f.moduleId.endsWith(p));
      return i === -1 ? LONGEST.length : i;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

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
    sequence: { sequencer: LongestFirst },
  },
});

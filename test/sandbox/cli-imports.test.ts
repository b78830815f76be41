// `cbp --help`, `cbp generate` and `cbp conformance --base-url` must not pay for (or need) the
// modules of other commands: the generator pulls in typescript and swagger-parser, the mock
// and the runner need generated/. So cli/ imports only light modules
// up front; the heavy ones are imported inside run().
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LIGHT = new Set([
  'yargs',
  // node:fs and node:path only: our own package.json, for --version.
  '../generator/package-info.js',
  '../../generator/package-info.js',
  // node:fs, node:path and package-info only: the runtime package's name, for generate's hints.
  '../../generator/plugins/runtime-root.js',
  // Type-only imports: the help texts derived from the plugin registry, which prepare() loads.
  '../../generator/plugins/describe.js',
  // node:worker_threads and package-info only: starts the openapi-typescript worker early for
  // `cbp generate` (openapi-typescript itself loads on that thread).
  '../generator/plugins/types/types-thread.js',
  '../lib/errors.js',
  // no imports: control characters of error lines as visible escapes.
  '../lib/terminal.js',
  '../../lib/errors.js',
  // node:net and lib/errors only: `cbp mock` checks --allow-webhook-target before loading the mock.
  '../../sandbox/webhooks/target-policy.js',
  // lib/errors and node:http types only: `cbp mock` checks --cors before loading the mock.
  '../../sandbox/http/cors.js',
  // lib/errors and types only: `cbp conformance consumer` resolves --only/--skip before loading the suite.
  '../../conformance/engine/select.js',
  // lib/errors and the runtime's standard-webhooks.ts (node:crypto only): the webhook secret is
  // judged before the suite loads.
  '../../lib/webhook-secret.js',
  // The --report kinds table: its writers load on use, so the help text reads it for free.
  '../../conformance/reporters/kinds.js',
  // The built-in drivers table: each loads its module on use, so the --driver help reads it for free.
  '../../conformance/suites/api/drivers/builtin.js',
  // The option tables and the yargs builder derived from them: data, lib/options and the light
  // tables above only (the help and the config schema read them before any command loads).
  './build-command.js',
  '../options/conformance.js',
  '../options/diff.js',
  '../options/mock.js',
  '../../lib/options.js',
  '../../generator/options.js',
  '../../conformance/suites/api/options.js',
  '../command.js',
  '../exit-code.js',
  './exit-code.js',
  './commands/index.js',
  './conformance.js',
  './conformance-consumer.js',
  './diff.js',
  './generate.js',
  './mock.js',
  './rules.js',
  './record.js',
  './behaviour-diff.js',
]);

/** Module specifiers of the value (not `import type`) imports at the top of a file. */
function staticValueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)';/gms)].map((m) => m[1]!);
}

describe('cli start-up', () => {
  const files = [
    'cli/main.ts',
    ...readdirSync('cli/commands')
      .filter((f) => f.endsWith('.ts'))
      .map((f) => path.join('cli/commands', f)),
  ];

  it.each(files)('%s imports only light modules up front', (file) => {
    const heavy = staticValueImports(file).filter((s) => !LIGHT.has(s) && !s.startsWith('node:'));
    expect(heavy).toEqual([]);
  });

  it('finds the imports it checks', () => {
    expect(staticValueImports('cli/main.ts')).toContain('yargs');
    expect(staticValueImports('cli/commands/index.ts')).toEqual(expect.arrayContaining(['./generate.js', './mock.js']));
  });
});

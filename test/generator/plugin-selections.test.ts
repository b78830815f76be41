/**
 * Every plugin selection gives an output that resolves and type-checks on its own, with only the
 * npm packages it declares in runtime-dependencies.json (one tsc run over all selections).
 * Generated with `runtime: 'copy'`, so the runtime each selection carries shows as files; the
 * default 'package' mode re-points those same imports at the toolkit (runtime-modes.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generate } from '../../api/index.js';
import type { GeneratedFile } from '../../generator/emitters/emitter.js';
import { compileOutput, ROOT, type CompiledOutput } from './helpers/compile-output.js';

const PETSTORE = 'node_modules/@readme/oas-examples/3.0/yaml/petstore-expanded.yaml';

/** name → [document, overlays, plugins]; undefined plugins = the default selection. */
const SELECTIONS: Record<string, [string, string[], string[] | undefined]> = {
  default: [PETSTORE, [], undefined],
  types: [PETSTORE, [], ['types']],
  operations: [PETSTORE, [], ['operations']],
  client: [PETSTORE, [], ['client']],
  clientValidated: [PETSTORE, [], ['client', 'validators']],
  validators: [PETSTORE, [], ['validators']],
  server: [PETSTORE, [], ['server']],
  nodeHttp: [PETSTORE, [], ['node-http']],
  fetch: [PETSTORE, [], ['fetch']],
  hono: [PETSTORE, [], ['hono']],
  signing: [PETSTORE, [], ['webhook-signing']],
  payments: ['spec/openapi.yaml', ['spec/rules.overlay.yaml'], ['payments']],
  everything: [
    'spec/openapi.yaml',
    ['spec/rules.overlay.yaml'],
    ['types', 'operations', 'validators', 'client', 'server', 'node-http', 'fetch', 'hono', 'payments'],
  ],
};

const outputs: Record<string, GeneratedFile[]> = {};
const deps: Record<string, Record<string, string>> = {};
let compiled: CompiledOutput;

beforeAll(async () => {
  for (const [name, [spec, overlays, plugins]] of Object.entries(SELECTIONS)) {
    const result = await generate(
      {
        spec,
        overlays,
        out: 'unused',
        check: false,
        clientFactoryName: 'createApiClient',
        runtime: 'copy',
        ...(plugins ? { plugins } : {}),
      },
      { cwd: ROOT },
    );
    outputs[name] = result.files;
    deps[name] = result.runtimeDependencies.dependencies;
  }
  compiled = await compileOutput(outputs);
}, 240_000);
afterAll(() => compiled?.cleanup());

const paths = (name: string) => outputs[name]!.map((f) => f.path);

describe('plugin selections', () => {
  test('every selection type-checks', () => {
    expect(compiled.diagnostics).toBe('');
  });

  test('client alone pulls types and its runtime: no server code, no validators, no npm package at run time', () => {
    expect(paths('client').filter((p) => !p.startsWith('runtime/'))).toEqual([
      'client.ts',
      'runtime-dependencies.json',
      'types.ts',
    ]);
    expect(paths('client').filter((p) => p.startsWith('runtime/server/'))).toEqual(['runtime/server/route-table.ts']);
    expect(deps.client).toEqual({});
  });

  test('an adapter pulls the server; only the hono selection needs hono', () => {
    expect(paths('nodeHttp')).toEqual(expect.arrayContaining(['server.ts', 'runtime/server/node-http.ts']));
    expect(paths('nodeHttp')).not.toContain('runtime/server/hono.ts');
    expect(
      Object.entries(deps)
        .filter(([, d]) => 'hono' in d)
        .map(([n]) => n),
    ).toEqual(['hono', 'everything']);
  });

  test('payment-domain files appear only with the payments plugin', () => {
    const domain = (name: string) =>
      paths(name).filter((p) => /payment|^webhooks\.ts$|procedures|stateful-rules|decimal/.test(p));
    for (const name of Object.keys(SELECTIONS).filter((n) => n !== 'payments' && n !== 'everything'))
      expect(domain(name), name).toEqual([]);
    expect(domain('payments')).toEqual(
      expect.arrayContaining([
        'payment-states.ts',
        'webhooks.ts',
        'runtime/payments/stateful-rules/index.ts',
        'runtime/payments/procedures/reconciliation.ts',
      ]),
    );
  });
});

/**
 * The generated client.ts / server.ts / handler stubs for our spec: stubs are never overwritten
 * and answer 501 through the router; and everything, with a typed usage file, passes tsc.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStubs } from '../../../generator/output-files.js';
import { generateInto, ROOT, type Generated } from '../client/helpers/generated.js';
import { compileOutput, type CompiledOutput } from '../../generator/helpers/compile-output.js';

let generated: Generated;
let compiled: CompiledOutput | undefined;

beforeAll(async () => {
  generated = await generateInto('generated-output');
});
afterAll(() => compiled?.cleanup());

describe('handler stubs (--stubs)', () => {
  it('one file per operation plus an index wiring them into Handlers', () => {
    const names = generated.result.stubFiles.map((f) => f.path);
    expect(names).toContain('create-payment.ts');
    expect(names).toContain('index.ts');
    expect(names).toHaveLength(generated.result.model.operations.length + 1);
    expect(generated.result.stubFiles.find((f) => f.path === 'create-payment.ts')!.contents).toContain(
      'notImplemented("createPayment")',
    );
  });

  it('never overwrites an existing stub', () => {
    const dir = path.join(generated.dir, 'handlers');
    const file = path.join(dir, 'create-payment.ts');
    writeFileSync(file, '// mine\n');
    const again = writeStubs(generated.result.stubFiles, dir);
    expect(again.created).toEqual([]);
    expect(again.kept).toContain('create-payment.ts');
    expect(readFileSync(file, 'utf8')).toBe('// mine\n');
  });

  it('answers 501 for every operation until implemented', async () => {
    const fresh = await generateInto('stubs-501');
    const { handlers } = await import(path.join(fresh.dir, 'handlers', 'index.ts'));
    const server = await fresh.load<{
      createRouter: (o: unknown) => { handle: (r: unknown) => Promise<{ status: number; body: string }> };
    }>('server.ts');
    const router = server.createRouter({ handlers, authenticate: () => ({ ok: true }), validateRequests: false });
    for (const op of fresh.result.model.operations) {
      const url = op.path.replace(/\{[^}]+\}/g, 'x');
      const type = op.requestBody?.contentTypes[0];
      const body = type === undefined ? undefined : type.includes('json') ? '{}' : 'a=b';
      const answer = await router.handle({
        method: op.method.toUpperCase(),
        url,
        headers: type ? { 'content-type': type } : {},
        body,
      });
      expect(answer.status, op.id).toBe(501);
      expect(JSON.parse(answer.body).errors[0].rule).toBe('server.not-implemented');
    }
  });
});

describe('tsc over the output', () => {
  it('client.ts, server.ts, stubs and a typed usage file compile (with the expected type errors)', async () => {
    const usage = {
      path: 'typed-usage.ts',
      contents: readFileSync(path.join(ROOT, 'test/fixtures/h2/typed-usage.ts.txt'), 'utf8'),
    };
    // Typed auth and handler results: test/runtime/server/fixtures/typed-server.ts.txt.
    const server = {
      path: 'typed-server.ts',
      contents: readFileSync(path.join(ROOT, 'test/runtime/server/fixtures/typed-server.ts.txt'), 'utf8'),
    };
    compiled = await compileOutput({
      generated: generated.result.files,
      handlers: generated.result.stubFiles,
      usage: [usage, server],
    });
    expect(compiled.diagnostics).toBe('');
  }, 120_000);
});

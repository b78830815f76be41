import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { generate } from '../../generator/generate.js';
import { CbpError } from '../../lib/errors.js';

// Large documents are validated on a worker thread while emitting goes on; an invalid one must
// still fail with the same one-line CbpError and pointer, and produce no files.
const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-large-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function largeDocument(brokenPath?: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 450; i++) {
    const responses = i === brokenPath ? { '200': { content: {} } } : { '200': { description: 'ok' } };
    paths[`/items${i}/{id}`] = {
      get: {
        operationId: `getItem${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses,
      },
    };
  }
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'Large', version: '1' }, paths });
}

async function run(name: string, text: string) {
  writeFileSync(path.join(dir, name), text);
  return generate(
    {
      spec: name,
      overlays: [],
      out: 'out',
      check: false,
      clientFactoryName: 'createApiClient',
      plugins: ['types', 'operations'],
    },
    { cwd: dir },
  );
}

describe('a large document (450 operations)', () => {
  test('generates when valid', async () => {
    const result = await run('large.json', largeDocument());
    expect(result.model.operations).toHaveLength(450);
  });

  test('fails with the validation error and its JSON pointer when invalid', async () => {
    const error = await run('broken.json', largeDocument(321)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CbpError);
    expect((error as CbpError).code).toBe('E_SPEC_INVALID');
    expect((error as CbpError).details.pointer).toBe('/paths/~1items321~1{id}/get/responses/200');
    expect((error as CbpError).format()).toContain('broken.json');
  });
});

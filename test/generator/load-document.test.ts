import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadDocument } from '../../generator/load/load-document.js';
import { CbpError } from '../../lib/errors.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-load-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  writeFileSync(path.join(dir, name), text);
  return name;
}

async function failure(spec: string, overlays: string[] = []): Promise<CbpError> {
  try {
    await loadDocument(spec, { cwd: dir, overlays });
  } catch (err) {
    expect(err).toBeInstanceOf(CbpError);
    return err as CbpError;
  }
  throw new Error('expected loadDocument to fail');
}

const valid = `openapi: 3.1.0
info: { title: T, version: '1' }
paths:
  /a:
    get:
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: './schemas.yaml#/Thing' } } } }
`;

describe('loadDocument', () => {
  test('loads, bundles external $refs into the document, and validates', async () => {
    file('schemas.yaml', 'Thing: { type: object, properties: { id: { type: string } } }\n');
    const { document, file: shown } = await loadDocument(file('ok.yaml', valid), { cwd: dir });
    expect(shown).toBe('ok.yaml');
    expect(JSON.stringify(document)).not.toContain('schemas.yaml');
    expect(JSON.stringify(document)).toContain('"id":{"type":"string"}');
  });

  test('a missing file is E_FILE_NOT_FOUND naming the file', async () => {
    const err = await failure('nope.yaml');
    expect(err.code).toBe('E_FILE_NOT_FOUND');
    expect(err.format()).toContain('nope.yaml');
  });

  test('a YAML syntax error is E_SPEC_PARSE with line and column', async () => {
    const err = await failure(file('broken.yaml', 'openapi: 3.1.0\ninfo:\n  title: [unclosed\n  version: 1\n'));
    expect(err.code).toBe('E_SPEC_PARSE');
    expect(err.message).toMatch(/line \d+, column \d+/);
  });

  test('a JSON syntax error is E_SPEC_PARSE with line and column', async () => {
    const err = await failure(file('broken.json', '{\n  "openapi": "3.1.0",\n  "info": {,}\n}'));
    expect(err.code).toBe('E_SPEC_PARSE');
    expect(err.message).toContain('line 3');
  });

  test('a schema violation is E_SPEC_INVALID with the JSON pointer of the problem', async () => {
    const err = await failure(
      file(
        'invalid.yaml',
        `openapi: 3.1.0
info: { title: T, version: '1' }
paths:
  /v1/payments:
    post:
      operationId: createPayment
      responses:
        '201': { content: {} }
`,
      ),
    );
    expect(err.code).toBe('E_SPEC_INVALID');
    expect(err.details.pointer).toBe('/paths/~1v1~1payments/post/responses/201');
    expect(err.message).toContain('description');
    expect(err.format()).toContain('invalid.yaml#/paths/~1v1~1payments/post/responses/201');
    expect(err.format()).not.toMatch(/\n\s+at /);
  });

  test('an unknown property in a 3.0 document points at the property', async () => {
    const err = await failure(
      file(
        'invalid30.yaml',
        `openapi: 3.0.3
info: { title: T, version: '1', colour: blue }
paths: {}
`,
      ),
    );
    expect(err.code).toBe('E_SPEC_INVALID');
    expect(err.details.pointer).toBe('/info/colour');
  });

  test('Swagger 2.0 and unknown versions are rejected at /swagger or /openapi', async () => {
    expect(
      (await failure(file('swagger.yaml', 'swagger: "2.0"\ninfo: { title: T, version: "1" }\npaths: {}\n'))).details
        .pointer,
    ).toBe('/swagger');
    const err = await failure(file('v4.yaml', 'openapi: 4.0.0\ninfo: { title: T, version: "1" }\npaths: {}\n'));
    expect(err.code).toBe('E_SPEC_INVALID');
    expect(err.details.pointer).toBe('/openapi');
  });

  test('overlays apply before validation: an overlay can fix or break the document', async () => {
    const broken = file(
      'needs-fix.yaml',
      `openapi: 3.1.0
info: { title: T, version: '1' }
paths:
  /a:
    get:
      responses:
        '200': {}
`,
    );
    const fix = file(
      'fix.yaml',
      `overlay: 1.0.0
info: { title: fix, version: '1' }
actions:
  - target: "$.paths['/a'].get.responses['200']"
    update: { description: ok }
`,
    );
    const { document } = await loadDocument(broken, { cwd: dir, overlays: [fix] });
    expect(JSON.stringify(document)).toContain('"description":"ok"');
    const err = await failure(broken);
    expect(err.details.pointer).toBe('/paths/~1a/get/responses/200');
  });

  test('a YAML error in an overlay is E_OVERLAY_INVALID naming the overlay file', async () => {
    file('schemas.yaml', 'Thing: { type: object }\n');
    const err = await failure(file('ok2.yaml', valid), [file('bad-overlay.yaml', 'overlay: [\n')]);
    expect(err.code).toBe('E_OVERLAY_INVALID');
    expect(err.details.file).toBe('bad-overlay.yaml');
  });
});

/**
 * Document validation uses swagger-parser's OpenAPI schemas, precompiled
 * (generator/load/openapi-schemas/, written by scripts/compile-openapi-schemas.mjs). These tests
 * keep the committed modules fresh and keep the verdicts the same as swagger-parser's own
 * `validate` on valid and invalid documents of both versions.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, describe, expect, test } from 'vitest';
import { loadDocument } from '../../generator/load/load-document.js';
import { packageInfo } from '../../generator/package-info.js';
import { CbpError } from '../../lib/errors.js';

const ROOT = packageInfo().root;
const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-oas-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const head = (version: string) => `openapi: ${version}\ninfo: { title: T, version: '1' }\n`;
const INVALID: Record<string, string> = {
  'response without description (3.1)':
    `${head('3.1.0')}paths:\n  /a:\n    get:\n` + `      responses:\n        '200': { content: {} }\n`,
  'response without description (3.0)':
    `${head('3.0.3')}paths:\n  /a:\n    get:\n` + `      responses:\n        '200': { content: {} }\n`,
  'parameter in body (3.1)':
    `${head('3.1.0')}paths:\n  /a:\n    get:\n      parameters: [{ name: q, in: body, ` +
    `schema: { type: string } }]\n      responses: { '200': { description: ok } }\n`,
  'unknown property (3.0)': `${head('3.0.3')}paths: {}\nwebhooks: {}\n`,
  'schema with an unknown type (3.0)': `${head('3.0.3')}paths: {}\ncomponents: { schemas: { A: { type: text } } }\n`,
  'path not starting with / (3.1)': `${head('3.1.0')}paths:\n  a: {}\n`,
  'no paths, components or webhooks (3.1)': head('3.1.0'),
};

async function swaggerParserAccepts(file: string): Promise<boolean> {
  try {
    await SwaggerParser.validate(file);
    return true;
  } catch {
    return false;
  }
}

async function weAccept(file: string): Promise<boolean> {
  try {
    await loadDocument(file, { cwd: dir });
    return true;
  } catch (err) {
    expect(err).toBeInstanceOf(CbpError);
    expect((err as CbpError).code).toBe('E_SPEC_INVALID');
    return false;
  }
}

describe('OpenAPI schema validation', () => {
  test('the committed precompiled validators are what the script compiles from the installed schemas', () => {
    const sources = JSON.parse(
      execFileSync(process.execPath, [path.join(ROOT, 'scripts/compile-openapi-schemas.mjs'), '--print'], {
        encoding: 'utf8',
        maxBuffer: 16 << 20,
      }),
    ) as Record<string, string>;
    expect(Object.keys(sources).length).toBe(2);
    for (const [file, source] of Object.entries(sources)) {
      expect(
        readFileSync(path.join(ROOT, file), 'utf8') === source,
        `${file} is stale: run node scripts/compile-openapi-schemas.mjs`,
      ).toBe(true);
    }
  });

  test.each(Object.keys(INVALID))('%s: refused, as swagger-parser refuses it', async (name) => {
    const file = path.join(dir, `${name.replace(/\W+/g, '-')}.yaml`);
    writeFileSync(file, INVALID[name] ?? '');
    expect(await swaggerParserAccepts(file)).toBe(false);
    expect(await weAccept(file)).toBe(false);
  });

  test.each([
    'spec/openapi.yaml',
    'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml',
    'node_modules/@readme/oas-examples/3.0/yaml/petstore.yaml',
  ])('%s: accepted, as swagger-parser accepts it', async (rel) => {
    const file = path.join(ROOT, rel);
    expect(await swaggerParserAccepts(file)).toBe(true);
    expect(await weAccept(file)).toBe(true);
  });

  test('a $ref that names nothing is refused with the pointer of the $ref', async () => {
    const file = path.join(dir, 'dangling.yaml');
    writeFileSync(
      file,
      `${head('3.1.0')}paths:\n  /a:\n    get:\n      responses:\n        '200': { ` +
        `description: ok, content: { application/json: { schema: { $ref: ` +
        `'#/components/schemas/Gone' } } } }\ncomponents: { schemas: { There: { type: string } } }\n`,
    );
    expect(await swaggerParserAccepts(file)).toBe(false);
    const err = await loadDocument(file, { cwd: dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CbpError);
    expect((err as CbpError).format()).toBe(
      'E_SPEC_INVALID: $ref "#/components/schemas/Gone" does not resolve in the document (at ' +
        'dangling.yaml#/paths/~1a/get/responses/200/content/application~1json/schema/$ref) [OpenAPI: ' +
        'Reference Object]\n  hint: point the $ref at an existing component (or fix the name)',
    );
  });
});

/**
 * The types worker runs openapi-typescript's transform without the lint and bundle passes of its
 * entry point (the document is already bundled and validated): types.ts must be exactly what
 * `openapiTS` prints for the same view of the document. Compared on our fixtures (multi-file,
 * hoisted refs, hostile and odd names, nullable allOf, 3.0 and 3.1) and on every 3.0/3.1 example
 * of @readme/oas-examples.
 */
import { readdirSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { describe, expect, test } from 'vitest';
import { maskPrototypeKeys } from '../../generator/plugins/types/prototype-keys.js';
import { typesOnWorker } from '../../generator/plugins/types/types-thread.js';
import { OPENAPI_TS_OPTIONS, withNormalizedOperationIds } from '../../generator/plugins/types/emit.js';
import { normalize } from '../../generator/ir/normalize.js';
import { loadDocument } from '../../generator/load/load-document.js';
import { ROOT } from './helpers/compile-output.js';

const FIXTURES = [
  'spec/openapi.yaml',
  'test/fixtures/generator/hostile-names.yaml',
  'test/fixtures/generator/nullable-allof.yaml',
  'test/fixtures/generator/odd-component-names.yaml',
  'test/fixtures/generator/refs-inside.yaml',
  'test/fixtures/generator/small-3.1.yaml',
  'test/fixtures/generator/multi-file/openapi.yaml',
  'test/fixtures/generator/into-hoisted/openapi.yaml',
  'test/fixtures/generator/refs-inside-hoisted/api.yaml',
  'test/fixtures/generator/shared-parameters/api.yaml',
];
const EXAMPLES = ['3.0', '3.1'].flatMap((version) => {
  const dir = path.join('node_modules/@readme/oas-examples', version, 'yaml');
  return readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => `${dir}/${f}`);
});

/** openapiTS on its own copy of `view` (it may change the objects it is given), as the worker
 * gets one, printed. */
async function printedByOpenapiTS(view: object): Promise<string> {
  return astToString(await openapiTS(structuredClone(view) as OpenAPI3, OPENAPI_TS_OPTIONS));
}

/** What the types emitter hands the worker: the loaded document with normalized operationIds. */
async function typesView(file: string): Promise<Record<string, unknown> | undefined> {
  const overlays = file === 'spec/openapi.yaml' ? ['spec/rules.overlay.yaml'] : [];
  let loaded: Awaited<ReturnType<typeof loadDocument>>;
  try {
    loaded = await loadDocument(file, { cwd: ROOT, overlays });
  } catch {
    return undefined; // refused before any emitter runs (e.g. a Swagger 2.0 example)
  }
  const model = normalize(loaded.document, { file: loaded.file });
  return maskPrototypeKeys(withNormalizedOperationIds(loaded.document, model)).document;
}

describe('types worker', () => {
  test.each([...FIXTURES, ...EXAMPLES])(
    'prints what openapiTS prints: %s',
    async (file) => {
      const view = await typesView(file);
      if (view === undefined) {
        expect(FIXTURES).not.toContain(file);
        return;
      }
      const expected = await printedByOpenapiTS(view);
      expect(await typesOnWorker(view, OPENAPI_TS_OPTIONS)).toBe(expected);
    },
    60_000,
  );

  // The bundler rewrites a mapping value that names no component schema (here: a part of one)
  // and copies its target into components, which the worker leaves to openapiTS; a `$ref` as an
  // example it replaces by its target, which the worker does itself (not one as a default).
  test('prints what openapiTS prints where bundling changes the document', async () => {
    const ref = (to: string) => ({ $ref: `#/components/${to}` });
    const cat = { kind: 'cat', lives: 9 };
    const json = { schema: ref('schemas/Pet'), example: ref('examples/cat/value') };
    const ok = { description: 'ok', content: { 'application/json': json } };
    const get = { operationId: 'listPets', responses: { '200': ok } };
    const mapping = { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Holder/properties/dog' };
    const lives = { type: 'integer', default: ref('examples/cat/value/lives') };
    const schemas = {
      Pet: {
        oneOf: [ref('schemas/Cat'), ref('schemas/Holder/properties/dog')],
        discriminator: { propertyName: 'kind', mapping },
      },
      Cat: { type: 'object', properties: { kind: { type: 'string' }, lives } },
      Holder: { type: 'object', properties: { dog: { type: 'object', properties: { kind: { type: 'string' } } } } },
    };
    const view = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: { '/pets': { get } },
      components: { examples: { cat: { value: cat } }, schemas },
    };
    const mappedIntoPart = await printedByOpenapiTS(view);
    expect(await typesOnWorker(view, OPENAPI_TS_OPTIONS)).toBe(mappedIntoPart);
    const catOnly = { ...schemas, Pet: { oneOf: [ref('schemas/Cat')] } };
    const onlyComponents = { ...view, components: { ...view.components, schemas: catOnly } };
    const inlined = await printedByOpenapiTS(onlyComponents);
    expect(inlined).toContain('"lives": 9');
    expect(inlined).toContain('"$ref": "#/components/examples/cat/value/lives"');
    expect(await typesOnWorker(onlyComponents, OPENAPI_TS_OPTIONS)).toBe(inlined);
  });

  // After each reply the worker collects its garbage (a V8 full collection taken with
  // --expose-gc set for a moment): it must go on answering, and leave the flag as it was.
  test('answers again after collecting, and new contexts get no `gc` they would not have had', async () => {
    const view = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {},
      components: { schemas: { Id: { type: 'string' } } },
    };
    const first = await typesOnWorker(view, OPENAPI_TS_OPTIONS);
    expect(first).toContain('Id: string');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await typesOnWorker(view, OPENAPI_TS_OPTIONS)).toBe(first);
    const exposed = typeof (globalThis as { gc?: unknown }).gc === 'function';
    expect(runInNewContext('typeof gc')).toBe(exposed ? 'function' : 'undefined');
  });
});

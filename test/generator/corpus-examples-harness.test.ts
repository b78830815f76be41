/**
 * The harness of corpus-examples.slow.test.ts on two small documents made for it: every kind of
 * example is found, a bad one of each kind is rejected by the generated validators and by plain
 * ajv, and good ones pass both (so the corpus test cannot pass by checking nothing).
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { generate } from '../../generator/generate.js';
import { loadDocument } from '../../generator/load/load-document.js';
import { ROOT } from './helpers/compile-output.js';
import { collectExamples } from './helpers/example-sites.js';
import { importGenerated } from './helpers/generated-validators.js';
import { independentValidator } from './helpers/independent-validator.js';
import { exampleJudge } from './helpers/judge-example.js';

const FIXTURES = path.join(ROOT, 'test/fixtures/generator/corpus-examples');

async function verdicts(file: string) {
  const spec = path.join(FIXTURES, file);
  const result = await generate(
    { spec, overlays: [], out: 'unused', check: false, clientFactoryName: 'createApiClient' },
    { cwd: ROOT },
  );
  const generated = await importGenerated(result.files);
  const { document } = await loadDocument(spec, { cwd: ROOT });
  const operationIds = new Map(
    Object.values(generated.operations).map((o) => [`${o.method.toLowerCase()} ${o.path}`, o.id]),
  );
  const webhookIds = new Map(Object.values(generated.webhooks).map((w) => [w.name, w.id]));
  const { sites } = collectExamples(document, operationIds, webhookIds);
  const judge = exampleJudge(generated, sites, document);
  const plainAjv = independentValidator(document);
  return sites.map((s) => ({
    where: s.where,
    kind: s.target.kind,
    ours: judge(s) !== undefined,
    plain: plainAjv(s.schemaPointer, s.value) !== undefined,
  }));
}

describe('corpus examples harness', () => {
  test('OpenAPI 3.1: every kind found, bad examples rejected by both validators, good ones accepted', async () => {
    const found = await verdicts('every-kind-3.1.yaml');
    const item = '#/paths/~1items~1{id}';
    const body = `${item}/post/requestBody/content/application~1json`;
    expect(found.filter((f) => f.ours).map((f) => [f.where, f.kind])).toEqual(
      expect.arrayContaining([
        [`${item}/parameters/0/examples/bad`, 'parameter'],
        [`${item}/post/parameters/0/example`, 'parameter'],
        ['#/components/parameters/Limit/example', 'parameter'],
        [`${body}/examples/bad`, 'request-body'],
        [
          `${item}/post/callbacks/onDone/{$request.body#~1callback}/post/requestBody/content/application~1json/example`,
          'schema',
        ],
        [`${item}/post/responses/201/headers/X-Rate/example`, 'schema'],
        [`${item}/post/responses/201/content/application~1json/example`, 'response'],
        ['#/webhooks/itemChanged/post/requestBody/content/application~1json/example', 'webhook'],
        ['#/components/schemas/Item/properties/name/examples/1', 'schema'],
        ['#/components/schemas/Item/properties/tags/items/example', 'schema'],
        ['#/components/schemas/Item/example', 'schema'],
      ]),
    );
    expect(found.filter((f) => f.ours)).toHaveLength(11);
    expect(found.filter((f) => !f.ours).map((f) => f.where)).toEqual(
      expect.arrayContaining([
        `${item}/parameters/0/examples/good`,
        `${body}/examples/good`,
        '#/components/schemas/Item/properties/name/examples/0',
      ]),
    );
    expect(found.filter((f) => f.ours !== f.plain)).toEqual([]);
  }, 60_000);

  test('OpenAPI 3.0: examples under `nullable` without `type` and boolean exclusiveMinimum', async () => {
    const found = await verdicts('every-kind-3.0.yaml');
    const holder = '#/components/schemas/Holder/properties';
    expect(Object.fromEntries(found.map((f) => [f.where, f.ours]))).toEqual({
      [`${holder}/note/example`]: false,
      [`${holder}/detail/properties/inner/example`]: true,
      [`${holder}/price/example`]: true,
      [`${holder}/count/example`]: false,
    });
    // Plain ajv reads 3.0.3 literally (`nullable` without `type` has no effect): it rejects the
    // null note that our validators accept; it agrees on everything else.
    expect(found.filter((f) => f.ours !== f.plain).map((f) => f.where)).toEqual([`${holder}/note/example`]);
  }, 60_000);
});

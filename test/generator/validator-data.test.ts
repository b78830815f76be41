/**
 * The schemas validators-data.ts carries: what ajv does not evaluate is left out (it is most of a
 * real document's size), what it evaluates stays, and a reference that cannot resolve is refused
 * at generate time, since the validators may compile only at run time.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { prepareSchema } from '../../generator/validation/prepare-schema.js';
import { singleQuoted } from '../../generator/validation/render-lazy.js';
import type { ValidationOutcome } from 'cross-border-payments-runtime/client';
import type { ValidatorData } from 'cross-border-payments-runtime/validators/ajv';
import { generateValidators, writeOut } from '../runtime/rules/gen-helper.js';
import { outDir, removeOutDirs } from '../runtime/rules/harness.js';

afterAll(removeOutDirs);

const problem = { type: 'object', required: ['title'], properties: { title: { type: 'string' } } };
const errors = {
  '400': {
    description: 'bad',
    content: { 'application/problem+json': { schema: problem }, 'application/problem+xml': { schema: problem } },
  },
};
/** Two operations answering the same error schema under two media types, and distinct 200s. */
const sharedErrorsDoc = {
  openapi: '3.1.0',
  info: { title: 'shared', version: '1' },
  paths: {
    '/a': {
      get: {
        operationId: 'getA',
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'integer' } } } },
          ...errors,
        },
      },
    },
    '/b': {
      get: {
        operationId: 'getB',
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } },
          ...errors,
        },
      },
    },
  },
};

const opts = (components: Record<string, unknown> = {}) => ({
  openapi30: false,
  at: '/components/schemas/Thing',
  formats: new Set<string>(),
  patterns: new Set<string>(),
  components: components as never,
  inlineLimit: 0,
  stripAnnotations: true,
  keep: new Set(['x-cbp-non-empty']),
});

describe('validator data', () => {
  test(
    'annotations and foreign extensions are dropped; properties ' +
      'named like them, rule keywords and constraints stay',
    () => {
      const schema = {
        type: 'object',
        description: 'a thing',
        example: { description: 'x' },
        'x-internal': true,
        discriminator: { propertyName: 'kind' },
        'x-cbp-non-empty': { id: 'r', source: 's', params: { at: '/description' } },
        required: ['description'],
        properties: {
          description: { type: 'string', maxLength: 3, title: 'Description', examples: ['abc'] },
          'x-internal': { type: 'integer' },
        },
      };
      expect(prepareSchema(schema, opts())).toEqual({
        type: 'object',
        'x-cbp-non-empty': { id: 'r', source: 's', params: { at: '/description' } },
        required: ['description'],
        properties: { description: { type: 'string', maxLength: 3 }, 'x-internal': { type: 'integer' } },
      });
    },
  );

  test('a $ref to a schema that does not exist is an E_SPEC_INVALID with its pointer', () => {
    const schema = { properties: { owner: { $ref: '#/components/schemas/Missing' } } };
    expect(() => prepareSchema(schema, opts({ Thing: {} }))).toThrow(
      expect.objectContaining({
        code: 'E_SPEC_INVALID',
        details: expect.objectContaining({ pointer: '/components/schemas/Thing/properties/owner/$ref' }),
      }),
    );
    // Percent-encoded and escaped names resolve, and a pointer deeper into a component is kept.
    const ok = {
      allOf: [{ $ref: '#/components/schemas/a~1b%20c' }, { $ref: '#/components/schemas/Thing/properties/id' }],
    };
    expect(() => prepareSchema(ok, opts({ Thing: {}, 'a/b c': {} }))).not.toThrow();
  });
});

describe('validators-data.ts', () => {
  test('identical schemas are held once and every operation that answers one still checks it', async () => {
    const dir = outDir('shared-doc');
    const spec = join(dir, 'shared.json');
    writeFileSync(spec, JSON.stringify(sharedErrorsDoc));
    const out = writeOut(await generateValidators(spec, []), 'shared');
    const { validatorData } = (await import(pathToFileURL(join(out, 'validators-data.ts')).href)) as {
      validatorData: ValidatorData;
    };
    // Two distinct 200 bodies and one problem schema for four (operation, media type) pairs.
    expect(Object.keys(validatorData.schemas)).toHaveLength(3);
    const api = (await import(pathToFileURL(join(out, 'validators.ts')).href)) as {
      validateResponse(op: string, status: number, type: string, body: unknown): ValidationOutcome;
    };
    for (const op of ['getA', 'getB']) {
      for (const type of ['application/problem+json', 'application/problem+xml']) {
        expect(api.validateResponse(op, 400, type, { title: 'x' }).valid).toBe(true);
        expect(api.validateResponse(op, 400, type, { title: 5 }).valid).toBe(false);
      }
    }
    expect(api.validateResponse('getA', 200, 'application/json', 'x').valid).toBe(false);
    expect(api.validateResponse('getB', 200, 'application/json', 'x').valid).toBe(true);
  });

  test('the data literal reads back as the same JSON whatever the document strings hold', () => {
    const hostile = {
      q: "it's",
      b: 'back\\slash\\',
      d: '"quoted"',
      ls: '\u2028\u2029',
      nl: 'a\nb',
      s: '\ud800',
      code: "'); globalThis.__pwned = 1; ('",
    };
    const json = JSON.stringify(hostile);
    const literal = singleQuoted(json);
    expect(literal.length).toBeLessThan(JSON.stringify(json).length);
    // The literal as a JS engine reads it in validators-data.ts.
    const read = new Function(`return ${literal};`) as () => string;
    expect(JSON.parse(read())).toEqual(hostile);
    expect((globalThis as { __pwned?: unknown }).__pwned).toBeUndefined();
  });
});

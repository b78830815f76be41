/**
 * The schemas validators-data.ts carries: what ajv does not evaluate is left out (it is most of a
 * real document's size), what it evaluates stays, and a reference that cannot resolve is refused
 * at generate time, since the validators may compile only at run time.
 */
import { describe, expect, test } from 'vitest';
import { prepareSchema } from '../../generator/validation/prepare-schema.js';

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
  test('annotations and foreign extensions are dropped; properties named like them, rule keywords and constraints stay', () => {
    const schema = {
      type: 'object',
      description: 'a thing',
      example: { description: 'x' },
      'x-internal': true,
      discriminator: { propertyName: 'kind' },
      'x-cbp-non-empty': { id: 'r', source: 's', params: { at: '/description' } },
      required: ['description'],
      properties: { description: { type: 'string', maxLength: 3, title: 'Description', examples: ['abc'] }, 'x-internal': { type: 'integer' } },
    };
    expect(prepareSchema(schema, opts())).toEqual({
      type: 'object',
      'x-cbp-non-empty': { id: 'r', source: 's', params: { at: '/description' } },
      required: ['description'],
      properties: { description: { type: 'string', maxLength: 3 }, 'x-internal': { type: 'integer' } },
    });
  });

  test('a $ref to a schema that does not exist is an E_SPEC_INVALID with its pointer', () => {
    const schema = { properties: { owner: { $ref: '#/components/schemas/Missing' } } };
    expect(() => prepareSchema(schema, opts({ Thing: {} }))).toThrow(
      expect.objectContaining({ code: 'E_SPEC_INVALID', details: expect.objectContaining({ pointer: '/components/schemas/Thing/properties/owner/$ref' }) }),
    );
    // Percent-encoded and escaped names resolve, and a pointer deeper into a component is kept.
    const ok = { allOf: [{ $ref: '#/components/schemas/a~1b%20c' }, { $ref: '#/components/schemas/Thing/properties/id' }] };
    expect(() => prepareSchema(ok, opts({ Thing: {}, 'a/b c': {} }))).not.toThrow();
  });
});

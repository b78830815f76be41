/**
 * oneOf/anyOf variants are paired by what identifies them, not by position: a variant inserted in
 * the middle of a GitHub-style list (each variant `allOf: [$ref, ...]`) is one added variant, not a
 * cascade of removed properties in every variant after it.
 */
import { expect, it } from 'vitest';
import { diffSides } from '../../diff/index.js';

const rule = (name: string) => ({
  type: 'object',
  properties: {
    type: { type: 'string', enum: [name] },
    parameters: { type: 'object', properties: { [name]: { type: 'string' } } },
  },
});
const doc = (names: string[]) => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/rules': {
      get: {
        operationId: 'listRules',
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  oneOf: names.map((n) => ({
                    allOf: [{ $ref: `#/components/schemas/${n}` }, { $ref: '#/components/schemas/info' }],
                  })),
                },
              },
            },
          },
        },
      },
    },
  },
  components: { schemas: { info: { type: 'object' }, ...Object.fromEntries(names.map((n) => [n, rule(n)])) } },
});

it('an inserted variant is one added variant (breaking in a response), nothing else', () => {
  const result = diffSides(
    { document: doc(['a', 'c', 'd']), file: 'old' },
    { document: doc(['a', 'b', 'c', 'd']), file: 'new' },
  );
  expect(result.changes.map((c) => [c.rule, c.severity, c.message])).toEqual([
    ['schema.variants-changed', 'breaking', 'oneOf 3 -> 4 variants in what you receive'],
  ]);
});

/**
 * The client writes primitives in their location's default style with primitive-parameters.ts
 * and loads the full style table (parameter-serializer.ts) only for other calls: both must write
 * the same text for every value the small module accepts, or a call's URL would depend on which
 * module wrote it.
 */
import fc from 'fast-check';
import { createPathSerializer, createQuerySerializer } from '../../packages/runtime/src/client/parameter-serializer.js';
import {
  primitiveParams,
  primitivePath,
  primitiveQuery,
} from '../../packages/runtime/src/client/primitive-parameters.js';
import { describe, expect, it } from 'vitest';

const primitive = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constantFrom('a b/c?d#e&f=g;h,i', 'ü€😀', '%41', ''),
);
const name = fc.oneof(fc.string({ minLength: 1 }), fc.constantFrom('__proto__', 'constructor', 'a[b]', 'x y'));
const values = fc.dictionary(name, primitive);

describe('primitives in the default styles: the small writer and the full style table agree', () => {
  it('path (simple) and query (form)', () => {
    fc.assert(
      fc.property(values, (v) => {
        const template = `/items/${Object.keys(v)
          .map((n) => `{${n.replace(/[{}]/g, '')}}`)
          .join('/')}/{missing}`;
        expect(primitivePath(template, v)).toBe(createPathSerializer(undefined)(template, v));
        expect(primitiveQuery(v)).toBe(createQuerySerializer(undefined)(v));
      }),
      { numRuns: 300 },
    );
  });

  it('a call with an array or object value, or with header or cookie parameters, is not primitive (the full table writes it)', () => {
    expect(primitiveParams(undefined)).toBe(true);
    expect(primitiveParams({ path: { id: 'a' }, query: { n: 1, b: null, u: undefined }, header: {}, cookie: {} })).toBe(
      true,
    );
    expect(primitiveParams({ path: { id: 'a' }, header: { h: true } })).toBe(false);
    expect(primitiveParams({ cookie: { c: 'v' } })).toBe(false);
    expect(primitiveParams({ query: { ids: ['a', 'b'] } })).toBe(false);
    expect(primitiveParams({ path: { color: { R: 100 } } })).toBe(false);
    expect(primitiveParams({ cookie: { c: [] } })).toBe(false);
  });
});

/**
 * The router's body helpers: the UTF-8 length it checks the limit with (no encoding per request)
 * must agree with TextEncoder for every string, lone surrogates included; the nesting scan must
 * agree with the depth of what JSON.parse builds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exceedsLimit } from 'cross-border-payments-runtime/server';
import { byteLength } from '../../../packages/runtime/src/server/body.js';
import { jsonDepthExceeds } from '../../../packages/runtime/src/server/safe-json.js';

const depthOf = (value: unknown): number =>
  value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;

describe('byteLength / exceedsLimit', () => {
  it('equals the UTF-8 encoding length', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.string({ unit: fc.constantFrom('\uD83D', '\uDE00', 'é', 'a', '€') }),
        (a, b) => {
          const s = a + b;
          const bytes = new TextEncoder().encode(s).byteLength;
          expect(byteLength(s)).toBe(bytes);
          expect(exceedsLimit(s, bytes)).toBe(false);
          if (bytes > 0) expect(exceedsLimit(s, bytes - 1)).toBe(true);
        },
      ),
    );
  });
});

describe('jsonDepthExceeds', () => {
  it('agrees with the depth of the parsed value', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 6 }), fc.nat(8), (text, max) => {
        expect(jsonDepthExceeds(text, max)).toBe(depthOf(JSON.parse(text)) > max);
      }),
    );
  });
});

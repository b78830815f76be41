// What the start-up and hot-path shortcuts of the mock (issue 5, item 8) must not change: the
// built-in state table is spec/payment-states.yaml, the byte scan of the nesting limit answers
// like the text scan, and a table path still needs loading.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from '../../conformance/mock/http/body.js';
import { pathOf } from '../../conformance/mock/http/server.js';
import { createMockContext, startMock } from '../../conformance/mock/index.js';
import { builtInStateTable, resolveStateTable } from '../../conformance/mock/state-table.js';
import { isCbpError } from '../../lib/errors.js';
import { loadStateTable } from '../../lib/state-table.js';

describe('the built-in state table', () => {
  it('is spec/payment-states.yaml (regenerate with `cbp generate` when this fails)', () => {
    const fromYaml = loadStateTable();
    // generated/payment-states.ts carries the table's own `source` note too; the rest is equal.
    expect({ ...builtInStateTable(), source: undefined }).toEqual({ ...fromYaml, source: undefined });
  });

  it('is replaced by a table file given as stateTable, loaded and checked', async () => {
    await expect(resolveStateTable('test/fixtures/no-such-table.yaml')).rejects.toSatisfy((e) => isCbpError(e) && e.code === 'E_FILE_NOT_FOUND');
    expect(await resolveStateTable('spec/payment-states.yaml')).toEqual(loadStateTable());
  });

  it('startMock reports a bad table path as a CbpError, and createMockContext asks for the loaded table', async () => {
    await expect(startMock({ port: 0, stateTable: 'test/fixtures/no-such-table.yaml' })).rejects.toSatisfy((e) => isCbpError(e) && e.code === 'E_FILE_NOT_FOUND');
    expect(() => createMockContext({ stateTable: 'spec/payment-states.yaml' })).toThrow(/loaded asynchronously/);
    const ctx = createMockContext({ stateTable: 'spec/payment-states.yaml' }, loadStateTable('spec/payment-states.yaml'));
    expect(ctx.options.stateTable).toBe('spec/payment-states.yaml');
  });
});

describe('jsonDepthExceeds on bytes', () => {
  it('answers as on the decoded text, multi-byte characters and escapes included', () => {
    const nested = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.string({ unit: 'binary' }), fc.integer(), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.string({ unit: 'binary', maxLength: 4 }), tie('value'), { maxKeys: 3 })),
    })).value;
    fc.assert(
      fc.property(nested, fc.integer({ min: 0, max: 6 }), (value, max) => {
        const text = JSON.stringify(value);
        expect(jsonDepthExceeds(Buffer.from(text, 'utf8'), max)).toBe(jsonDepthExceeds(text, max));
      }),
      { numRuns: 300 },
    );
    expect(jsonDepthExceeds(Buffer.from('{"é[[[": [["€"]]}'), 2)).toBe(true);
    expect(jsonDepthExceeds(Buffer.from('{"é[[[\\"": ["€{{"]}'), 2)).toBe(false);
  });
});

describe('the request path of the mock front', () => {
  it('is what the WHATWG parser makes of the target, with or without the plain-target shortcut', () => {
    const char = fc.constantFrom('/', 'a', 'Z', '0', '_', '-', '~', '.', '%', '2', 'e', '\\', '?', '#', ' ', 'é', ':', '@');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 16 }).map((cs) => `/${cs.join('')}`), (target) => {
        let expected: string | undefined;
        try {
          expected = new URL(target, 'http://mock.invalid').pathname;
        } catch {
          expected = undefined;
        }
        expect(pathOf(target)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    expect(pathOf('/v3/customers/c-1/payments?x=1')).toBe('/v3/customers/c-1/payments');
    expect(pathOf('/v3/../_sandbox/clock')).toBe('/_sandbox/clock');
    expect(pathOf('//evil.example/x')).toBe('/x');
  });
});

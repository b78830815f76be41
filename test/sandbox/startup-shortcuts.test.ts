// What the start-up and hot-path shortcuts of the mock must not change: the
// built-in state table is spec/payment-states.yaml, a table path still needs loading, and the
// front's shortcut for plain request targets finds the path the URL parser would.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../sandbox/http/server.js';
import { createSandboxContext, startSandbox } from '../../sandbox/index.js';
import { builtInStateTable, resolveStateTable } from '../../sandbox/state-table.js';
import { isCbpError } from '../../lib/errors.js';
import { loadStateTable } from '../../kits/payments/state-table/index.js';
import { call, sandboxOn0, paymentBody, token } from './helpers.js';

describe('the built-in state table', () => {
  it('is spec/payment-states.yaml (regenerate with `cbp generate` when this fails)', () => {
    const fromYaml = loadStateTable();
    // generated/payment-states.ts carries the table's own `source` note too; the rest is equal.
    expect({ ...builtInStateTable(), source: undefined }).toEqual({ ...fromYaml, source: undefined });
  });

  it('is replaced by a table file given as stateTable, loaded and checked', async () => {
    await expect(resolveStateTable('test/fixtures/no-such-table.yaml')).rejects.toSatisfy(
      (e) => isCbpError(e) && e.code === 'E_FILE_NOT_FOUND',
    );
    expect(await resolveStateTable('spec/payment-states.yaml')).toEqual(loadStateTable());
  });

  it(
    'startSandbox reports a bad table path as a CbpError, ' + 'and createSandboxContext asks for the loaded table',
    async () => {
      await expect(startSandbox({ port: 0, stateTable: 'test/fixtures/no-such-table.yaml' })).rejects.toSatisfy(
        (e) => isCbpError(e) && e.code === 'E_FILE_NOT_FOUND',
      );
      expect(() => createSandboxContext({ stateTable: 'spec/payment-states.yaml' })).toThrow(/loaded asynchronously/);
      const ctx = createSandboxContext(
        { stateTable: 'spec/payment-states.yaml' },
        loadStateTable('spec/payment-states.yaml'),
      );
      expect(ctx.options.stateTable).toBe('spec/payment-states.yaml');
    },
  );
});

describe('the request path of the mock front', () => {
  it('is what the WHATWG parser makes of the target, with or without the plain-target shortcut', () => {
    const char = fc.constantFrom(
      '/',
      'a',
      'Z',
      '0',
      '_',
      '-',
      '~',
      '.',
      '%',
      '2',
      'e',
      '\\',
      '?',
      '#',
      ' ',
      'é',
      ':',
      '@',
    );
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 16 }).map((cs) => `/${cs.join('')}`),
        (target) => {
          let expected: string | undefined;
          try {
            expected = new URL(target, 'http://mock.invalid').pathname;
          } catch {
            expected = undefined;
          }
          expect(pathOf(target)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
    expect(pathOf('/v3/customers/c-1/payments?x=1')).toBe('/v3/customers/c-1/payments');
    expect(pathOf('/v3/../_sandbox/clock')).toBe('/_sandbox/clock');
    expect(pathOf('//evil.example/x')).toBe('/x');
  });
});

describe('the nesting limit of API bodies', () => {
  it('is the maxJsonDepth option, enforced by the generated router', async () => {
    const body = paymentBody('GBP', [['rcp-a-1-gbp', 10]]); // nests 4 levels: body → list → entry → amount
    for (const [maxJsonDepth, status] of [
      [3, 400],
      [4, 201],
    ] as const) {
      const m = await sandboxOn0({ maxJsonDepth });
      try {
        const r = await call(m, await token(m), 'POST', '/v3/customers/cust-a-1/payments', body);
        expect(r.status).toBe(status);
        if (status === 400) expect(r.body.errors[0].rule).toBe('request.too-deep');
      } finally {
        await m.close();
      }
    }
  });
});

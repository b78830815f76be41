/**
 * Adding a /_sandbox/ control endpoint is one module that exports its `ControlRoute` and one line in
 * the registry (sandbox/control-api/routes.ts, ARCHITECTURE.md "Where to add X"). The registry is an
 * array, so this test writes a throw-away endpoint, adds it to a copy of the registry and hands the
 * copy to the sandbox the way the registry is handed in by default: it must answer, behind the same
 * Bearer authentication and tenant scoping as every control endpoint, with nothing else edited.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { CONTROL_ROUTES, type ControlRoute, type RunningSandbox } from '../../sandbox/index.js';
import { ok } from '../../sandbox/http/responses.js';
import { CLIENT_B, call, request, sandboxOn0, token } from './helpers.js';

// The throw-away endpoint: the module a contributor writes (here inline) ...
const customerCount: ControlRoute = {
  method: 'GET',
  path: '/_sandbox/throwaway/{label}',
  handler:
    (ctx) =>
    ({ params, auth }) =>
      ok({ label: params.label, customers: ctx.store.customersOf(auth.clientId).length }),
};
// ... and its registry line.
const registry = [...CONTROL_ROUTES, customerCount];

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe('one control endpoint module plus one registry line', () => {
  test('the sandbox routes a new endpoint, authenticated and scoped to the caller', async () => {
    sandbox = await sandboxOn0({ controlRoutes: registry });
    const a = await call(sandbox, await token(sandbox), 'GET', '/_sandbox/throwaway/x');
    expect([a.status, a.body]).toEqual([200, { label: 'x', customers: 3 }]);
    const b = await call(sandbox, await token(sandbox, CLIENT_B), 'GET', '/_sandbox/throwaway/y');
    expect([b.status, b.body]).toEqual([200, { label: 'y', customers: 1 }]);
    expect((await request(`${sandbox.baseUrl}/_sandbox/throwaway/x`)).status).toBe(401);
    expect((await call(sandbox, await token(sandbox), 'GET', '/_sandbox/fixtures')).status).toBe(200);
  });

  test('without its registry line the path is unknown', async () => {
    sandbox = await sandboxOn0();
    expect((await call(sandbox, await token(sandbox), 'GET', '/_sandbox/throwaway/x')).status).toBe(404);
  });
});

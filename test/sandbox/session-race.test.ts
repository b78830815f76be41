// The handlers called in one tick: all 200 suspend at the (async) stateful rules before any
// inserts, which is exactly the interleaving the synchronous re-check must survive.
import { describe, expect, it } from 'vitest';
import { createApiHandlers, createSandboxContext } from '../../sandbox/index.js';

describe('session creation race', () => {
  it('lets exactly one of 200 interleaved creations with the same reference succeed', async () => {
    const ctx = createSandboxContext();
    const h = createApiHandlers(ctx);
    const auth = { clientId: 'sandbox-client-a', method: 'bearer' as const };
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        h.createSession({
          operationId: 'createSession',
          params: { customer_id: 'cust-a-1' },
          query: {},
          headers: {},
          cookies: {},
          body: { client_reference_id: 'race-1' },
          auth,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(199);
    expect(ctx.store.sessionsByReference('cust-a-1', 'race-1')).toHaveLength(1);
  });
});

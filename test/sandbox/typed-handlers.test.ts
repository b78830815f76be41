// The sandbox's handlers are the generated `Handlers` (sandbox/handlers/index.ts): tsc (which type-checks
// test/) holds them to spec/openapi.yaml. The @ts-expect-error lines fail tsc if a wrong handler ever compiles.
import { describe, expect, it } from 'vitest';
import { createApiHandlers, createSandboxContext } from '../../sandbox/index.js';
import type { ApiHandlers } from '../../sandbox/handlers/index.js';

// @ts-expect-error a payment answer without payment_id breaks components.schemas.Payment
const withoutPaymentId: ApiHandlers['createPayment'] = () => ({ status: 201, body: { status: 'AWAITING_FUNDS' } });
// @ts-expect-error 302 is not a documented status of Legacy: view a payment (2XX, 4XX, 5XX)
const undocumentedStatus: ApiHandlers['legacyViewPayment'] = () => ({ status: 302 });
// @ts-expect-error the path parameter is customer_id, a string
const badParam: ApiHandlers['getVirtualAccount'] = (r) => ({ status: 200, body: { currency: r.params.customerId } });

describe('typed sandbox handlers', () => {
  it('answer a direct call with the body the document declares', async () => {
    const ctx = createSandboxContext();
    const h = createApiHandlers(ctx);
    const auth = { clientId: 'sandbox-client-a', method: 'bearer' as const };
    const request = { operationId: 'lookupSessions', query: {}, headers: {}, cookies: {}, body: undefined, auth };
    const answer = await h.lookupSessions({ ...request, params: { customer_id: 'cust-a-1' } });
    expect(answer).toEqual({ status: 200, body: { sessions: [] } });
    expect([withoutPaymentId, undocumentedStatus, badParam].every((f) => typeof f === 'function')).toBe(true);
  });
});

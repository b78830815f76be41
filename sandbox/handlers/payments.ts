/** Create payment (v3) and the three legacy endpoints, backed by the same store (seed
 * §Versioning rule 3: legacy endpoints remain available and supported). */
import { isPromiseLike, validateRequest } from '../generated-api.js';
import type { SandboxContext } from '../context.js';
import { customerNotFound, fail, ok, violations, type SandboxHandler, type SandboxResponse } from '../http/responses.js';
import { isObject } from '../json.js';
import { createPaymentRecord, isPayment, paymentPreconditions, paymentView } from './payment-core.js';

const LEGACY_SOURCE = 'A-LEGACY-PAYLOAD: the sandbox reads a legacy payment as the v3 request';

export function paymentHandlers(ctx: SandboxContext): Record<string, SandboxHandler> {
  // Not async: the create path allocates no promise while the store answers the rules
  // synchronously; the router awaits whatever the handler returns.
  const create =
    (via: 'v3' | 'legacy'): SandboxHandler =>
    ({ params, body, auth }) => {
      const customer = ctx.store.customer(auth.clientId, params.customer_id ?? '');
      if (customer === undefined) return customerNotFound();
      if (via === 'legacy') {
        // Legacy payloads are not shown (A-LEGACY-PAYLOAD): the document allows any JSON value; the
        // mock reads the v3 request shape and applies the v3 rules to it. A refusal cites that
        // reading, not the document's schema (which the body does not break).
        const v = validateRequest('createPayment', { params, body });
        if (!v.valid)
          return violations(
            400,
            v.violations.map((x) => ({ ...x, source: `${LEGACY_SOURCE} (${x.source})` })),
          );
      }
      const customerId = customer.customer_id;
      const proceed = (refused: SandboxResponse | undefined): SandboxResponse => {
        if (refused) return refused;
        const created = createPaymentRecord(ctx, { customerId, body: isObject(body) ? body : {}, via });
        return isPayment(created) ? ok(paymentView(created), 201) : created;
      };
      const refused = paymentPreconditions(ctx, customerId, body);
      return isPromiseLike(refused) ? Promise.resolve(refused).then(proceed) : proceed(refused);
    };

  return {
    createPayment: create('v3'),
    legacyMakePayment: create('legacy'),
    legacyReviewPayments({ params, auth }) {
      const customer = ctx.store.customer(auth.clientId, params.customer_id ?? '');
      if (customer === undefined) return customerNotFound();
      const payments = [...ctx.store.payments.values()].filter((p) => p.customer_id === customer.customer_id).map(paymentView);
      return ok({ payments });
    },
    legacyViewPayment({ params, auth }) {
      const customer = ctx.store.customer(auth.clientId, params.customer_id ?? '');
      if (customer === undefined) return customerNotFound();
      const p = ctx.store.paymentOf(customer.customer_id, params.payment_id ?? '');
      return p === undefined ? fail(404, 'not-found.payment', 'payment not found', '/payment_id') : ok(paymentView(p));
    },
  };
}

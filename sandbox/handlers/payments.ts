/** Create payment (v3) and the three legacy endpoints, backed by the same store (seed
 * §Versioning rule 3: legacy endpoints remain available and supported). */
import { isPromiseLike, validateRequest } from '../generated-api.js';
import type { SandboxContext } from '../context.js';
import { customerNotFound, fail, ok, violations, type AuthInfo } from '../http/responses.js';
import { isObject } from '../json.js';
import type { ApiHandlersOf } from './index.js';
import { createPaymentRecord, isPayment, paymentPreconditions, paymentView, type Refusal } from './payment-core.js';

const LEGACY_SOURCE = 'A-LEGACY-PAYLOAD: the sandbox reads a legacy payment as the v3 request';

/** What creating a payment reads of a v3 or legacy request (the legacy body is any JSON value). */
interface CreateRequest {
  params: { customer_id: string };
  body: unknown;
  auth: AuthInfo;
}

type PaymentOperations = 'createPayment' | 'legacyMakePayment' | 'legacyReviewPayments' | 'legacyViewPayment';

export function paymentHandlers(ctx: SandboxContext): ApiHandlersOf<PaymentOperations> {
  // Not async: the create path allocates no promise while the store answers the rules
  // synchronously; the router awaits whatever the handler returns.
  const create =
    (via: 'v3' | 'legacy') =>
    ({ params, body, auth }: CreateRequest) => {
      const customer = ctx.store.customer(auth.clientId, params.customer_id);
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
      const proceed = (refused: Refusal | undefined) => {
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
      const customer = ctx.store.customer(auth.clientId, params.customer_id);
      if (customer === undefined) return customerNotFound();
      const payments = [...ctx.store.payments.values()]
        .filter((p) => p.customer_id === customer.customer_id)
        .map(paymentView);
      return ok({ payments });
    },
    legacyViewPayment({ params, auth }) {
      const customer = ctx.store.customer(auth.clientId, params.customer_id);
      if (customer === undefined) return customerNotFound();
      const p = ctx.store.paymentOf(customer.customer_id, params.payment_id);
      return p === undefined ? fail(404, 'not-found.payment', 'payment not found', '/payment_id') : ok(paymentView(p));
    },
  };
}

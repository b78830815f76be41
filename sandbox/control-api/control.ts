/**
 * The lifecycle and clock controls of the sandbox (SANDBOX CONTRACT): deliver funds, cancel,
 * bounce back, hold, release, the first webhook status of a customer's next payment, the payer
 * completing a hosted session, the clock, and the record of every event emitted for a payment.
 * The clock is the calling tenant's own: advancing it moves nobody else's expiries or stages.
 */
import { MAX_ADVANCE_SECONDS, MAX_SANDBOX_MS } from '../clock.js';
import type { SandboxContext } from '../context.js';
import { createPaymentRecord, isPayment } from '../handlers/payment-core.js';
import { fail, ok, type SandboxHandler, type SandboxResponse } from '../http/responses.js';
import { getAt } from '../json.js';
import type { LifecycleResult } from '../lifecycle.js';
import type { PaymentRecord } from '../types.js';
import { perSandbox, routesOf } from './route.js';

export function controlHandlers(ctx: SandboxContext) {
  const { store, lifecycle, clocks } = ctx;
  const onPayment =
    (act: (p: PaymentRecord) => LifecycleResult | undefined): SandboxHandler =>
    ({ params, auth }) => {
      const p = store.paymentForClient(auth.clientId, params.payment_id ?? '');
      if (p === undefined) return fail(404, 'not-found.payment', 'payment not found', '/payment_id');
      const r = act(p);
      if (r && !r.ok) return fail(r.status, 'sandbox.transition', r.message, '/payment_id', 'spec/payment-states.yaml');
      return ok({ payment_id: p.payment_id, status: p.status, held: p.held });
    };
  return {
    deliverFunds: onPayment((p) => lifecycle.deliverFunds(p)),
    cancel: onPayment((p) => lifecycle.cancel(p)),
    bounceBack: onPayment((p) => lifecycle.bounceBack(p)),
    hold: onPayment((p) => {
      lifecycle.hold(p);
      return undefined;
    }),
    release: onPayment((p) => {
      lifecycle.release(p);
      return undefined;
    }),
    events({ params, auth }) {
      const p = store.paymentForClient(auth.clientId, params.payment_id ?? '');
      if (p === undefined) return fail(404, 'not-found.payment', 'payment not found', '/payment_id');
      return ok({ payment_id: p.payment_id, events: p.events });
    },
    payForSession({ params, auth }): SandboxResponse {
      const s = store.sessions.get(params.session_id ?? '');
      if (s === undefined || store.customer(auth.clientId, s.customer_id) === undefined)
        return fail(404, 'not-found.session', 'session not found', '/session_id');
      if (store.clockOfCustomer(s.customer_id).now() >= s.expiresAtMs)
        return fail(
          410,
          'session.expired',
          'the session has expired; create a new one',
          '/session_id',
          'Session states',
        );
      if (s.payment_id !== undefined)
        return fail(409, 'session.already-paid', 'the session already has a payment', '/session_id');
      if (s.recipient_details.length === 0 || s.amount === undefined)
        return fail(409, 'session.incomplete', 'the session has no amount or recipient_details to pay', '/session_id');
      const body = {
        amount: s.amount,
        recipient_details: s.recipient_details,
        client_reference_id: s.client_reference_id,
        client_customer_ref: s.client_customer_ref,
      };
      const created = createPaymentRecord(ctx, {
        customerId: s.customer_id,
        body,
        via: 'session',
        sessionId: s.session_id,
      });
      if (!isPayment(created)) return created;
      s.payment_id = created.payment_id;
      return ok({ payment_id: created.payment_id, session_id: s.session_id, status: created.status }, 201);
    },
    nextPayment({ params, body, auth }) {
      const customer = store.customer(auth.clientId, params.customer_id ?? '');
      if (customer === undefined) return fail(404, 'not-found.customer', 'customer not found', '/customer_id');
      const allowed = lifecycle.firstStatuses();
      const status = getAt(body, ['first_status']);
      if (typeof status !== 'string' || !allowed.includes(status)) {
        return fail(
          400,
          'sandbox.first-status',
          `first_status must be one of ${allowed.join(', ')} (the state table's possible first webhooks)`,
          '/first_status',
          'spec/payment-states.yaml#/initial',
        );
      }
      customer.nextFirstStatus = status;
      return ok({ customer_id: customer.customer_id, first_status: status });
    },
    getClock: ({ auth }) => ok({ now: clocks.of(auth.clientId).iso() }),
    advanceClock({ body, auth }) {
      const clock = clocks.of(auth.clientId);
      const seconds = getAt(body, ['seconds']);
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS) {
        return fail(
          400,
          'sandbox.clock',
          `seconds must be a number from 0 to ${MAX_ADVANCE_SECONDS} (10 years) per advance`,
          '/seconds',
        );
      }
      if (clock.now() + seconds * 1000 > MAX_SANDBOX_MS) {
        return fail(
          400,
          'sandbox.clock-range',
          `the sandbox clock stops at ${new Date(MAX_SANDBOX_MS).toISOString()} ` +
            `(RFC 3339 years end at 9999); advance less`,
          '/seconds',
        );
      }
      clock.advance(seconds);
      return ok({ now: clock.iso() });
    },
  } satisfies Record<string, SandboxHandler>;
}

/** One set of lifecycle handlers per sandbox, shared by its routes and the hosted page's Pay. */
export const lifecycleHandlers = perSandbox(controlHandlers);

export const lifecycleRoutes = routesOf(lifecycleHandlers, [
  ['POST', '/_sandbox/payments/{payment_id}/deliver-funds', 'deliverFunds'],
  ['POST', '/_sandbox/payments/{payment_id}/cancel', 'cancel'],
  ['POST', '/_sandbox/payments/{payment_id}/bounce-back', 'bounceBack'],
  ['POST', '/_sandbox/payments/{payment_id}/hold', 'hold'],
  ['POST', '/_sandbox/payments/{payment_id}/release', 'release'],
  ['GET', '/_sandbox/payments/{payment_id}/events', 'events'],
  ['POST', '/_sandbox/customers/{customer_id}/next-payment', 'nextPayment'],
  ['POST', '/_sandbox/sessions/{session_id}/pay', 'payForSession'],
  ['GET', '/_sandbox/clock', 'getClock'],
  ['POST', '/_sandbox/clock/advance', 'advanceClock'],
]);

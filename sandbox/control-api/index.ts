/** The /_sandbox/ control API (SANDBOX CONTRACT in sandbox/README.md), compiled once. */
import type { SandboxContext } from '../context.js';
import type { SandboxHandler } from '../http/responses.js';
import { RouteTable } from '../http/route-table.js';
import { controlHandlers } from './control.js';
import { resourceHandlers } from './resources.js';

export const SANDBOX_PREFIX = '/_sandbox/';

export function createSandboxRoutes(ctx: SandboxContext): RouteTable<SandboxHandler> {
  const r = resourceHandlers(ctx);
  const c = controlHandlers(ctx);
  return new RouteTable<SandboxHandler>([
    { method: 'GET', path: '/_sandbox/fixtures', handler: r.fixtures! },
    { method: 'POST', path: '/_sandbox/customers/{customer_id}/quotes', handler: r.createQuote! },
    { method: 'POST', path: '/_sandbox/customers/{customer_id}/recipients', handler: r.createRecipient! },
    { method: 'POST', path: '/_sandbox/recipients/{recipient_id}/fail-name-check', handler: r.failNameCheck! },
    { method: 'POST', path: '/_sandbox/webhook-subscriptions', handler: r.createSubscription! },
    { method: 'GET', path: '/_sandbox/webhook-subscriptions', handler: r.listSubscriptions! },
    { method: 'DELETE', path: '/_sandbox/webhook-subscriptions/{subscription_id}', handler: r.deleteSubscription! },
    { method: 'POST', path: '/_sandbox/payments/{payment_id}/deliver-funds', handler: c.deliverFunds! },
    { method: 'POST', path: '/_sandbox/payments/{payment_id}/cancel', handler: c.cancel! },
    { method: 'POST', path: '/_sandbox/payments/{payment_id}/bounce-back', handler: c.bounceBack! },
    { method: 'POST', path: '/_sandbox/payments/{payment_id}/hold', handler: c.hold! },
    { method: 'POST', path: '/_sandbox/payments/{payment_id}/release', handler: c.release! },
    { method: 'GET', path: '/_sandbox/payments/{payment_id}/events', handler: c.events! },
    { method: 'POST', path: '/_sandbox/customers/{customer_id}/next-payment', handler: c.nextPayment! },
    { method: 'POST', path: '/_sandbox/sessions/{session_id}/pay', handler: c.payForSession! },
    { method: 'GET', path: '/_sandbox/clock', handler: c.getClock! },
    { method: 'POST', path: '/_sandbox/clock/advance', handler: c.advanceClock! },
  ]);
}

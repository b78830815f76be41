/**
 * What the hosted page's forms and its script do: pay (exactly what POST
 * /_sandbox/sessions/{id}/pay does: the same handler, as the session's own client), abandon,
 * and the status the script polls. Without JavaScript a form answers 303 back to the page
 * (POST/redirect/GET); with it (Accept: application/json) the answer is the status JSON.
 */
import { controlHandlers } from '../control-api/control.js';
import type { SandboxClock } from '../clock.js';
import type { MockContext } from '../context.js';
import { fail, type MockHandler, type MockResponse } from '../http/responses.js';
import type { SessionRecord } from '../types.js';
import { statusLine } from './page.js';

const handlers = new WeakMap<MockContext, Record<string, MockHandler>>();

function control(ctx: MockContext): Record<string, MockHandler> {
  let h = handlers.get(ctx);
  if (h === undefined) {
    h = controlHandlers(ctx);
    handlers.set(ctx, h);
  }
  return h;
}

/** The clock the session's expiry is measured on: the one place to change should clocks become
 * per tenant. */
export function sessionClock(ctx: MockContext, _s: SessionRecord): SandboxClock {
  return ctx.clock;
}

/** The page's status document (also the answer of a scripted Pay or Abandon). */
export function sessionStatus(ctx: MockContext, s: SessionRecord): Record<string, unknown> {
  const payment = s.payment_id ? ctx.store.payments.get(s.payment_id) : undefined;
  const status = payment?.status ?? 'SESSION_CREATED';
  return {
    session_id: s.session_id,
    status,
    ...(payment ? { payment_id: payment.payment_id } : {}),
    line: statusLine(status, payment?.payment_id, s.hosted?.abandoned ?? false),
    session_expires_at: sessionClock(ctx, s).iso(s.expiresAtMs),
  };
}

/** Pays through the control API's handler, authenticated as the client that owns the session. */
export async function pay(ctx: MockContext, s: SessionRecord): Promise<MockResponse> {
  const clientId = ctx.store.customers.get(s.customer_id)?.clientId;
  if (clientId === undefined) return fail(404, 'not-found.session', 'session not found', '/session_id');
  const paid = await control(ctx).payForSession!({ params: { session_id: s.session_id }, query: {}, body: undefined, auth: { clientId, method: 'none' } });
  if (paid.status !== 201) return paid;
  if (s.hosted) s.hosted.abandoned = false;
  return { status: 201, body: sessionStatus(ctx, s) };
}

/** The payer left: nothing changes in the session (no such session status is shown,
 * A-SESSION-RETURN-URL); the page says so and offers Pay again until expiry. */
export function abandon(ctx: MockContext, s: SessionRecord): MockResponse {
  if (s.payment_id !== undefined) return fail(409, 'session.already-paid', 'the session already has a payment', '/session_id');
  if (s.hosted) s.hosted.abandoned = true;
  return { status: 200, body: sessionStatus(ctx, s) };
}

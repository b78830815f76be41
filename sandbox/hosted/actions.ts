/**
 * What the hosted page's forms and its script do: pay (exactly what POST
 * /_sandbox/sessions/{id}/pay does: the same handler, as the session's own client), abandon,
 * and the status the script polls. Without JavaScript a form answers 303 back to the page
 * (POST/redirect/GET); with it (Accept: application/json) the answer is the status JSON.
 */
import { lifecycleHandlers } from '../control-api/control.js';
import type { SandboxClock } from '../clock.js';
import type { SandboxContext } from '../context.js';
import { fail, type SandboxResponse } from '../http/responses.js';
import type { SessionRecord } from '../types.js';
import { statusLine } from './page.js';

/** The clock the session's expiry is measured on: its tenant's own. */
export function sessionClock(ctx: SandboxContext, s: SessionRecord): SandboxClock {
  return ctx.store.clockOfCustomer(s.customer_id);
}

/** The page's status document (also the answer of a scripted Pay or Abandon). */
export function sessionStatus(ctx: SandboxContext, s: SessionRecord): Record<string, unknown> {
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
export async function pay(ctx: SandboxContext, s: SessionRecord): Promise<SandboxResponse> {
  const clientId = ctx.store.customers.get(s.customer_id)?.clientId;
  if (clientId === undefined) return fail(404, 'not-found.session', 'session not found', '/session_id');
  const paid = await lifecycleHandlers(ctx).payForSession({
    params: { session_id: s.session_id },
    query: {},
    body: undefined,
    auth: { clientId, method: 'none' },
  });
  if (paid.status !== 201) return paid;
  if (s.hosted) s.hosted.abandoned = false;
  return { status: 201, body: sessionStatus(ctx, s) };
}

/** The payer left: nothing changes in the session (no such session status is shown,
 * A-SESSION-RETURN-URL); the page says so and offers Pay again until expiry. */
export function abandon(ctx: SandboxContext, s: SessionRecord): SandboxResponse {
  if (s.payment_id !== undefined)
    return fail(409, 'session.already-paid', 'the session already has a payment', '/session_id');
  if (s.hosted) s.hosted.abandoned = true;
  return { status: 200, body: sessionStatus(ctx, s) };
}

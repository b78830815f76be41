/**
 * Hosted payment sessions (seed §Create hosted payment session, §Look up sessions). The duplicate
 * check and the insert run in one synchronous step after the (async) stateful rules, so of many
 * concurrent creations with one client_reference_id exactly one succeeds.
 */
import { checkStatefulRules, type components } from '../generated-api.js';
import { hostedDetails } from '../hosted/details.js';
import type { SandboxContext } from '../context.js';
import { customerNotFound, type ErrorResponse, fail, ok, violations } from '../http/responses.js';
import { getAt, isObject, str } from '../json.js';
import type { Amount, SessionRecord } from '../types.js';
import type { ApiHandlersOf } from './index.js';

const DUPLICATE_SOURCE = 'Create hosted payment session; Errors table and rule 1; Limits';
/** An origin (RFC 6454) as it may appear in a CSP source list: scheme://host[:port], nothing else,
 * so a session body can never inject into the hosted page's headers. */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

export function sessionHandlers(ctx: SandboxContext): ApiHandlersOf<'createSession' | 'lookupSessions'> {
  return {
    async createSession({ params, body, auth }) {
      const customer = ctx.store.customer(auth.clientId, params.customer_id);
      if (customer === undefined) return customerNotFound();
      const origins = allowedOrigins(body);
      if (!Array.isArray(origins)) return origins;
      const outcome = await checkStatefulRules(
        'createSession',
        { params: { customer_id: customer.customer_id }, body },
        ctx.rulesFor(customer.clientId),
      );
      if (!outcome.valid) return violations(400, outcome.violations);
      const ref = str(getAt(body, ['client_reference_id']));
      // Re-checked synchronously: other requests ran while the rules were awaited.
      if (ref !== undefined && ctx.store.isSessionReferenceTaken(customer.customer_id, ref)) {
        return fail(
          400,
          'session.client-reference-unique',
          `/client_reference_id ${JSON.stringify(ref)} was already used by this customer`,
          '/client_reference_id',
          DUPLICATE_SOURCE,
        );
      }
      const now = ctx.store.clockOfCustomer(customer.customer_id).now();
      const session: SessionRecord = {
        session_id: ctx.store.newId('ses'),
        customer_id: customer.customer_id,
        client_reference_id: ref,
        client_customer_ref: str(getAt(body, ['client_customer_ref'])),
        amount: isObject(getAt(body, ['amount'])) ? (getAt(body, ['amount']) as Amount) : undefined,
        recipient_details: (getAt(body, ['recipient_details']) as unknown[] | undefined)?.filter(isObject) ?? [],
        allowed_origins: origins,
        createdAtMs: now,
        expiresAtMs: now + ctx.options.sessionTtlSeconds * 1000,
        hosted: hostedDetails(body),
      };
      ctx.store.sessions.set(session.session_id, session);
      return ok(
        {
          session_id: session.session_id,
          // A-SESSION-URL-FIELD: the field names are the mock's own.
          session_url: `${ctx.baseUrl()}/_sandbox/hosted/${encodeURIComponent(session.session_id)}`,
          session_expires_at: ctx.store.clockOfCustomer(customer.customer_id).iso(session.expiresAtMs),
        },
        201,
      );
    },

    lookupSessions({ params, query, auth }) {
      const customer = ctx.store.customer(auth.clientId, params.customer_id);
      if (customer === undefined) return customerNotFound();
      const ref = typeof query.client_reference_id === 'string' ? query.client_reference_id : '';
      return ok({
        sessions: ctx.store.sessionsByReference(customer.customer_id, ref).map((s) => lookupRecord(ctx, s)),
      });
    },
  };
}

/** Seed §Session lookup record. latest_status is SESSION_CREATED until a payment exists, then
 * the payment's status (other session statuses are not shown, A-SESSION-STATUS-OPEN). */
export function lookupRecord(ctx: SandboxContext, s: SessionRecord): components['schemas']['SessionLookupRecord'] {
  const payment = s.payment_id ? ctx.store.payments.get(s.payment_id) : undefined;
  return {
    session_id: s.session_id,
    has_payment: payment !== undefined,
    ...(payment ? { payment_id: payment.payment_id } : {}),
    latest_status: payment?.status ?? 'SESSION_CREATED',
    session_expires_at: ctx.store.clockOfCustomer(s.customer_id).iso(s.expiresAtMs),
    ...(s.client_reference_id !== undefined ? { client_reference_id: s.client_reference_id } : {}),
  };
}

function allowedOrigins(body: unknown): string[] | ErrorResponse<400> {
  const list = getAt(body, ['allowed_origins']);
  if (list === undefined) return [];
  if (!Array.isArray(list))
    return fail(400, 'session.allowed-origins', 'allowed_origins must be a list of origins', '/allowed_origins');
  for (const [i, o] of list.entries()) {
    if (typeof o !== 'string' || !ORIGIN.test(o)) {
      return fail(
        400,
        'session.allowed-origins',
        'each allowed origin must be scheme://host[:port] (no path, no wildcard)',
        `/allowed_origins/${i}`,
        'Hosted payment session table: allowed_origins',
      );
    }
  }
  return list as string[];
}

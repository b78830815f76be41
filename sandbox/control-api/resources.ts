/**
 * Sandbox stand-ins for operations whose paths the seed does not show (§Other operations:
 * "Create a quote", "Add a recipient", "Create a webhook", "Unsubscribe from status updates"),
 * under /_sandbox/ so they are never mistaken for the real API. Tenant-scoped like the API.
 * Every input is bounded (SANDBOX_LIMITS) so that nothing stored can break a later request.
 */
import type { SandboxContext } from '../context.js';
import { customerNotFound, fail, ok, type SandboxHandler, type SandboxResponse } from '../http/responses.js';
import { getAt, str } from '../json.js';
import { routesOf } from './route.js';

const CURRENCY = /^[A-Z]{3}$/;

/** Bounds of the control inputs; a request outside them is a 400 naming the bound. */
export const SANDBOX_LIMITS = {
  /** A quote lives at most a year of sandbox time. */
  quoteExpiresInSeconds: { min: 0, max: 366 * 24 * 3600 },
  recipientNameLength: 140,
  webhookUrlLength: 2048,
  /** Stored per customer (quotes, recipients) or per tenant (webhook subscriptions). */
  quotesPerCustomer: 1000,
  recipientsPerCustomer: 1000,
  subscriptionsPerTenant: 20,
} as const;

export function resourceHandlers(ctx: SandboxContext) {
  const { store } = ctx;
  const L = SANDBOX_LIMITS;
  return {
    fixtures({ auth }) {
      const customers = store.customersOf(auth.clientId);
      const ids = new Set(customers.map((c) => c.customer_id));
      return ok({
        customers: customers.map((c) => ({
          customer_id: c.customer_id,
          wallet_currency: c.wallet_currency,
          status: c.status,
        })),
        recipients: [...store.recipients.values()]
          .filter((r) => ids.has(r.customer_id))
          .map(({ recipient_id, customer_id, currency, status, name }) => ({
            recipient_id,
            customer_id,
            currency,
            status,
            name,
          })),
        quotes: [...store.quotes.values()].filter((q) => ids.has(q.customer_id)).map((q) => quoteView(ctx, q.quote_id)),
        third_parties: [...store.thirdParties.values()]
          .filter((t) => ids.has(t.customer_id))
          .map((t) => ({ customer_id: t.customer_id, client_customer_ref: t.client_customer_ref })),
      });
    },
    createQuote({ params, body, auth }) {
      const customer = store.customer(auth.clientId, params.customer_id ?? '');
      if (customer === undefined) return customerNotFound();
      const sell = str(getAt(body, ['sell_currency'])) ?? '';
      const buy = str(getAt(body, ['buy_currency'])) ?? '';
      if (!CURRENCY.test(sell))
        return fail(400, 'sandbox.quote', 'sell_currency must be a 3-letter ISO 4217 code', '/sell_currency');
      if (!CURRENCY.test(buy))
        return fail(400, 'sandbox.quote', 'buy_currency must be a 3-letter ISO 4217 code', '/buy_currency');
      const ttl = getAt(body, ['expires_in_seconds']) ?? 900;
      const { min, max } = L.quoteExpiresInSeconds;
      if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl < min || ttl > max) {
        return fail(
          400,
          'sandbox.quote-expiry',
          `expires_in_seconds must be a number from ${min} to ${max} (a year)`,
          '/expires_in_seconds',
        );
      }
      if (countOf(store.quotes.values(), customer.customer_id) >= L.quotesPerCustomer)
        return limit('quotes of one customer', L.quotesPerCustomer);
      const quote_id = store.newId('quote');
      const expiresAtMs = store.clockOfCustomer(customer.customer_id).now() + Math.round(ttl * 1000);
      store.quotes.set(quote_id, {
        quote_id,
        customer_id: customer.customer_id,
        sell_currency: sell,
        buy_currency: buy,
        status: 'active',
        expiresAtMs,
      });
      return ok(quoteView(ctx, quote_id), 201);
    },
    createRecipient({ params, body, auth }) {
      const customer = store.customer(auth.clientId, params.customer_id ?? '');
      if (customer === undefined) return customerNotFound();
      const currency = str(getAt(body, ['currency'])) ?? '';
      const name = str(getAt(body, ['name'])) ?? '';
      const status = getAt(body, ['status']) ?? 'active';
      if (!CURRENCY.test(currency))
        return fail(400, 'sandbox.recipient', 'currency must be a 3-letter ISO 4217 code', '/currency');
      if (name.trim() === '' || name.length > L.recipientNameLength)
        return fail(400, 'sandbox.recipient', `name is required, 1 to ${L.recipientNameLength} characters`, '/name');
      if (status !== 'active' && status !== 'inactive')
        return fail(400, 'sandbox.recipient', 'status is active or inactive', '/status');
      if (countOf(store.recipients.values(), customer.customer_id) >= L.recipientsPerCustomer)
        return limit('recipients of one customer', L.recipientsPerCustomer);
      const recipient_id = store.newId('rcp');
      store.recipients.set(recipient_id, {
        recipient_id,
        customer_id: customer.customer_id,
        currency,
        name,
        status,
        nameCheck: 'pass',
      });
      return ok({ recipient_id, customer_id: customer.customer_id, currency, name, status }, 201);
    },
    failNameCheck({ params, auth }) {
      const r = store.recipients.get(params.recipient_id ?? '');
      if (r === undefined || store.customer(auth.clientId, r.customer_id) === undefined)
        return fail(404, 'not-found.recipient', 'recipient not found', '/recipient_id');
      r.nameCheck = 'fail-next';
      return ok({ recipient_id: r.recipient_id, name_check: 'fail-next' });
    },
    createSubscription({ body, auth }) {
      const url = str(getAt(body, ['url'])) ?? '';
      if (url.length > L.webhookUrlLength || !isHttpUrl(url))
        return fail(
          400,
          'sandbox.webhook-url',
          `url must be an absolute http(s) URL of at most ${L.webhookUrlLength} characters`,
          '/url',
        );
      // Link-local and metadata targets are refused (webhooks/target-policy.ts says why).
      const refusal = ctx.webhooks.targets.refuseUrl(new URL(url));
      if (refusal !== undefined) {
        return fail(
          400,
          'sandbox.webhook-target',
          `url is refused: ${refusal}; start the mock with --allow-webhook-target to allow it`,
          '/url',
        );
      }
      const own = [...store.subscriptions.values()].filter((s) => s.clientId === auth.clientId).length;
      if (own >= L.subscriptionsPerTenant)
        return limit('webhook subscriptions of one client', L.subscriptionsPerTenant);
      const subscription_id = store.newId('sub');
      const secret = store.newWebhookSecret();
      store.subscriptions.set(subscription_id, { subscription_id, clientId: auth.clientId, url, secret });
      // The secret is shown once, to its owner, as a signing service does on creation.
      return ok({ subscription_id, url, secret }, 201);
    },
    listSubscriptions({ auth }) {
      // Never the secret: it is shown once, on creation.
      const own = [...store.subscriptions.values()].filter((s) => s.clientId === auth.clientId);
      return ok({
        subscriptions: own.map((s) => ({
          subscription_id: s.subscription_id,
          url: s.url,
          status: s.disabled ? 'disabled' : 'active',
          ...(s.disabled ? { disabled_at: s.disabled.at, disabled_reason: s.disabled.reason } : {}),
        })),
      });
    },
    deleteSubscription({ params, auth }) {
      const s = store.subscriptions.get(params.subscription_id ?? '');
      if (s === undefined || s.clientId !== auth.clientId)
        return fail(404, 'not-found.subscription', 'webhook subscription not found', '/subscription_id');
      s.deleted = true;
      store.subscriptions.delete(s.subscription_id);
      return { status: 204 };
    },
  } satisfies Record<string, SandboxHandler>;
}

export const resourceRoutes = routesOf(resourceHandlers, [
  ['GET', '/_sandbox/fixtures', 'fixtures'],
  ['POST', '/_sandbox/customers/{customer_id}/quotes', 'createQuote'],
  ['POST', '/_sandbox/customers/{customer_id}/recipients', 'createRecipient'],
  ['POST', '/_sandbox/recipients/{recipient_id}/fail-name-check', 'failNameCheck'],
  ['POST', '/_sandbox/webhook-subscriptions', 'createSubscription'],
  ['GET', '/_sandbox/webhook-subscriptions', 'listSubscriptions'],
  ['DELETE', '/_sandbox/webhook-subscriptions/{subscription_id}', 'deleteSubscription'],
]);

function quoteView(ctx: SandboxContext, quoteId: string): Record<string, unknown> {
  const q = ctx.store.quotes.get(quoteId)!;
  const clock = ctx.store.clockOfCustomer(q.customer_id);
  const expired = clock.now() >= q.expiresAtMs;
  return {
    quote_id: q.quote_id,
    customer_id: q.customer_id,
    sell_currency: q.sell_currency,
    buy_currency: q.buy_currency,
    status: q.status === 'active' && expired ? 'expired' : q.status,
    expires_at: clock.iso(q.expiresAtMs),
  };
}

function countOf(records: Iterable<{ customer_id: string }>, customerId: string): number {
  let n = 0;
  for (const r of records) if (r.customer_id === customerId) n++;
  return n;
}

function limit(what: string, max: number): SandboxResponse {
  return fail(409, 'sandbox.limit', `at most ${max} ${what}; the sandbox keeps its state bounded`, '');
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Valid requests, per operation: the bases the positive check sends and the negative check
 * mutates. Built from the target's fixtures, fresh each time (client_reference_id must be unique
 * per customer for sessions and third-party payments, seed §Errors rule 1).
 */
import type { RunContext } from './context.js';
import { conversionCustomer, sameCurrencyCustomer, thirdPartyCustomer } from './fixtures.js';
import type { SendRequest } from '../../engine/http.js';
import { TOKEN_PATH } from './tokens.js';
import type { SkipReason } from '../../engine/skips.js';
import { fillUnique, payloadFor, type PayloadChoice, type UnshownPayload } from './live/payloads.js';

export interface RequestCase extends SendRequest {
  operationId: string;
  /** Which base: 'same-currency', 'conversion', ... */
  name: string;
  /** customer_id of the request, when it has one. */
  customerId?: string;
}

export interface BaseRequest {
  name: string;
  build(ctx: RunContext): Promise<RequestCase | undefined>;
  /** Why `build` gives nothing on this target and what would change that, when it is a choice
   * (a payload the seed does not show and the config does not give). */
  unavailable?(ctx: RunContext): SkipReason | undefined;
}

/** A body the seed does not show: the config's, this sandbox's stand-in, or a skip (live/payloads.ts). */
function unshown(ctx: RunContext, key: UnshownPayload, standIn: () => unknown): PayloadChoice {
  return payloadFor(
    { configured: ctx.config.file?.payloads, ownSandbox: ctx.ownSandbox },
    key,
    () => ctx.unique('cfg'),
    standIn,
  );
}

const skipOf = (p: PayloadChoice) => ('skip' in p ? p.skip : undefined);

export function pathFor(ctx: RunContext, operationId: string, params: Record<string, string>): string {
  const op = ctx.model.operations.find((o) => o.id === operationId);
  if (!op) throw new Error(`operation ${operationId} is not in the document`);
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

const VALUE = 100.5;
const dueDate = () => new Date(Date.now() + 7 * 86400_000).toISOString().slice(0, 10);

function paymentBody(currency: string, recipientId: string, ref: string, extra: Record<string, unknown> = {}) {
  return {
    purpose_of_transaction: 'PROPERTY_PURCHASE',
    amount: { currency, value: VALUE },
    recipient_details: [
      {
        recipient_id: recipientId,
        amount: { currency, value: VALUE },
        payment_reference: 'INV-1',
        purpose_of_transaction: 'PROPERTY_PURCHASE',
      },
    ],
    client_reference_id: ref,
    payment_reference: 'INV-1',
    ...extra,
  };
}

const base = (
  ctx: RunContext,
  operationId: string,
  name: string,
  method: string,
  params: Record<string, string>,
  rest: Partial<RequestCase> = {},
): RequestCase => ({
  operationId,
  name,
  method,
  path: pathFor(ctx, operationId, params),
  customerId: params.customer_id,
  ...rest,
});

export const validRequests: Record<string, BaseRequest[]> = {
  requestAccessToken: [
    {
      name: 'client-credentials',
      build: async (ctx) => {
        const c = ctx.credentials.primary;
        return c
          ? {
              operationId: 'requestAccessToken',
              name: 'client-credentials',
              method: 'POST',
              path: TOKEN_PATH,
              base: 'auth',
              auth: 'none',
              form: { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret },
            }
          : undefined;
      },
    },
  ],
  createPayment: [
    {
      name: 'same-currency',
      build: async (ctx) => {
        const s = sameCurrencyCustomer(ctx.fixtures);
        return (
          s &&
          base(
            ctx,
            'createPayment',
            'same-currency',
            'POST',
            { customer_id: s.customer.customer_id },
            { json: paymentBody(s.currency, s.recipient.recipient_id, ctx.unique('pay')) },
          )
        );
      },
    },
    {
      name: 'conversion',
      build: async (ctx) => {
        const s = conversionCustomer(ctx.fixtures);
        const quote = s && (await ctx.quoteFor(s.customer.customer_id, s.sell, s.buy));
        return s && quote
          ? base(
              ctx,
              'createPayment',
              'conversion',
              'POST',
              { customer_id: s.customer.customer_id },
              { json: paymentBody(s.buy, s.recipient.recipient_id, ctx.unique('fx'), { quote_id: quote }) },
            )
          : undefined;
      },
    },
    {
      name: 'third-party',
      build: async (ctx) => {
        const s = thirdPartyCustomer(ctx.fixtures);
        const body =
          s &&
          paymentBody(s.currency, s.recipient.recipient_id, ctx.unique('tpp'), {
            is_third_party_payment: true,
            client_customer_ref: s.ref,
          });
        return (
          s &&
          base(ctx, 'createPayment', 'third-party', 'POST', { customer_id: s.customer.customer_id }, { json: body })
        );
      },
    },
  ],
  createSession: [
    {
      name: 'session',
      build: async (ctx) => {
        const s = thirdPartyCustomer(ctx.fixtures) ?? sameCurrencyCustomer(ctx.fixtures);
        if (!s) return undefined;
        const amount = { currency: s.currency, value: 250 };
        const json = {
          client_customer_ref: 'ref' in s ? s.ref : 'conformance-customer',
          client_reference_id: ctx.unique('ses'),
          amount,
          due_date: dueDate(),
          items: [{ item_name: 'Deposit', item_ref: 'item-1', item_type: 'deposit', amount }],
          recipient_details: [
            {
              recipient_id: s.recipient.recipient_id,
              amount,
              payment_reference: 'INV-2',
              purpose_of_transaction: 'PROPERTY_PURCHASE',
            },
          ],
          allowed_origins: ['https://partner.example'],
        };
        return base(
          ctx,
          'createSession',
          'session',
          'POST',
          { customer_id: s.customer.customer_id },
          { json: sessionOverride(ctx, json) },
        );
      },
    },
  ],
  lookupSessions: [
    {
      name: 'by-reference',
      build: async (ctx) =>
        withCustomer(ctx, (id) =>
          base(
            ctx,
            'lookupSessions',
            'by-reference',
            'GET',
            { customer_id: id },
            { query: { client_reference_id: ctx.unique('lookup') } },
          ),
        ),
    },
  ],
  requestVirtualAccount: [
    {
      name: 'gbp',
      build: async (ctx) =>
        withCustomer(ctx, (id) =>
          base(
            ctx,
            'requestVirtualAccount',
            'gbp',
            'POST',
            { customer_id: id },
            { json: { currency: 'GBP', vban_country: 'GBR' } },
          ),
        ),
    },
  ],
  createThirdParty: [
    {
      name: 'third-party',
      build: async (ctx) => {
        const p = unshown(ctx, 'createThirdParty', () => ({
          client_customer_ref: ctx.unique('tp'),
          name: 'Conformance Buyer',
        }));
        const id = 'skip' in p ? undefined : (p.customerId ?? ctx.fixtures.customers[0]?.customer_id);
        return id && !('skip' in p)
          ? base(ctx, 'createThirdParty', 'third-party', 'POST', { customer_id: id }, { json: p.body })
          : undefined;
      },
      unavailable: (ctx) => skipOf(unshown(ctx, 'createThirdParty', () => ({}))),
    },
  ],
  getThirdParty: [
    {
      name: 'onboarded',
      build: async (ctx) =>
        withThirdParty(ctx, (id, ref) =>
          base(ctx, 'getThirdParty', 'onboarded', 'GET', { customer_id: id, client_customer_reference: ref }),
        ),
    },
  ],
  updateThirdParty: [
    {
      name: 'onboarded',
      build: async (ctx) =>
        withThirdParty(ctx, (id, ref) => {
          const p = unshown(ctx, 'updateThirdParty', () => ({
            client_customer_ref: ref,
            name: 'Conformance Buyer (updated)',
          }));
          if ('skip' in p) return undefined;
          const params = { customer_id: p.customerId ?? id, client_customer_reference: p.thirdParty ?? ref };
          return base(ctx, 'updateThirdParty', 'onboarded', 'PUT', params, { json: p.body });
        }),
      unavailable: (ctx) => skipOf(unshown(ctx, 'updateThirdParty', () => ({}))),
    },
  ],
  legacyMakePayment: [
    {
      name: 'same-currency',
      build: async (ctx) => {
        const s = sameCurrencyCustomer(ctx.fixtures);
        // The sandbox's stand-in: the v3 request shape (A-LEGACY-PAYLOAD in sandbox/README.md).
        const p =
          s &&
          unshown(ctx, 'legacyMakePayment', () => paymentBody(s.currency, s.recipient.recipient_id, ctx.unique('v2')));
        if (!s || !p || 'skip' in p) return undefined;
        return base(
          ctx,
          'legacyMakePayment',
          'same-currency',
          'POST',
          { customer_id: p.customerId ?? s.customer.customer_id },
          { json: p.body },
        );
      },
      unavailable: (ctx) => skipOf(unshown(ctx, 'legacyMakePayment', () => ({}))),
    },
  ],
  legacyReviewPayments: [
    {
      name: 'list',
      build: async (ctx) =>
        withCustomer(ctx, (id) => base(ctx, 'legacyReviewPayments', 'list', 'GET', { customer_id: id })),
    },
  ],
};

/**
 * `payloads.createSession.body` of the config, laid over the runner's session body key by key
 * (`{{unique}}` filled; a key set to null is left out): e.g. the provider's callback URL field
 * (its name: not shown) or its own item types. Which session fields are required: not shown.
 */
function sessionOverride(ctx: RunContext, json: Record<string, unknown>): Record<string, unknown> {
  const configured = ctx.config.file?.payloads?.createSession?.body;
  if (configured === null || typeof configured !== 'object' || Array.isArray(configured)) return json;
  const over = fillUnique(configured, ctx.unique('cfg')) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...json, ...over };
  for (const [k, v] of Object.entries(over)) if (v === null) delete merged[k];
  return merged;
}

function withCustomer(ctx: RunContext, f: (customerId: string) => RequestCase): RequestCase | undefined {
  const c = ctx.fixtures.customers[0];
  return c ? f(c.customer_id) : undefined;
}

function withThirdParty(
  ctx: RunContext,
  f: (customerId: string, ref: string) => RequestCase | undefined,
): RequestCase | undefined {
  const tp = ctx.fixtures.third_parties[0];
  return tp ? f(tp.customer_id, tp.client_customer_ref) : undefined;
}

/** Operations whose valid request needs an identifier another call returns first. */
const dependent: Record<string, BaseRequest[]> = {
  getVirtualAccount: [
    {
      name: 'requested',
      build: async (ctx) => {
        const first = await validRequests.requestVirtualAccount[0].build(ctx);
        const res = first && (await ctx.http.send(first));
        const id = (res?.body as { unique_identifier?: unknown } | undefined)?.unique_identifier;
        if (!first || typeof id !== 'string') return undefined;
        const view = base(
          ctx,
          'getVirtualAccount',
          'requested',
          'GET',
          { customer_id: first.customerId! },
          { query: { 'unique-ref': id } },
        );
        // Seed §Request a virtual account: the answer "means that virtual account creation has been
        // initiated", so the account is polled (bounded) before it is expected to exist.
        await ctx.http.poll(view, (r) => r.status >= 200 && r.status < 300, {
          timeoutMs: ctx.config.virtualAccountWaitMs,
          intervalMs: 1000,
        });
        return view;
      },
    },
  ],
  legacyViewPayment: [
    {
      name: 'created',
      build: async (ctx) => {
        const first = await validRequests.createPayment[0].build(ctx);
        const res = first && (await ctx.http.send(first));
        const id = (res?.body as { payment_id?: unknown } | undefined)?.payment_id;
        return first && typeof id === 'string'
          ? base(ctx, 'legacyViewPayment', 'created', 'GET', { customer_id: first.customerId!, payment_id: id })
          : undefined;
      },
    },
  ],
};
Object.assign(validRequests, dependent);

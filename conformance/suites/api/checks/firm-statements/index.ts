/**
 * firm-statements: the seed's firm statements the other checks cannot reach from one valid body
 * (spec-fidelity review §4): a payment to an inactive recipient (Create payment rule 2) or on an
 * expired quote (rule 1), an EUR virtual account without vban_country, an unknown customer on
 * every operation that lists 404, a virtual account for a customer that is not active, an expired session that must not be payable, a corrected
 * resubmission after a failed name check (rule 5, first option), recipient amounts that sum
 * exactly only as decimals (rule 3, decimal-sums.ts), the session URL of the creation response, HTTPS. Cases that need the sandbox go through its control API.
 */
import type { SendResult } from '../../../../engine/http.js';
import type { ConformanceCheck, RunContext } from '../../context.js';
import { inactiveRecipient } from '../../fixtures.js';
import { type RequestCase, validRequests } from '../../requests.js';
import { CaseBook, type CaseInfo } from '../../../../engine/case-book.js';
import { assumption, http, seed } from '../../../../engine/provenance.js';
import { decimalSums } from '../decimal-sums.js';
import { httpsCases } from '../https.js';
import { describeAnswer, fail, is2xx, is4xx } from '../util.js';

const UNKNOWN_CUSTOMER = 'cbp-unknown-customer-0000';
type Want = '2xx' | '4xx' | '404';

export const firmStatementsCheck: ConformanceCheck = {
  id: 'firm-statements',
  title: 'Firm seed statements beyond one valid body: inactive recipients, expired quotes, EUR accounts, unknown customers, expired sessions',
  source: 'Create payment (v3), rules 1, 2, 5; Request a virtual account; Errors: 404; Session states; Authentication: HTTPS',
  severity: 'error',
  tags: ['rules', 'stateful'],
  /** The rule ids its failures cite that no overlay or event rule defines (`cbp rules`). */
  rules: {
    'auth.api-key': { title: 'An operation documenting the apikey scheme answers a call with the key alone', provenance: { kind: 'assumption', ids: ['A-SECURITY-UNSTATED'] } },
    'auth.https': { title: 'The target is HTTPS', provenance: seed('Authentication, OAuth 2.0 step 6', 'All requests use HTTPS.') },
    'errors.unknown-customer': {
      title: 'An unknown customer_id is answered 404 where 404 is listed (a 4xx elsewhere)',
      provenance: seed('Errors table', '404 | Not Found Error | Create payment, request virtual account'),
    },
    'virtual-account.customer-active': {
      title: 'A virtual account is refused (4xx) for a customer that is not active',
      provenance: seed('What the service does', 'It is available for registered and active customers'),
    },
    'session.expiry': { title: 'An expired session cannot be paid', provenance: seed('Session states', 'If it expires before completion, a new session must be created') },
    'session.url': { title: 'The session creation response carries a session URL', provenance: seed('Create hosted payment session', 'The response carries a session URL') },
  },
  async run(ctx) {
    const book = new CaseBook();
    const expect = async (req: RequestCase, want: Want, info: CaseInfo): Promise<SendResult> => {
      const res = await ctx.http.send(req);
      const ok = want === '2xx' ? is2xx(res.status) : want === '4xx' ? is4xx(res.status) : res.status === 404;
      if (ok) book.pass(info);
      else {
        // Another 4xx where 404 is listed rests on A-ERROR-STATUS; a 5xx is a server failure.
        const provenance =
          res.status >= 500 ? http('RFC 9110 §15.6: a 5xx is a server failure') : want === '404' && is4xx(res.status) ? assumption('A-ERROR-STATUS', 'Errors') : info.provenance;
        book.fail(
          { ...info, provenance },
          { ...fail(this.id, res, `${info.name}: answered ${describeAnswer(res)}, expected ${want}`, info.rule ?? this.id, 'error', info.subject), provenance },
        );
      }
      return res;
    };
    const same = await validRequests.createPayment.find((b) => b.name === 'same-currency')?.build(ctx);
    const recipientOf = (r: RequestCase) => (r.json as { recipient_details: Array<{ recipient_id: string }> }).recipient_details[0];

    const inactive = same && inactiveRecipient(ctx.fixtures, same.customerId ?? '');
    if (same && inactive) {
      const body = structuredClone(same.json) as { recipient_details: Array<{ recipient_id: string }> };
      body.recipient_details[0].recipient_id = inactive.recipient_id;
      await expect({ ...same, json: body }, '4xx', {
        name: `a payment to the inactive recipient ${inactive.recipient_id}`,
        subject: 'createPayment',
        rule: 'payment.recipient-active',
        provenance: seed('Create payment (v3), rule 2', 'Recipient details must be valid and active.'),
      });
    }

    await expiredQuote(ctx, expect);

    const va = await validRequests.requestVirtualAccount[0]?.build(ctx);
    if (va) {
      const info = {
        subject: 'requestVirtualAccount',
        rule: 'virtual-account.vban-country',
        provenance: seed('Request a virtual account', 'mandatory for EUR and GBP virtual accounts'),
      };
      const eur = await expect({ ...va, json: { currency: 'EUR', vban_country: 'DEU' } }, '2xx', { ...info, name: 'an EUR virtual account with vban_country' });
      if (is2xx(eur.status)) await expect({ ...va, json: { currency: 'EUR' } }, '4xx', { ...info, name: 'an EUR virtual account without vban_country' });
      await inactiveCustomerAccount(ctx, va, expect);
    }

    for (const op of ctx.model.operations.filter((o) => o.path.includes('{customer_id}'))) {
      const b = await validRequests[op.id]?.[0]?.build(ctx);
      if (!b) continue;
      const listed = op.responses.some((r) => r.status === '404');
      const unknown = forCustomer(b, UNKNOWN_CUSTOMER);
      if (!unknown) continue;
      await expect(unknown, listed ? '404' : '4xx', {
        name: `${op.id} for an unknown customer_id`,
        subject: op.id,
        rule: 'errors.unknown-customer',
        provenance: listed ? seed('Errors table', '404 | Not Found Error | Create payment, request virtual account') : assumption('A-ERROR-STATUS', 'Errors'),
      });
    }

    if (ctx.sandbox) await expiredSession(ctx, book);
    if (same) await correctedResubmission(ctx, same, recipientOf(same).recipient_id, expect);
    await decimalSums(ctx, book, async () => validRequests.createPayment.find((b) => b.name === 'same-currency')?.build(ctx));
    await apiKeyOnly(ctx, expect);
    await sessionUrl(ctx, book);
    httpsCases({ baseUrl: ctx.http.baseUrl, authUrl: ctx.http.authUrl }, book, this.id);
    return book.result();
  },
};

type Expect = (req: RequestCase, want: Want, info: CaseInfo) => Promise<SendResult>;

/** The same request for another customer id (the path segment and the case's customer). */
function forCustomer(req: RequestCase, customerId: string): RequestCase | undefined {
  const segment = `/${encodeURIComponent(req.customerId ?? '')}/`;
  if (!req.customerId || !req.path.includes(segment)) return undefined;
  return { ...req, customerId, path: req.path.replace(segment, `/${encodeURIComponent(customerId)}/`) };
}

/**
 * What the service does: a virtual account "is available for registered and active customers".
 * Needs a customer the fixtures mark as not active (the sandbox has one; conformance.yaml may
 * list one with `status: inactive`).
 */
async function inactiveCustomerAccount(ctx: RunContext, va: RequestCase, expect: Expect): Promise<void> {
  const inactive = ctx.fixtures.customers.find((c) => c.status !== undefined && c.status !== 'active');
  const req = inactive && forCustomer(va, inactive.customer_id);
  if (!inactive || !req) return;
  await expect(req, '4xx', {
    name: `a virtual account for the ${inactive.status} customer ${inactive.customer_id}`,
    subject: 'requestVirtualAccount',
    rule: 'virtual-account.customer-active',
    provenance: seed('What the service does', 'It is available for registered and active customers'),
  });
}

/**
 * Rule 1: a quote that expired cannot fund a conversion payment. In the sandbox one is made to
 * expire (its clock); on a live target, a quote of the config file whose `status` is not active
 * or whose `expires_at` has passed is used.
 */
async function expiredQuote(ctx: RunContext, expect: Expect): Promise<void> {
  const conversion = await validRequests.createPayment.find((b) => b.name === 'conversion')?.build(ctx);
  const body = conversion?.json as { quote_id?: string; amount: { currency: string } } | undefined;
  const customer = conversion?.customerId;
  const wallet = ctx.fixtures.customers.find((c) => c.customer_id === customer)?.wallet_currency;
  if (!conversion || !body?.quote_id || !customer || !wallet) return;
  const quoteId = ctx.sandbox ? await expiringSandboxQuote(ctx, customer, wallet, body.amount.currency) : unusableFixtureQuote(ctx, customer);
  if (!quoteId) return;
  await expect({ ...conversion, json: { ...body, quote_id: quoteId } }, '4xx', {
    name: `a conversion payment on the expired quote ${quoteId}`,
    subject: 'createPayment',
    rule: 'payment.quote-usable',
    provenance: seed('Create payment (v3), rule 1', 'quote_id must be supplied, must exist, be active, and not be expired'),
  });
}

async function expiringSandboxQuote(ctx: RunContext, customer: string, sell: string, buy: string): Promise<string | undefined> {
  const quote = await ctx.http.send({
    method: 'POST',
    path: `/_sandbox/customers/${encodeURIComponent(customer)}/quotes`,
    json: { sell_currency: sell, buy_currency: buy, expires_in_seconds: 1 },
  });
  const quoteId = (quote.body as { quote_id?: string } | undefined)?.quote_id;
  if (!quoteId) return undefined;
  await ctx.sandbox!.advanceClock(2);
  ctx.tokens.reset();
  return quoteId;
}

function unusableFixtureQuote(ctx: RunContext, customer: string): string | undefined {
  const stale = (q: { status?: string; expires_at?: string }) =>
    (q.status !== undefined && q.status !== 'active') || (q.expires_at !== undefined && Date.parse(q.expires_at) < Date.now());
  return ctx.fixtures.quotes.find((q) => q.customer_id === customer && stale(q))?.quote_id;
}

/** Session states: "If it expires before completion, a new session must be created": an expired session cannot be paid. */
async function expiredSession(ctx: RunContext, book: CaseBook): Promise<void> {
  const req = await validRequests.createSession[0]?.build(ctx);
  const created = req && (await ctx.http.send(req));
  const body = created?.body as { session_id?: string; session_expires_at?: string } | undefined;
  if (!created || !is2xx(created.status) || !body?.session_id) return;
  const clock = (await ctx.http.send({ method: 'GET', path: '/_sandbox/clock' })).body as { now?: string } | undefined;
  const left = Date.parse(body.session_expires_at ?? '') - Date.parse(clock?.now ?? '');
  await ctx.sandbox!.advanceClock(Number.isFinite(left) ? Math.ceil(left / 1000) + 1 : 86_400);
  ctx.tokens.reset();
  const paid = await ctx.http.send({ method: 'POST', path: `/_sandbox/sessions/${encodeURIComponent(body.session_id)}/pay`, json: {} });
  const info = {
    name: 'paying a session after session_expires_at',
    subject: 'createSession',
    rule: 'session.expiry',
    provenance: seed('Session states', 'If it expires before completion, a new session must be created'),
  };
  if (is4xx(paid.status)) book.pass(info);
  else book.fail(info, fail('firm-statements', paid, `the expired session ${body.session_id} was paid (${describeAnswer(paid)}), expected a refusal`, 'session.expiry'));
}

/**
 * Rule 5, option one: after a failed name check, the corrected details resubmitted without
 * confirm_recipient are accepted. The failing recipient comes from the driver
 * (recipientFailingNameCheck, as for recipient-check); the correction is the base's own recipient.
 */
async function correctedResubmission(ctx: RunContext, same: RequestCase, recipientId: string, expect: Expect): Promise<void> {
  const arm = ctx.driver.recipientFailingNameCheck;
  const recipient = ctx.fixtures.recipients.find((r) => r.recipient_id === recipientId);
  if (!arm || !recipient?.currency || !same.customerId) return;
  const broken = await arm({ customerId: same.customerId, currency: recipient.currency }).catch(() => undefined);
  if (!broken) return;
  const body = structuredClone(same.json) as { recipient_details: Array<{ recipient_id: string }> };
  body.recipient_details[0].recipient_id = broken;
  const info = {
    subject: 'createPayment',
    rule: 'payment.confirm-recipient-after-failure',
    provenance: seed('Create payment (v3), rule 5', 'the caller either corrects the details and resubmits the same request'),
  };
  const first = await expect({ ...same, json: body }, '4xx', { ...info, name: 'a payment whose recipient name check fails' });
  if (!is4xx(first.status)) return;
  body.recipient_details[0].recipient_id = recipientId;
  await expect({ ...same, json: body }, '2xx', { ...info, name: 'the same request resubmitted with corrected recipient details, without confirm_recipient' });
}

/**
 * Authentication › API key: "The key is sent in the request header named apikey, on every call".
 * Operations that document the apikey scheme are called with the key alone (read as either/or:
 * A-SECURITY-UNSTATED); operations that require a Bearer token (virtual accounts, payments, the
 * legacy ones included, and sessions) refuse the key alone. Needs CBP_API_KEY (the sandbox has its own).
 */
async function apiKeyOnly(ctx: RunContext, expect: Expect): Promise<void> {
  const key = ctx.credentials.apiKey;
  if (!key) return;
  const schemes = Object.entries(ctx.model.securitySchemes)
    .filter(([, s]) => s.kind === 'apiKey')
    .map(([name]) => name);
  for (const op of ctx.model.operations.filter((o) => o.security.some((alt) => alt.length > 0 && alt.every((n) => schemes.includes(n))))) {
    const req = await validRequests[op.id]?.[0]?.build(ctx);
    if (!req || op.method !== 'get') continue;
    await expect({ ...req, auth: { apiKey: key } }, '2xx', {
      name: `${op.id} with the apikey header alone`,
      subject: op.id,
      rule: 'auth.api-key',
      provenance: assumption('A-SECURITY-UNSTATED', 'Authentication › API key'),
    });
  }
  // Authentication › OAuth 2.0: "virtual accounts, payments, sessions require a Bearer token" (the
  // legacy payment endpoints are payments): the apikey alone is refused there.
  const bearerOnly = ctx.model.operations.filter(
    (o) => o.method === 'get' && o.security.length > 0 && o.security.every((alt) => alt.length > 0 && alt.every((n) => !schemes.includes(n))),
  );
  for (const op of bearerOnly) {
    const req = await validRequests[op.id]?.[0]?.build(ctx);
    if (!req) continue;
    await expect({ ...req, auth: { apiKey: key } }, '4xx', {
      name: `${op.id} with the apikey header alone (a Bearer token is required)`,
      subject: op.id,
      rule: 'auth.bearer-required',
      provenance: seed('Authentication, OAuth 2.0', 'virtual accounts, payments, sessions require a Bearer token'),
    });
  }
}

/** Create hosted payment session: "The response carries a session URL" (its field name: not shown). */
async function sessionUrl(ctx: RunContext, book: CaseBook): Promise<void> {
  const x = ctx.recorder.exchanges.find((e) => e.operationId === 'createSession' && e.response && is2xx(e.response.status));
  if (!x) return;
  const values = Object.values((x.response!.body ?? {}) as Record<string, unknown>);
  const info = {
    name: 'the session creation response carries a session URL',
    subject: 'createSession',
    rule: 'session.url',
    provenance: seed('Create hosted payment session', 'The response carries a session URL'),
  };
  if (values.some((v) => typeof v === 'string' && /^https?:\/\//.test(v))) book.pass(info);
  else
    book.fail(info, {
      checkId: 'firm-statements',
      subject: 'createSession',
      severity: 'error',
      message: 'no field of the session creation response holds a URL',
      evidence: { exchanges: [x] },
    });
}

/**
 * uniqueness: a duplicate client_reference_id for the same customer is rejected for sessions
 * (400) and third-party payments; it is accepted for another customer and for non-third-party
 * payments (seed §Errors rule 1; §Limits "not enforced for non-third-party API payments";
 * §Reconciliation identifiers: match on customer_id plus client_reference_id).
 */
import type { ConformanceCheck, RunContext } from '../context.js';
import { activeRecipients } from '../fixtures.js';
import { pathFor, validRequests, type RequestCase } from '../requests.js';
import type { Failure } from '../../../engine/types.js';
import { describeAnswer, fail, is2xx } from './util.js';

const SESSION_RULE = 'session.client-reference-unique (Create hosted payment session; Errors rule 1)';
const PAYMENT_RULE = 'payment.client-reference-unique (Errors rule 1; Limits)';

export const uniquenessCheck: ConformanceCheck = {
  id: 'uniqueness',
  title: 'client_reference_id is unique per customer for sessions and third-party payments only',
  source: 'Errors, rule 1; Limits: uniqueness of client_reference_id; Reconciliation identifiers',
  severity: 'error',
  tags: ['rules', 'stateful'],
  async run(ctx) {
    const failures: Failure[] = [];
    let cases = 0;
    const expect = async (req: RequestCase, want: '2xx' | '400' | '4xx', what: string, rule: string) => {
      cases++;
      const res = await ctx.http.send(req);
      const ok = want === '2xx' ? is2xx(res.status) : want === '400' ? res.status === 400 : res.status >= 400 && res.status < 500;
      if (!ok) failures.push(fail(this.id, res, `${what}: answered ${describeAnswer(res)}, expected ${want}`, rule));
      return ok;
    };
    const sequence = async (opId: string, baseName: string, label: string, dupWant: '2xx' | '400' | '4xx', rule: string) => {
      const b = validRequests[opId]?.find((x) => x.name === baseName);
      const first = b && (await b.build(ctx));
      if (!first) return;
      if (!(await expect(first, '2xx', `${label}: first use of a reference`, rule))) return;
      await expect(first, dupWant, `${label}: the same client_reference_id again for the same customer`, rule);
      const other = dupWant === '2xx' ? undefined : await forOtherCustomer(ctx, first);
      if (other) await expect(other, '2xx', `${label}: the same client_reference_id for another customer`, rule);
    };
    await sequence('createSession', 'session', 'session', '400', SESSION_RULE);
    await sequence('createPayment', 'third-party', 'third-party payment', '4xx', PAYMENT_RULE);
    await sequence('createPayment', 'same-currency', 'non-third-party payment', '2xx', PAYMENT_RULE);
    return { cases, failures };
  },
};

/** The same request for another customer of the same client: its wallet currency, its own
 * recipient, and (for a third-party payment) one of its third parties, onboarded if need be. */
async function forOtherCustomer(ctx: RunContext, req: RequestCase): Promise<RequestCase | undefined> {
  // biome-ignore lint/suspicious/noExplicitAny: a copy of a request body this check rewrites field by field
  const body = structuredClone(req.json) as Record<string, any>;
  for (const c of ctx.fixtures.customers) {
    const currency = c.wallet_currency;
    const r = currency ? activeRecipients(ctx.fixtures, c.customer_id, currency)[0] : undefined;
    if (c.customer_id === req.customerId || !r || !currency) continue;
    if (body.is_third_party_payment === true) {
      const ref = ctx.fixtures.third_parties.find((t) => t.customer_id === c.customer_id)?.client_customer_ref ?? (await onboard(ctx, c.customer_id));
      if (!ref) continue;
      body.client_customer_ref = ref;
    }
    if (body.amount) body.amount.currency = currency;
    for (const d of [...(body.recipient_details ?? []), ...(body.items ?? [])]) {
      if (d.recipient_id !== undefined) d.recipient_id = r.recipient_id;
      if (d.amount) d.amount.currency = currency;
    }
    return { ...req, customerId: c.customer_id, path: pathFor(ctx, req.operationId, { customer_id: c.customer_id }), json: body };
  }
  return undefined;
}

async function onboard(ctx: RunContext, customerId: string): Promise<string | undefined> {
  const ref = ctx.unique('tp');
  const res = await ctx.http.send({
    operationId: 'createThirdParty',
    method: 'POST',
    path: pathFor(ctx, 'createThirdParty', { customer_id: customerId }),
    json: { client_customer_ref: ref, name: 'Conformance Buyer' },
  });
  return is2xx(res.status) ? ref : undefined;
}

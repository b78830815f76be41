/**
 * uniqueness: a duplicate client_reference_id for the same customer is rejected for sessions
 * (400) and third-party payments; it is accepted for another customer and for non-third-party
 * payments (seed §Errors rule 1; §Limits "not enforced for non-third-party API payments";
 * §Reconciliation identifiers: match on customer_id plus client_reference_id).
 */
import type { ConformanceCheck, RunContext } from '../context.js';
import { activeRecipients } from '../fixtures.js';
import { pathFor, validRequests, type RequestCase } from '../requests.js';
import type { CaseRecord, Failure } from '../../../engine/types.js';
import { type Provenance, seed } from '../../../engine/provenance.js';
import { describeAnswer, fail, is2xx } from './util.js';

const SESSION_RULE = 'session.client-reference-unique';
const PAYMENT_RULE = 'payment.client-reference-unique';
const LIMITS_ROW =
  'Uniqueness of client_reference_id | Enforced per customer for third-party ' +
  'payments and for sessions; not enforced for non-third-party API payments';
const PROVENANCE: Record<string, Provenance> = {
  session: seed(
    'Create hosted payment session',
    'Sending a client_reference_id already used by the same customer is rejected with a 400 error.',
  ),
  'third-party payment': seed(
    'Errors, rule 1',
    'A duplicate client_reference_id for the same customer is rejected: for third-party payments (per customer_id)',
  ),
  'non-third-party payment': seed('Limits', LIMITS_ROW),
};

export const uniquenessCheck: ConformanceCheck = {
  id: 'uniqueness',
  title: 'client_reference_id is unique per customer for sessions and third-party payments only',
  source: 'Errors, rule 1; Limits: uniqueness of client_reference_id; Reconciliation identifiers',
  severity: 'error',
  tags: ['rules', 'stateful'],
  async run(ctx) {
    const failures: Failure[] = [];
    const records: CaseRecord[] = [];
    let cases = 0;
    const skip = (subject: string, reason: string, enable: string) =>
      records.push({ subject, verdict: 'skipped', reason, enable });
    const expect = async (req: RequestCase, want: '2xx' | '400' | '4xx', what: string, rule: string, label: string) => {
      cases++;
      const res = await ctx.http.send(req);
      if (res.indeterminate) {
        records.push({
          subject: label,
          name: what,
          rule,
          verdict: 'not-judged',
          reason: `not judged: ${res.indeterminate}`,
          enable: 'run again (lower --rate if the target throttles)',
        });
        return false;
      }
      const ok =
        want === '2xx'
          ? is2xx(res.status)
          : want === '400'
            ? res.status === 400
            : res.status >= 400 && res.status < 500;
      records.push({ subject: req.operationId, name: what, rule, verdict: ok ? 'passed' : 'failed' });
      const quote = label === 'non-third-party payment' ? ` (Limits: "${LIMITS_ROW}")` : '';
      if (!ok)
        failures.push({
          ...fail(
            this.id,
            res,
            `${what}: answered ${describeAnswer(res)}, expected ${want}${quote}`,
            rule,
            'error',
            req.operationId,
          ),
          provenance: PROVENANCE[label],
        });
      return ok;
    };
    const sequence = async (
      opId: string,
      baseName: string,
      label: string,
      dupWant: '2xx' | '400' | '4xx',
      rule: string,
    ) => {
      const b = validRequests[opId]?.find((x) => x.name === baseName);
      const first = b && (await b.build(ctx));
      if (!first) {
        skip(
          label,
          "no valid request could be built from the target's fixtures",
          'customers (with wallet_currency), recipients and third_parties in the config file',
        );
        return;
      }
      if (!(await expect(first, '2xx', `${label}: first use of a reference`, rule, label))) return;
      await expect(first, dupWant, `${label}: the same client_reference_id again for the same customer`, rule, label);
      const found = dupWant === '2xx' ? undefined : await forOtherCustomer(ctx, first);
      const other = found && 'indeterminate' in found ? undefined : found;
      if (other) await expect(other, '2xx', `${label}: the same client_reference_id for another customer`, rule, label);
      else if (found && 'indeterminate' in found) {
        // Onboarding the other customer's third party was throttled: the case could not be built,
        // which says nothing about the contract (seed §Limits: "Rate limits ...: not shown").
        records.push({
          subject: `${label}: the same client_reference_id for another customer`,
          verdict: 'not-judged',
          reason: `not judged: onboarding a third party for another customer was ${found.indeterminate}`,
          enable: 'run again (lower --rate if the target throttles)',
        });
      } else if (dupWant !== '2xx') {
        skip(
          `${label}: the same client_reference_id for another customer`,
          'needs a second customer with a wallet currency and an active recipient in it (and, for ' +
            'a third-party payment or a session made for a third party, one of its own third parties)',
          'a second customer in the config file (third_parties for it, or payloads.createThirdParty to onboard one)',
        );
      }
    };
    await sequence('createSession', 'session', 'session', '400', SESSION_RULE);
    await sequence('createPayment', 'third-party', 'third-party payment', '4xx', PAYMENT_RULE);
    await sequence('createPayment', 'same-currency', 'non-third-party payment', '2xx', PAYMENT_RULE);
    return { cases, failures, records };
  },
};

/**
 * The same request for another customer of the same client, every fixture taken from that
 * customer: its wallet currency, its own recipient, and the client_customer_ref of one of ITS
 * third parties (onboarded if need be) wherever the request carries one (a third-party payment,
 * or a session made for a third party). A customer that lacks one of them is passed over.
 */
async function forOtherCustomer(
  ctx: RunContext,
  req: RequestCase,
): Promise<RequestCase | { indeterminate: string } | undefined> {
  // biome-ignore lint/suspicious/noExplicitAny: a copy of a request body this check rewrites field by field
  const body = structuredClone(req.json) as Record<string, any>;
  const sentRef = typeof body.client_customer_ref === 'string' ? body.client_customer_ref : undefined;
  // A reference of the first customer's third parties must be replaced by one of the other customer's.
  const needsThirdParty =
    body.is_third_party_payment === true ||
    (sentRef !== undefined &&
      ctx.fixtures.third_parties.some((t) => t.customer_id === req.customerId && t.client_customer_ref === sentRef));
  let throttled: string | undefined;
  for (const c of ctx.fixtures.customers) {
    const currency = c.wallet_currency;
    const r = currency ? activeRecipients(ctx.fixtures, c.customer_id, currency)[0] : undefined;
    if (c.customer_id === req.customerId || !r || !currency) continue;
    if (needsThirdParty) {
      const known = ctx.fixtures.third_parties.find((t) => t.customer_id === c.customer_id)?.client_customer_ref;
      const onboarded = known === undefined ? await onboard(ctx, c.customer_id) : undefined;
      if (typeof onboarded === 'object') throttled ??= onboarded.indeterminate;
      const ref = known ?? (typeof onboarded === 'string' ? onboarded : undefined);
      if (!ref) continue;
      body.client_customer_ref = ref;
    }
    if (body.amount) body.amount.currency = currency;
    for (const d of [...(body.recipient_details ?? []), ...(body.items ?? [])]) {
      if (d.recipient_id !== undefined) d.recipient_id = r.recipient_id;
      if (d.amount) d.amount.currency = currency;
    }
    return {
      ...req,
      customerId: c.customer_id,
      path: pathFor(ctx, req.operationId, { customer_id: c.customer_id }),
      json: body,
    };
  }
  return throttled === undefined ? undefined : { indeterminate: throttled };
}

/** The onboarded third party's reference; `indeterminate` when the target throttled the request. */
async function onboard(ctx: RunContext, customerId: string): Promise<string | { indeterminate: string } | undefined> {
  // The body of "Create a third-party customer" is not shown: the config's, or this sandbox's stand-in.
  const req = await validRequests.createThirdParty[0].build(ctx);
  const ref = (req?.json as { client_customer_ref?: unknown } | undefined)?.client_customer_ref;
  if (!req || typeof ref !== 'string') return undefined;
  const res = await ctx.http.send({ ...req, path: pathFor(ctx, 'createThirdParty', { customer_id: customerId }) });
  if (res.indeterminate) return { indeterminate: res.indeterminate };
  return is2xx(res.status) ? ref : undefined;
}

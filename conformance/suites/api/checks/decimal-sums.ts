/**
 * Create payment (v3), rule 3: "the sum of entry amounts equals amount". The amounts of JSON are
 * decimal numerals, and the Amount's value is "Amount in that currency" (Resources › Amount
 * object), so the sum is a decimal one: recipient amounts whose binary-float sum misses the total
 * (10.10 + 20.20 is 30.299999999999997 in IEEE 754 doubles) must be accepted, or a provider that
 * compares floats passes. Every amount keeps to two fractional digits, the minor units of the
 * currencies the fixtures use (more digits rest on A-SUM-CURRENCY, not on the seed).
 *
 * Each case is paired with a control: the same recipients and a total of the same magnitude whose
 * amounts are exact in binary too (x.25, x.50). Only when the control is accepted is a refused
 * decimal case a failure; otherwise the refusal may come from something the seed leaves open (a
 * minimum or maximum amount, the same recipient twice) and the case is not judged.
 */
import type { CaseBook } from '../../../engine/case-book.js';
import { seed } from '../../../engine/provenance.js';
import type { RunContext } from '../context.js';
import type { RequestCase } from '../requests.js';
import { recipientsFor } from './lifecycle-flows.js';
import { describeAnswer, fail, is2xx } from './util.js';

/** [recipient amounts, total]: the float sum of the amounts differs from the total; the control's does not. */
export const DECIMAL_SUM_CASES: ReadonlyArray<{
  what: string;
  amounts: number[];
  total: number;
  control: number[];
  controlTotal: number;
}> = [
  { what: 'two amounts', amounts: [10.1, 20.2], total: 30.3, control: [10.25, 20.25], controlTotal: 30.5 },
  {
    what: 'three amounts',
    amounts: [100.1, 200.2, 300.3],
    total: 600.6,
    control: [100.25, 200.25, 300.25],
    controlTotal: 600.75,
  },
  {
    what: 'large amounts',
    amounts: [250000.1, 150000.2],
    total: 400000.3,
    control: [250000.25, 150000.25],
    controlTotal: 400000.5,
  },
];

const RULE = 'payment.recipient-sum';
const PROVENANCE = seed('Create payment (v3), rule 3', 'the sum of entry amounts equals amount');

/** The base body paying `amounts` to `recipients` (the same recipient repeated when too few are known). */
function withAmounts(base: RequestCase, recipients: string[], amounts: number[], total: number): RequestCase {
  // biome-ignore lint/suspicious/noExplicitAny: a copy of a request body this case rewrites field by field
  const body = structuredClone(base.json) as Record<string, any>;
  const currency = body.amount.currency as string;
  const template = body.recipient_details[0];
  body.amount = { currency, value: total };
  body.recipient_details = amounts.map((value, i) => ({
    ...template,
    recipient_id: recipients[i % recipients.length],
    amount: { currency, value },
  }));
  return { ...base, json: body };
}

export async function decimalSums(
  ctx: RunContext,
  book: CaseBook,
  build: () => Promise<RequestCase | undefined>,
): Promise<void> {
  const first = await build();
  const body = first?.json as
    | { amount?: { currency?: string }; recipient_details?: Array<{ recipient_id?: string }> }
    | undefined;
  const currency = body?.amount?.currency;
  const firstRecipient = body?.recipient_details?.[0]?.recipient_id;
  if (!first?.customerId || !currency || !firstRecipient) return;
  const most = Math.max(...DECIMAL_SUM_CASES.map((c) => c.amounts.length));
  const found = await recipientsFor(ctx, first.customerId, currency, firstRecipient, most).catch(() => undefined);
  // Too few distinct recipients: the first one repeated (the control tells whether the target accepts that).
  const recipients = Array.isArray(found) ? found : [firstRecipient];
  for (const c of DECIMAL_SUM_CASES) {
    const name =
      `decimal sums, ${c.what}: ${c.amounts.map((a) => a.toFixed(2)).join(' + ')} ` +
      `= ${c.total.toFixed(2)} ${currency} is accepted`;
    const info = { name, subject: 'createPayment', rule: RULE, provenance: PROVENANCE };
    const controlBase = await build();
    const caseBase = await build();
    if (!controlBase || !caseBase) return;
    const control = await ctx.http.send(withAmounts(controlBase, recipients, c.control, c.controlTotal));
    if (control.indeterminate) {
      book.notJudged(info, `the control payment was ${control.indeterminate}`);
      continue;
    }
    if (!is2xx(control.status)) {
      book.cases.push({
        ...info,
        verdict: 'skipped',
        reason:
          `not attributable: the control payment ${c.control.map((a) => a.toFixed(2)).join(' + ')} = ` +
          `${c.controlTotal.toFixed(2)} (exact in binary floats too) answered ${describeAnswer(control)}`,
        enable:
          `list ${c.amounts.length} active ${currency} recipients of ${first.customerId} under ` +
          `recipients: (or give the driver createRecipient()), for amounts the target accepts`,
      });
      continue;
    }
    const res = await ctx.http.send(withAmounts(caseBase, recipients, c.amounts, c.total));
    if (res.indeterminate) book.notJudged(info, `the payment was ${res.indeterminate}`);
    else if (is2xx(res.status)) book.pass(info);
    else
      book.fail(
        info,
        fail(
          'firm-statements',
          res,
          `${name.replace(/ is accepted$/, '')}: answered ${describeAnswer(res)}, expected 2xx (the same ` +
            `payment with amounts exact in binary was accepted: are the amounts summed as binary floats?)`,
          RULE,
          'error',
          'createPayment',
        ),
      );
  }
}

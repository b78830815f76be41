/**
 * recipient-check: a failed recipient name check (CoP/VoP) is an error; resubmitting the same
 * request without confirm_recipient is still refused; resubmitting with confirm_recipient is
 * accepted (seed §Create payment (v3) rule 5; §Errors rule 2; Payment request table:
 * confirm_recipient "Required only when the recipient name check (CoP/VoP) failed on the first
 * attempt"). The failing recipient comes from the driver (recipientFailingNameCheck); the
 * confirm_recipient object from the config (its inner fields: not shown).
 */
import type { ConformanceCheck } from '../context.js';
import { missingMethod } from '../driver.js';
import { sameCurrencyCustomer } from '../fixtures.js';
import { payloadFor } from '../live/payloads.js';
import { validRequests } from '../requests.js';
import type { CaseRecord, Failure } from '../../../engine/types.js';
import { assumption, type Provenance, seed } from '../../../engine/provenance.js';
import { describeAnswer, fail, is2xx, is4xx } from './util.js';

const RULE5 = 'Create payment (v3), rule 5; Errors, rule 2';

export const recipientCheckCheck: ConformanceCheck = {
  id: 'recipient-check',
  title: 'A failed CoP/VoP name check is refused until resubmitted with confirm_recipient',
  source: RULE5,
  severity: 'error',
  tags: ['rules', 'stateful'],
  async run(ctx) {
    const arm = ctx.driver.recipientFailingNameCheck;
    if (!arm) {
      const m = missingMethod(ctx.driver, 'recipientFailingNameCheck');
      return { cases: 0, failures: [], skipped: m.reason, skipEnable: m.enable };
    }
    const who = sameCurrencyCustomer(ctx.fixtures);
    const req = await validRequests.createPayment[0].build(ctx);
    if (!who || !req)
      return { cases: 0, failures: [], skipped: 'no same-currency payment could be built', skipEnable: 'customers (with wallet_currency) and recipients in the config file' };
    let recipientId: string;
    try {
      recipientId = await arm({ customerId: who.customer.customer_id, currency: who.currency });
    } catch (err) {
      const message = `the ${ctx.driver.name} driver's recipientFailingNameCheck() failed: ${(err as Error)?.message ?? String(err)}`;
      return { cases: 0, failures: [{ checkId: this.id, message, severity: 'error' }] };
    }
    // biome-ignore lint/suspicious/noExplicitAny: a copy of a request body this check rewrites field by field
    const body = structuredClone(req.json) as Record<string, any>;
    body.recipient_details[0].recipient_id = recipientId;
    const failures: Failure[] = [];
    const records: CaseRecord[] = [];
    const confirm = payloadFor(
      { configured: ctx.config.file?.payloads, ownSandbox: ctx.ownSandbox },
      'confirm_recipient',
      () => ctx.unique('cop'),
      () => ({}),
    );
    const rule = 'payment.confirm-recipient-after-failure';
    const steps: Array<{ json: unknown; want: '2xx' | '4xx'; what: string; rule: string; provenance: Provenance }> = [
      {
        json: body,
        want: '4xx',
        what: 'a payment whose recipient name check fails',
        rule,
        provenance: seed(RULE5, 'When the recipient check (CoP/VoP) fails, the call returns an error'),
      },
      {
        json: body,
        want: '4xx',
        what: 'the same request again without confirm_recipient',
        rule,
        provenance: seed('Payment request table: confirm_recipient', 'Required only when the recipient name check (CoP/VoP) failed on the first attempt'),
      },
    ];
    const last = 'the resubmission with confirm_recipient';
    if ('skip' in confirm) records.push({ subject: last, verdict: 'skipped', reason: confirm.skip.reason, enable: confirm.skip.enable });
    else {
      // Inner fields of confirm_recipient are not shown: the body comes from the config, or {} on our own sandbox.
      steps.push({ json: { ...body, confirm_recipient: confirm.body }, want: '2xx', what: last, rule, provenance: assumption('A-CONFIRM-RECIPIENT', RULE5) });
    }
    for (const s of steps) {
      const res = await ctx.http.send({ ...req, json: s.json });
      const ok = s.want === '2xx' ? is2xx(res.status) : is4xx(res.status);
      if (!ok)
        failures.push({ ...fail(this.id, res, `${s.what} answered ${describeAnswer(res)}, expected ${s.want}`, s.rule, 'error', 'createPayment'), provenance: s.provenance });
    }
    return { cases: steps.length, failures, records };
  },
};

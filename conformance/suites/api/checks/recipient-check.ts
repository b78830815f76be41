/**
 * recipient-check: a failed recipient name check (CoP/VoP) is an error; resubmitting the same
 * request without confirm_recipient is still refused; resubmitting with confirm_recipient is
 * accepted (seed §Create payment (v3) rule 5; §Errors rule 2; Payment request table:
 * confirm_recipient "Required only when the recipient name check (CoP/VoP) failed on the first
 * attempt"). The failure is armed through the sandbox (fail-name-check).
 */
import type { ConformanceCheck } from '../context.js';
import { validRequests } from '../requests.js';
import type { Failure } from '../../../engine/types.js';
import { describeAnswer, fail, is2xx, is4xx, needsSandbox } from './util.js';

const RULE5 = 'Create payment (v3), rule 5; Errors, rule 2';

export const recipientCheckCheck: ConformanceCheck = {
  id: 'recipient-check',
  title: 'A failed CoP/VoP name check is refused until resubmitted with confirm_recipient',
  source: RULE5,
  severity: 'error',
  tags: ['rules', 'stateful'],
  async run(ctx) {
    const missing = needsSandbox(ctx);
    if (missing) return { cases: 0, failures: [], skipped: missing };
    const req = await validRequests.createPayment[0].build(ctx);
    const recipientId = (req?.json as { recipient_details?: Array<{ recipient_id?: string }> } | undefined)?.recipient_details?.[0]?.recipient_id;
    if (!req || !recipientId) return { cases: 0, failures: [], skipped: 'no same-currency payment could be built' };
    const armed = await ctx.sandbox!.failNameCheck(recipientId);
    if (!is2xx(armed.status)) return { cases: 0, failures: [], skipped: `the sandbox cannot fail a name check (${describeAnswer(armed)})` };
    const failures: Failure[] = [];
    const steps = [
      { json: req.json, want: '4xx', what: 'a payment whose recipient name check fails', rule: `payment.recipient-name-check (${RULE5})` },
      { json: req.json, want: '4xx', what: 'the same request again without confirm_recipient', rule: `payment.confirm-recipient-after-failure (${RULE5})` },
      {
        json: { ...(req.json as object), confirm_recipient: {} },
        want: '2xx',
        what: 'the resubmission with confirm_recipient',
        rule: `payment.confirm-recipient-after-failure (${RULE5})`,
      },
    ] as const;
    for (const s of steps) {
      const res = await ctx.http.send({ ...req, json: s.json });
      const ok = s.want === '2xx' ? is2xx(res.status) : is4xx(res.status);
      if (!ok) failures.push(fail(this.id, res, `${s.what} answered ${describeAnswer(res)}, expected ${s.want}`, s.rule));
    }
    return { cases: steps.length, failures };
  },
};

/**
 * A signed webhook with a status the seed does not list (REFUNDED) for a payment the endpoint
 * knows: the service may send one ("Payment statuses that appear" is not a closed list;
 * A-OPEN-STATUS), so the endpoint answers 200 and keeps the payment as it was. A crash or a 5xx
 * is a failure (the provider retries it forever); another answer or a changed record warns.
 */
import { http, notShown } from '../../../engine/provenance.js';
import type { ConsumerCheck } from '../check.js';
import { expectRecord, merge } from '../expect.js';
import { paymentFlow } from '../flows.js';

const ID = 'consumer.unlisted-status';
const RULE = 'events.unlisted-status';

export const unlistedStatusCheck: ConsumerCheck = {
  id: ID,
  title: 'A signed webhook with an unlisted status (REFUNDED) for a known payment is answered 200 and changes nothing',
  source: 'Seed §States and transitions: payment statuses "that appear"; §Events: complete payload schema not shown',
  tags: ['consumer'],
  async run(ctx) {
    const paymentId = ctx.paymentId('unlisted');
    const flow = paymentFlow({
      paymentId,
      recipients: 1,
      eventPrefix: `${paymentId}-evt`,
      startMs: ctx.startMs,
      table: ctx.table,
    }).slice(0, 2);
    for (const e of flow) await ctx.deliver(e);
    const last = flow[flow.length - 1]!;
    const refunded = {
      ...last,
      event_id: `${paymentId}-evt-refunded`,
      status: 'REFUNDED',
      event_timestamp: new Date(Date.parse(last.event_timestamp) + 1000).toISOString(),
    };
    const d = await ctx.deliver(refunded);
    const answered = { cases: 1, failures: [] as ReturnType<typeof merge>['failures'] };
    if (d.status === undefined || d.status >= 500) {
      answered.failures.push({
        checkId: ID,
        subject: paymentId,
        severity: 'error',
        rule: RULE,
        provenance: http('RFC 9110 §15.6: a 5xx (or no answer) is a server failure; the provider would retry it'),
        message:
          `a REFUNDED webhook answered ${d.status ?? 'nothing'}: ` + `the endpoint failed on a status it does not know`,
        evidence: { exchanges: [d.evidence] },
      });
    } else if (d.status !== 200) {
      answered.failures.push({
        checkId: ID,
        subject: paymentId,
        severity: 'warning',
        rule: RULE,
        provenance: notShown(
          'Payment statuses that appear',
          'AWAITING_FUNDS, PROCESSING, ... BOUNCED_BACK (the complete list: not shown)',
          ['A-OPEN-STATUS'],
        ),
        message:
          `a REFUNDED webhook answered ${d.status}, expected 200 (an unknown status ` +
          `is acknowledged and skipped; a refusal makes the provider retry it)`,
        evidence: { exchanges: [d.evidence] },
      });
    }
    const record = await expectRecord(ctx, ID, paymentId, { status: last.status }, RULE);
    const graded = record.failures.map((f) => ({
      ...f,
      provenance: notShown('Payment statuses that appear', 'the complete list: not shown', ['A-OPEN-STATUS']),
    }));
    return merge(answered, { ...record, failures: graded });
  },
};

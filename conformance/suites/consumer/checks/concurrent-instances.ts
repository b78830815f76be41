/**
 * A partner's endpoint behind a load balancer: deliveries of one payment reach different
 * instances at the same time, in any order and twice (service description, Events: consumer
 * rules 1 and 2, "Order is not guaranteed"). Several payments of three recipients are delivered
 * at once, every event twice, shuffled, spread round-robin over every endpoint URL given
 * (`--url` repeated: one per instance), then each payment's record must be complete and count
 * every distinct event once. With one URL it is the same stream against one instance.
 */
import type { ConsumerCheck } from '../check.js';
import { expectRecord, merge } from '../expect.js';
import { completionTargets, paymentFlow, type WebhookPayload } from '../flows.js';
import type { Failure } from '../../../engine/types.js';

const ID = 'consumer.concurrent-instances';
const RULE = 'Events, consumer rules 1 and 2';
const PAYMENTS = 5;

/** Interleaves the payments' events so copies of one event land apart and out of order. */
function interleaved(flows: WebhookPayload[][]): WebhookPayload[] {
  const copies = flows.map((f) => [...f].reverse().concat(f));
  const out: WebhookPayload[] = [];
  for (let i = 0; copies.some((c) => i < c.length); i++) for (const c of copies) if (i < c.length) out.push(c[i]!);
  return out;
}

export const concurrentInstancesCheck: ConsumerCheck = {
  id: ID,
  title: 'Concurrent, duplicated, shuffled deliveries spread over every instance are each applied once',
  source: 'Seed §Events, consumer rules 1 and 2',
  tags: ['consumer', 'idempotency', 'ordering', 'concurrency'],
  async run(ctx) {
    const urls = ctx.target.urls && ctx.target.urls.length > 0 ? ctx.target.urls : [ctx.target.url];
    const flows = Array.from({ length: PAYMENTS }, (_, i) => {
      const paymentId = ctx.paymentId(`concurrent-${i + 1}`);
      return paymentFlow({
        paymentId,
        recipients: 3,
        eventPrefix: `${paymentId}-evt`,
        startMs: ctx.startMs,
        table: ctx.table,
      });
    });
    const stream = interleaved(flows);
    const answers = await Promise.all(
      stream.map((p, i) =>
        ctx.deliver(p, { url: urls[i % urls.length]! }).then((d) => ({ d, p, url: urls[i % urls.length]! })),
      ),
    );
    const failures: Failure[] = answers
      .filter(({ d }) => d.status !== 200)
      .map(({ d, p, url }) => ({
        checkId: ID,
        subject: p.payment_id,
        severity: 'error' as const,
        rule: RULE,
        message:
          `event ${p.event_id} (${p.status}) sent to ${url} at the same time as ` +
          `others of its payment answered ${d.status ?? 'nothing'}, expected 200`,
        evidence: { exchanges: [d.evidence] },
      }));
    const { completed, recipientDone } = completionTargets(ctx.table);
    const records = [];
    for (const flow of flows) {
      const credited = Object.fromEntries(
        flow.filter((e) => e.recipient_id).map((e) => [e.recipient_id!, recipientDone]),
      );
      records.push(
        await expectRecord(
          ctx,
          ID,
          flow[0]!.payment_id,
          { status: completed, eventsApplied: flow.length, recipients: credited },
          RULE,
        ),
      );
    }
    return merge({ failures, cases: stream.length }, ...records);
  },
};

/**
 * The normal flows of seed §Events consumer rule 4: one recipient, then three recipients
 * (three PAYOUT_INITIATED, three PAYOUT_CREDITED, one PAYMENT_COMPLETED), delivered in order.
 */
import type { ConsumerCheck } from '../check.js';
import type { ConsumerContext } from '../context.js';
import { expectAcknowledged, expectRecord, merge } from '../expect.js';
import { completionTargets, paymentFlow } from '../flows.js';

const RULE = 'Events, consumer rule 4';

function flowCheck(id: string, title: string, recipients: number): ConsumerCheck {
  return {
    id,
    title,
    source: 'Seed §Events, consumer rule 4; §States and transitions',
    tags: ['consumer', 'flow'],
    async run(ctx: ConsumerContext) {
      const paymentId = ctx.paymentId(id.split('.')[1]!);
      const events = paymentFlow({
        paymentId,
        recipients,
        eventPrefix: `${paymentId}-evt`,
        startMs: ctx.startMs,
        table: ctx.table,
      });
      const acks = await expectAcknowledged(ctx, id, events, RULE);
      const credited = Object.fromEntries(
        events.filter((e) => e.recipient_id).map((e) => [e.recipient_id!, completionTargets(ctx.table).recipientDone]),
      );
      const record = await expectRecord(
        ctx,
        id,
        paymentId,
        { status: completionTargets(ctx.table).completed, eventsApplied: events.length, recipients: credited },
        RULE,
      );
      return merge(acks, record);
    },
  };
}

export const singleRecipientCheck = flowCheck(
  'consumer.single-recipient',
  'A single-recipient payment flow is acknowledged and ends PAYMENT_COMPLETED',
  1,
);
export const threeRecipientsCheck = flowCheck(
  'consumer.three-recipients',
  'A three-recipient payment flow is acknowledged and ends PAYMENT_COMPLETED',
  3,
);

/**
 * Seed §Events consumer rule 2: order is not guaranteed, event_timestamp is the real order. A
 * two-recipient flow arrives reordered (AWAITING_FUNDS not first, PAYMENT_COMPLETED not last);
 * the partner must still end on PAYMENT_COMPLETED.
 */
import type { ConsumerCheck } from '../check.js';
import { expectAcknowledged, expectRecord, merge } from '../expect.js';
import { completionTargets, paymentFlow, shuffled } from '../flows.js';

const ID = 'consumer.out-of-order';
const RULE = 'Events, consumer rule 2';

export const outOfOrderCheck: ConsumerCheck = {
  id: ID,
  title: 'Events arriving out of order are applied in event_timestamp order',
  source: 'Seed §Events, consumer rule 2',
  tags: ['consumer', 'ordering'],
  async run(ctx) {
    const paymentId = ctx.paymentId('out-of-order');
    const events = paymentFlow({
      paymentId,
      recipients: 2,
      eventPrefix: `${paymentId}-evt`,
      startMs: ctx.startMs,
      table: ctx.table,
    });
    const acks = await expectAcknowledged(ctx, ID, shuffled(events), RULE);
    const record = await expectRecord(ctx, ID, paymentId, { status: completionTargets(ctx.table).completed }, RULE);
    return merge(acks, record);
  },
};

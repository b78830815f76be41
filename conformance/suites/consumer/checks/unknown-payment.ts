/**
 * Seed §Events consumer rule 3: a webhook whose payment_id matches no known record is logged,
 * answered 200, and changes no payment. The event is mid-lifecycle (RECEIVED_FUNDS) for a
 * payment the partner never created, so no record may appear for it.
 */
import type { ConsumerCheck } from '../check.js';
import { expectAcknowledged, expectRecord, merge } from '../expect.js';
import { paymentFlow } from '../flows.js';

const ID = 'consumer.unknown-payment';
const RULE = 'Events, consumer rule 3';

export const unknownPaymentCheck: ConsumerCheck = {
  id: ID,
  title: 'A webhook for an unknown payment_id is answered 200 and changes nothing',
  source: 'Seed §Events, consumer rule 3',
  tags: ['consumer'],
  async run(ctx) {
    const paymentId = ctx.paymentId('unknown');
    const event = paymentFlow({
      paymentId,
      recipients: 1,
      eventPrefix: `${paymentId}-evt`,
      startMs: ctx.startMs,
      table: ctx.table,
    })[1]!;
    const acks = await expectAcknowledged(ctx, ID, [event], RULE);
    const record = await expectRecord(ctx, ID, paymentId, {}, RULE);
    return merge(acks, record);
  },
};

/**
 * Seed §Events consumer rule 1: event_id is the idempotency key; a repeated event_id (retry or
 * redelivery) is skipped but still answered 200. Every event is delivered twice, and the first
 * one once more after PAYMENT_COMPLETED.
 */
import type { ConsumerCheck } from '../check.js';
import { expectAcknowledged, expectRecord, merge } from '../expect.js';
import { completionTargets, paymentFlow } from '../flows.js';

const ID = 'consumer.duplicates';
const RULE = 'Events, consumer rule 1';

export const duplicatesCheck: ConsumerCheck = {
  id: ID,
  title: 'Repeated event_ids are answered 200 and applied once',
  source: 'Seed §Events, consumer rule 1',
  tags: ['consumer', 'idempotency'],
  async run(ctx) {
    const paymentId = ctx.paymentId('duplicates');
    const events = paymentFlow({
      paymentId,
      recipients: 1,
      eventPrefix: `${paymentId}-evt`,
      startMs: ctx.startMs,
      table: ctx.table,
    });
    const deliveries = [...events.flatMap((e) => [e, e]), events[0]!];
    const acks = await expectAcknowledged(ctx, ID, deliveries, RULE);
    const record = await expectRecord(
      ctx,
      ID,
      paymentId,
      { status: completionTargets(ctx.table).completed, eventsApplied: events.length },
      RULE,
    );
    return merge(acks, record);
  },
};

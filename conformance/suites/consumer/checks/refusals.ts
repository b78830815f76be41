/**
 * Deliveries the partner must refuse (4xx) and not apply: a signature made with another secret,
 * and a correctly signed delivery whose timestamp is an hour old (a replay). The signature
 * scheme is "not shown" in the seed (§Events); we assume Standard Webhooks (A-WEBHOOK-SIGNATURE).
 */
import { generateWebhookSecret } from '../../../../generated/webhooks.js';
import type { ConsumerCheck } from '../check.js';
import type { DeliveryOptions } from '../context.js';
import { expectRecord, expectRefused, merge } from '../expect.js';
import { paymentFlow } from '../flows.js';

function refusalCheck(
  id: string,
  title: string,
  options: () => DeliveryOptions,
  rule: string,
  why: string,
): ConsumerCheck {
  return {
    id,
    title,
    source: 'Seed §Events: deliveries are signed (scheme not shown; assumption A-WEBHOOK-SIGNATURE)',
    tags: ['consumer', 'security'],
    async run(ctx) {
      const paymentId = ctx.paymentId(id.split('.')[1]!);
      const event = paymentFlow({
        paymentId,
        recipients: 1,
        eventPrefix: `${paymentId}-evt`,
        startMs: ctx.startMs,
        table: ctx.table,
      })[0]!;
      const refused = await expectRefused(ctx, id, event, options(), rule, why);
      const record = await expectRecord(ctx, id, paymentId, {}, rule);
      return merge(refused, record);
    },
  };
}

export const badSignatureCheck = refusalCheck(
  'consumer.bad-signature',
  'A delivery signed with another secret is refused with 4xx and not applied',
  () => ({ secret: generateWebhookSecret() }),
  'A-WEBHOOK-SIGNATURE: signature',
  'webhook-signature was made with a freshly generated secret, not CBP_WEBHOOK_SECRET, ' +
    'so it cannot verify (the service "signs deliveries", the provider\'s service description, §Events)',
);

export const staleTimestampCheck = refusalCheck(
  'consumer.stale-timestamp',
  'A delivery with a timestamp one hour old is refused with 4xx and not applied',
  () => ({ timestamp: Math.floor(Date.now() / 1000) - 3600 }),
  'A-WEBHOOK-SIGNATURE: timestamp tolerance',
  'webhook-timestamp is one hour old: a correctly signed but replayed delivery (Standard Webhooks tolerates 5 minutes)',
);

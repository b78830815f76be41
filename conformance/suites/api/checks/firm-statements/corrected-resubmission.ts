/**
 * Rule 5, option one: after a failed name check, the corrected details resubmitted without
 * confirm_recipient are accepted. The failing recipient comes from the driver
 * (recipientFailingNameCheck, as for recipient-check); the correction is the base's own recipient.
 */
import { seed } from '../../../../engine/provenance.js';
import type { RunContext } from '../../context.js';
import type { RequestCase } from '../../requests.js';
import { is4xx } from '../util.js';
import type { Expect } from './expect.js';

const CORRECTS = 'the caller either corrects the details and resubmits the same request';

export async function correctedResubmission(ctx: RunContext, same: RequestCase, recipientId: string, expect: Expect) {
  const arm = ctx.driver.recipientFailingNameCheck;
  const recipient = ctx.fixtures.recipients.find((r) => r.recipient_id === recipientId);
  if (!arm || !recipient?.currency || !same.customerId) return;
  const broken = await arm({ customerId: same.customerId, currency: recipient.currency }).catch(() => undefined);
  if (!broken) return;
  const body = structuredClone(same.json) as { recipient_details: Array<{ recipient_id: string }> };
  body.recipient_details[0].recipient_id = broken;
  const info = {
    subject: 'createPayment',
    rule: 'payment.confirm-recipient-after-failure',
    provenance: seed('Create payment (v3), rule 5', CORRECTS),
  };
  const failing = 'a payment whose recipient name check fails';
  const first = await expect({ ...same, json: body }, '4xx', { ...info, name: failing });
  if (!is4xx(first.status)) return;
  body.recipient_details[0].recipient_id = recipientId;
  const corrected = 'the same request resubmitted with corrected recipient details, without confirm_recipient';
  await expect({ ...same, json: body }, '2xx', { ...info, name: corrected });
}

/** Create payment (v3), rule 2: "Recipient details must be valid and active": a payment to an inactive recipient
 * is refused. */
import { seed } from '../../../../engine/provenance.js';
import type { RunContext } from '../../context.js';
import { inactiveRecipient } from '../../fixtures.js';
import type { RequestCase } from '../../requests.js';
import type { Expect } from './expect.js';

export async function inactiveRecipientPayment(ctx: RunContext, same: RequestCase, expect: Expect): Promise<void> {
  const inactive = inactiveRecipient(ctx.fixtures, same.customerId ?? '');
  if (!inactive) return;
  const body = structuredClone(same.json) as { recipient_details: Array<{ recipient_id: string }> };
  body.recipient_details[0].recipient_id = inactive.recipient_id;
  await expect({ ...same, json: body }, '4xx', {
    name: `a payment to the inactive recipient ${inactive.recipient_id}`,
    subject: 'createPayment',
    rule: 'payment.recipient-active',
    provenance: seed('Create payment (v3), rule 2', 'Recipient details must be valid and active.'),
  });
}

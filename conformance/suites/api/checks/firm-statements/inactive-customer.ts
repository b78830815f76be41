/**
 * What the service does: a virtual account "is available for registered and active customers".
 * Needs a customer the fixtures mark as not active (the sandbox has one; conformance.yaml may
 * list one with `status: inactive`).
 */
import { seed } from '../../../../engine/provenance.js';
import type { RunContext } from '../../context.js';
import type { RequestCase } from '../../requests.js';
import { type Expect, forCustomer } from './expect.js';

export async function inactiveCustomerAccount(ctx: RunContext, va: RequestCase, expect: Expect): Promise<void> {
  const inactive = ctx.fixtures.customers.find((c) => c.status !== undefined && c.status !== 'active');
  const req = inactive && forCustomer(va, inactive.customer_id);
  if (!inactive || !req) return;
  await expect(req, '4xx', {
    name: `a virtual account for the ${inactive.status} customer ${inactive.customer_id}`,
    subject: 'requestVirtualAccount',
    rule: 'virtual-account.customer-active',
    provenance: seed('What the service does', 'It is available for registered and active customers'),
  });
}

/**
 * Errors table: "404 | Not Found Error | Create payment, request virtual account": every operation
 * under a customer answers an unknown customer_id with 404 where 404 is listed, a 4xx elsewhere
 * (A-ERROR-STATUS).
 */
import { assumption, seed } from '../../../../engine/provenance.js';
import type { RunContext } from '../../context.js';
import { validRequests } from '../../requests.js';
import { type Expect, forCustomer } from './expect.js';

const UNKNOWN_CUSTOMER = 'cbp-unknown-customer-0000';

export async function unknownCustomer(ctx: RunContext, expect: Expect): Promise<void> {
  for (const op of ctx.model.operations.filter((o) => o.path.includes('{customer_id}'))) {
    const b = await validRequests[op.id]?.[0]?.build(ctx);
    if (!b) continue;
    const listed = op.responses.some((r) => r.status === '404');
    const unknown = forCustomer(b, UNKNOWN_CUSTOMER);
    if (!unknown) continue;
    const listedSource = seed('Errors table', '404 | Not Found Error | Create payment, request virtual account');
    await expect(unknown, listed ? '404' : '4xx', {
      name: `${op.id} for an unknown customer_id`,
      subject: op.id,
      rule: 'errors.unknown-customer',
      provenance: listed ? listedSource : assumption('A-ERROR-STATUS', 'Errors'),
    });
  }
}

/**
 * The payment rules' shared parts: every rule is a generic StatefulRule over the payments
 * context, and every rule reads the customer from the `customer_id` path parameter (seed: every
 * payment resource lives under /customers/{customer_id}).
 */
import type { StatefulRule as GenericStatefulRule } from '../../rules/stateful.js';
import type { PaymentsRuleContext } from './context.js';

export { andThen, isPromiseLike, type MaybePromise } from '../../maybe-promise.js';
export { isNotChecked, type NotChecked, type StatefulRequest, type StatefulViolation } from '../../rules/stateful.js';
import type { NotChecked, StatefulRequest } from '../../rules/stateful.js';

export type StatefulRule<P = Record<string, unknown>> = GenericStatefulRule<P, PaymentsRuleContext>;

/** Common preamble: the context and its methods exist, and the request names its customer. */
export function precheck(
  request: StatefulRequest,
  ctx: PaymentsRuleContext | undefined,
  needs: ReadonlyArray<keyof PaymentsRuleContext>,
): NotChecked | { customerId: string; ctx: PaymentsRuleContext } {
  if (ctx === undefined) return { notChecked: 'no RuleContext given' };
  // A loop, not filter(): this runs for every rule of every request.
  for (const m of needs) {
    if (typeof ctx[m] !== 'function') return { notChecked: `RuleContext lacks ${needs.filter((n) => typeof ctx[n] !== 'function').join(', ')}` };
  }
  const customerId = request.params?.['customer_id'];
  if (typeof customerId !== 'string' || customerId === '') return { notChecked: 'no customer_id path parameter' };
  return { customerId, ctx };
}

export function setAt(body: unknown, pointer: string, value: unknown): unknown {
  const clone = structuredClone(body) as Record<string, unknown>;
  const tokens = pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: Record<string, unknown> = clone;
  for (const t of tokens.slice(0, -1)) {
    if (node[t] === null || typeof node[t] !== 'object') node[t] = {};
    node = node[t] as Record<string, unknown>;
  }
  node[tokens[tokens.length - 1]!] = value;
  return clone;
}

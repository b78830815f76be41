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
import type { RuleHit } from '../../rules/types.js';
import type { MaybePromise } from '../../maybe-promise.js';

export { POINTER, WHEN } from '../../rules/keyword.js';

export type StatefulRule<P = Record<string, unknown>> = GenericStatefulRule<P, PaymentsRuleContext>;

/** What a payment rule's check receives once the preamble passed. */
export interface RuleFacts {
  customerId: string;
  ctx: PaymentsRuleContext;
}

export interface PaymentRuleSpec<P> extends Omit<StatefulRule<P>, 'check'> {
  /** Runs only when the context has every method of `needs` and the request names its customer;
   * otherwise the rule is reported as not checked (even where it would not apply). */
  check(request: StatefulRequest, params: P, facts: RuleFacts): MaybePromise<RuleHit[] | NotChecked>;
}

/** A payment rule: its parameter schema, what it needs of the context, its check after the common
 * preamble, and the bodies that break it. */
export function defineStatefulRule<P>(spec: PaymentRuleSpec<P>): StatefulRule<P> {
  return {
    ...spec,
    check(request, params, ctx) {
      const pre = precheck(request, ctx, spec.needs);
      return 'notChecked' in pre ? pre : spec.check(request, params, pre);
    },
  };
}

type Needs = ReadonlyArray<keyof PaymentsRuleContext>;
type Preamble = NotChecked | RuleFacts;

/** Common preamble: the context and its methods exist, and the request names its customer. */
function precheck(request: StatefulRequest, ctx: PaymentsRuleContext | undefined, needs: Needs): Preamble {
  if (ctx === undefined) return { notChecked: 'no RuleContext given' };
  // A loop, not filter(): this runs for every rule of every request.
  for (const m of needs) {
    if (typeof ctx[m] !== 'function') {
      return { notChecked: `RuleContext lacks ${needs.filter((n) => typeof ctx[n] !== 'function').join(', ')}` };
    }
  }
  const customerId = request.params?.['customer_id'];
  if (typeof customerId !== 'string' || customerId === '') return { notChecked: 'no customer_id path parameter' };
  return { customerId, ctx };
}

import { withValue } from '../../rules/mutate.js';
import { getAt } from '../../rules/pointer.js';
import { condition, pattern } from './compiled.js';
import type { WhenCondition } from '../../rules/types.js';
import { andThen, defineStatefulRule, POINTER, WHEN } from './types.js';

export interface ThirdPartyKnownParams {
  when?: WhenCondition;
  ref: string;
}

/** Seed §Payment request: client_customer_ref "must match a client_customer_ref of a previously
 * onboarded third party" (rule 4: "a valid client_customer_ref"). */
export const thirdPartyKnown = defineStatefulRule<ThirdPartyKnownParams>({
  keyword: 'third-party-known',
  paramsSchema: {
    type: 'object',
    required: ['ref'],
    properties: { when: WHEN, ref: POINTER },
    additionalProperties: false,
  },
  needs: ['getThirdParty'],
  check(request, params, pre) {
    if (!condition(params.when)(request.body)) return [];
    const ref = getAt(request.body, pattern(params.ref));
    if (typeof ref !== 'string' || ref === '') return [];
    return andThen(pre.ctx.getThirdParty!(pre.customerId, ref), (known) =>
      known === undefined
        ? [
            {
              pointer: params.ref,
              message: `${params.ref} ${JSON.stringify(ref)} matches no onboarded third party of this customer`,
            },
          ]
        : [],
    );
  },
  violate(validBody, params) {
    if (!condition(params.when)(validBody)) return [];
    const body = withValue(validBody, params.ref, 'cbp-unknown-third-party');
    return [{ body, pointer: params.ref, description: 'client_customer_ref of no onboarded third party' }];
  },
});

import type { ClientReferenceScope } from './context.js';
import { getAt } from '../../rules/pointer.js';
import { condition, pattern } from './compiled.js';
import type { WhenCondition } from '../../rules/types.js';
import { andThen, defineStatefulRule, POINTER, WHEN } from './types.js';

export interface UniqueClientReferenceParams {
  scope: ClientReferenceScope;
  when?: WhenCondition;
  ref: string;
}

/** Seed §Errors rule 1 and §Limits: client_reference_id is unique per customer for third-party
 * payments and for sessions; not enforced for non-third-party API payments. */
export const uniqueClientReference = defineStatefulRule<UniqueClientReferenceParams>({
  keyword: 'unique-client-reference',
  paramsSchema: {
    type: 'object',
    required: ['scope', 'ref'],
    properties: { scope: { enum: ['session', 'third-party-payment'] }, when: WHEN, ref: POINTER },
    additionalProperties: false,
  },
  needs: ['isClientReferenceUsed'],
  check(request, params, pre) {
    if (!condition(params.when)(request.body)) return [];
    const ref = getAt(request.body, pattern(params.ref));
    if (typeof ref !== 'string' || ref === '') return [];
    return andThen(pre.ctx.isClientReferenceUsed!(pre.customerId, params.scope, ref), (used) =>
      used
        ? [
            {
              pointer: params.ref,
              message: `${params.ref} ${JSON.stringify(ref)} was already used by this customer (${params.scope})`,
            },
          ]
        : [],
    );
  },
  violate(validBody, params) {
    if (!condition(params.when)(validBody)) return [];
    // The same body sent a second time reuses its reference.
    return [{ body: validBody, pointer: params.ref, description: 'send the same client_reference_id twice' }];
  },
});

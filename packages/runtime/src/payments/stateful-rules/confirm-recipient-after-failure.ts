import { hasAt } from '../../rules/pointer.js';
import { pattern } from './compiled.js';
import { andThen, defineStatefulRule, POINTER } from './types.js';

export interface ConfirmRecipientParams {
  at: string;
}

/** Seed §Create payment (v3) rule 5 and §Payment request: confirm_recipient is "Required only
 * when the recipient name check (CoP/VoP) failed on the first attempt". Its inner fields are not
 * shown, so only its presence is checked. */
export const confirmRecipientAfterFailure = defineStatefulRule<ConfirmRecipientParams>({
  keyword: 'confirm-recipient-after-failure',
  paramsSchema: { type: 'object', required: ['at'], properties: { at: POINTER }, additionalProperties: false },
  needs: ['hasFailedRecipientCheck'],
  check(request, params, pre) {
    if (hasAt(request.body, pattern(params.at))) return [];
    return andThen(pre.ctx.hasFailedRecipientCheck!(pre.customerId, request.body), (failed) =>
      failed
        ? [
            {
              pointer: params.at,
              message: `${params.at} is required: the recipient name check (CoP/VoP) failed on an earlier attempt`,
            },
          ]
        : [],
    );
  },
  // Breaking it takes an earlier attempt whose recipient name check failed (the sandbox's
  // recipientFailingNameCheck lever), not a changed body: a check of its own covers it.
  violate: () => [],
});

import { hasAt } from '../../rules/pointer.js';
import { pattern } from './compiled.js';
import { andThen, precheck, type StatefulRule } from './types.js';

export interface ConfirmRecipientParams {
  at: string;
}

/** Seed §Create payment (v3) rule 5 and §Payment request: confirm_recipient is "Required only
 * when the recipient name check (CoP/VoP) failed on the first attempt". Its inner fields are not
 * shown, so only its presence is checked. */
export const confirmRecipientAfterFailure: StatefulRule<ConfirmRecipientParams> = {
  keyword: 'confirm-recipient-after-failure',
  needs: ['hasFailedRecipientCheck'],
  check(request, params, ctx) {
    const pre = precheck(request, ctx, this.needs);
    if ('notChecked' in pre) return pre;
    if (hasAt(request.body, pattern(params.at))) return [];
    return andThen(pre.ctx.hasFailedRecipientCheck!(pre.customerId, request.body), (failed) =>
      failed ? [{ pointer: params.at, message: `${params.at} is required: the recipient name check (CoP/VoP) failed on an earlier attempt` }] : [],
    );
  },
};

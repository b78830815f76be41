import { getAt } from '../rules/pointer.js';
import { pattern, pointerText } from './compiled.js';
import type { RuleHit } from '../rules/types.js';
import { precheck, setAt, type StatefulRule } from './types.js';

export interface RecipientActiveParams {
  items: string;
  id: string;
}

/** Seed §Create payment (v3) rule 2: "Recipient details must be valid and active." */
export const recipientActive: StatefulRule<RecipientActiveParams> = {
  keyword: 'recipient-active',
  needs: ['getRecipient'],
  async check(request, params, ctx) {
    // Without a context the rule is reported as not checked, even where it would not apply.
    const pre = precheck(request, ctx, this.needs);
    if ('notChecked' in pre) return pre;
    const list = getAt(request.body, pattern(params.items));
    if (!Array.isArray(list) || list.length === 0) return [];
    const idAt = pattern(params.id);
    const hits: RuleHit[] = [];
    for (let i = 0; i < list.length; i++) {
      const id = getAt(list[i], idAt);
      if (typeof id !== 'string') continue;
      const recipient = await pre.ctx.getRecipient!(pre.customerId, id);
      const pointer = `${pointerText(params.items)}/${i}${pointerText(params.id)}`;
      if (recipient === undefined) hits.push({ pointer, message: `recipient ${JSON.stringify(id)} does not exist` });
      else if (recipient.status !== 'active') hits.push({ pointer, message: `recipient ${JSON.stringify(id)} is ${recipient.status}, not active` });
    }
    return hits;
  },
  violate(validBody, params) {
    const list = getAt(validBody, pattern(params.items));
    if (!Array.isArray(list) || list.length === 0) return [];
    const pointer = `${params.items}/0${params.id}`;
    return [{ body: setAt(validBody, pointer, 'cbp-unknown-recipient'), pointer, description: 'unknown recipient_id' }];
  },
};

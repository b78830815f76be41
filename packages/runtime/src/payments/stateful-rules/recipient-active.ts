import { withValue } from '../../rules/mutate.js';
import { getAt } from '../../rules/pointer.js';
import { pattern, pointerText } from './compiled.js';
import type { RuleHit } from '../../rules/types.js';
import type { RecipientFacts } from './context.js';
import { defineStatefulRule, isPromiseLike, POINTER, type MaybePromise } from './types.js';

export interface RecipientActiveParams {
  items: string;
  id: string;
}

/** Seed §Create payment (v3) rule 2: "Recipient details must be valid and active." */
export const recipientActive = defineStatefulRule<RecipientActiveParams>({
  keyword: 'recipient-active',
  paramsSchema: {
    type: 'object',
    required: ['items', 'id'],
    properties: { items: POINTER, id: POINTER },
    additionalProperties: false,
  },
  needs: ['getRecipient'],
  check(request, params, pre) {
    const list = getAt(request.body, pattern(params.items));
    if (!Array.isArray(list) || list.length === 0) return [];
    const idAt = pattern(params.id);
    const hits: RuleHit[] = [];
    const judge = (i: number, id: string, recipient: RecipientFacts | undefined): void => {
      const pointer = `${pointerText(params.items)}/${i}${pointerText(params.id)}`;
      if (recipient === undefined) hits.push({ pointer, message: `recipient ${JSON.stringify(id)} does not exist` });
      else if (recipient.status !== 'active')
        hits.push({ pointer, message: `recipient ${JSON.stringify(id)} is ${recipient.status}, not active` });
    };
    // Entries are looked up in order, one at a time; the loop continues synchronously for as long
    // as the context answers synchronously and resumes after a promise otherwise.
    const from = (start: number): MaybePromise<RuleHit[]> => {
      for (let i = start; i < list.length; i++) {
        const id = getAt(list[i], idAt);
        if (typeof id !== 'string') continue;
        const answer = pre.ctx.getRecipient!(pre.customerId, id);
        if (isPromiseLike(answer)) {
          return answer.then((recipient) => {
            judge(i, id, recipient);
            return from(i + 1);
          });
        }
        judge(i, id, answer);
      }
      return hits;
    };
    return from(0);
  },
  violate(validBody, params) {
    const list = getAt(validBody, pattern(params.items));
    if (!Array.isArray(list) || list.length === 0) return [];
    const pointer = `${params.items}/0${params.id}`;
    const body = withValue(validBody, pointer, 'cbp-unknown-recipient');
    return [{ body, pointer, description: 'unknown recipient_id' }];
  },
});

import { getAt, hasAt } from '../../rules/pointer.js';
import { pattern } from './compiled.js';
import { andThen, precheck, type StatefulRule } from './types.js';
import type { RuleHit } from '../../rules/types.js';

export interface QuoteRequiredParams {
  quote: string;
  currency: string;
}

/** Seed §Create payment (v3) rule 1: "When a conversion is needed, quote_id must be supplied
 * ... For a same-currency payment quote_id is omitted." Whether a conversion is needed is
 * service state (the customer's funding currency), so it asks RuleContext.needsConversion. */
export const quoteRequired: StatefulRule<QuoteRequiredParams> = {
  keyword: 'quote-required',
  needs: ['needsConversion'],
  check(request, params, ctx) {
    const pre = precheck(request, ctx, this.needs);
    if ('notChecked' in pre) return pre;
    const currency = getAt(request.body, pattern(params.currency));
    if (typeof currency !== 'string') return { notChecked: `no currency at ${params.currency}` };
    return andThen(pre.ctx.needsConversion!(pre.customerId, currency), (needed): RuleHit[] => {
      const present = hasAt(request.body, pattern(params.quote));
      if (needed && !present) {
        return [{ pointer: params.quote, message: `${params.quote} is required: paying ${currency} needs a currency conversion` }];
      }
      if (!needed && present) {
        return [{ pointer: params.quote, message: `omit ${params.quote} for a same-currency payment (${currency})` }];
      }
      return [];
    });
  },
};

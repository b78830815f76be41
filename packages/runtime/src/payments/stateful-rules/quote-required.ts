import { withValue, without } from '../../rules/mutate.js';
import { getAt, hasAt } from '../../rules/pointer.js';
import { pattern } from './compiled.js';
import { andThen, defineStatefulRule, POINTER } from './types.js';
import type { RuleHit } from '../../rules/types.js';

export interface QuoteRequiredParams {
  quote: string;
  currency: string;
}

/** Seed §Create payment (v3) rule 1: "When a conversion is needed, quote_id must be supplied
 * ... For a same-currency payment quote_id is omitted." Whether a conversion is needed is
 * service state (the customer's funding currency), so it asks RuleContext.needsConversion. */
export const quoteRequired = defineStatefulRule<QuoteRequiredParams>({
  keyword: 'quote-required',
  paramsSchema: {
    type: 'object',
    required: ['quote', 'currency'],
    properties: { quote: POINTER, currency: POINTER },
    additionalProperties: false,
  },
  needs: ['needsConversion'],
  check(request, params, pre) {
    const currency = getAt(request.body, pattern(params.currency));
    if (typeof currency !== 'string') return { notChecked: `no currency at ${params.currency}` };
    return andThen(pre.ctx.needsConversion!(pre.customerId, currency), (needed): RuleHit[] => {
      const present = hasAt(request.body, pattern(params.quote));
      if (needed && !present) {
        return [
          {
            pointer: params.quote,
            message: `${params.quote} is required: paying ${currency} needs a currency conversion`,
          },
        ];
      }
      if (!needed && present) {
        return [{ pointer: params.quote, message: `omit ${params.quote} for a same-currency payment (${currency})` }];
      }
      return [];
    });
  },
  violate(validBody, params) {
    // The base body is valid for the target, so a quote in it means the payment needs a conversion.
    const at = params.quote;
    if (getAt(validBody, pattern(at)) !== undefined) {
      return [{ body: without(validBody, at), pointer: at, description: 'quote_id left out of a conversion payment' }];
    }
    const body = withValue(validBody, at, 'cbp-unneeded-quote');
    return [{ body, pointer: at, description: 'quote_id sent for a same-currency payment' }];
  },
});

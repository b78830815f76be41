import { withValue } from '../../rules/mutate.js';
import { getAt } from '../../rules/pointer.js';
import { pattern } from './compiled.js';
import { andThen, defineStatefulRule, POINTER } from './types.js';
import type { RuleHit } from '../../rules/types.js';

export interface QuoteUsableParams {
  quote: string;
}

/** Seed §Create payment (v3) rule 1: the quote "must exist, be active, and not be expired". */
export const quoteUsable = defineStatefulRule<QuoteUsableParams>({
  keyword: 'quote-usable',
  paramsSchema: { type: 'object', required: ['quote'], properties: { quote: POINTER }, additionalProperties: false },
  needs: ['getQuote'],
  check(request, params, pre) {
    const quoteId = getAt(request.body, pattern(params.quote));
    if (quoteId === undefined) return [];
    if (typeof quoteId !== 'string') return [{ pointer: params.quote, message: `${params.quote} must be a quote id` }];
    const c = pre.ctx;
    return andThen(c.getQuote!(pre.customerId, quoteId), (quote): RuleHit[] => {
      if (quote === undefined)
        return [{ pointer: params.quote, message: `quote ${JSON.stringify(quoteId)} does not exist` }];
      if (quote.status !== 'active') {
        return [{ pointer: params.quote, message: `quote ${JSON.stringify(quoteId)} is ${quote.status}, not active` }];
      }
      const now = c.now ? c.now() : Date.now();
      const expires = Date.parse(quote.expiresAt);
      if (!(expires > now))
        return [{ pointer: params.quote, message: `quote ${JSON.stringify(quoteId)} expired at ${quote.expiresAt}` }];
      return [];
    });
  },
  violate(validBody, params) {
    // Only a quote the payment already uses can be swapped for an unknown one; adding a quote
    // to a same-currency payment would break quote-required instead.
    if (getAt(validBody, pattern(params.quote)) === undefined) return [];
    const body = withValue(validBody, params.quote, 'cbp-unknown-quote-0000');
    return [{ body, pointer: params.quote, description: 'unknown quote_id' }];
  },
});

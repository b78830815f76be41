/**
 * Rule 1: a quote that expired cannot fund a conversion payment. In the sandbox one is made to
 * expire (its clock); on a live target, a quote of the config file whose `status` is not active
 * or whose `expires_at` has passed is used.
 */
import { seed } from '../../../../engine/provenance.js';
import type { RunContext } from '../../context.js';
import { validRequests } from '../../requests.js';
import type { Expect } from './expect.js';

export async function expiredQuote(ctx: RunContext, expect: Expect): Promise<void> {
  const conversion = await validRequests.createPayment.find((b) => b.name === 'conversion')?.build(ctx);
  const body = conversion?.json as { quote_id?: string; amount: { currency: string } } | undefined;
  const customer = conversion?.customerId;
  const wallet = ctx.fixtures.customers.find((c) => c.customer_id === customer)?.wallet_currency;
  if (!conversion || !body?.quote_id || !customer || !wallet) return;
  const buy = body.amount.currency;
  let quoteId: string | undefined;
  if (ctx.sandbox) quoteId = await expiringSandboxQuote(ctx, customer, wallet, buy);
  else quoteId = unusableFixtureQuote(ctx, customer);
  if (!quoteId) return;
  await expect({ ...conversion, json: { ...body, quote_id: quoteId } }, '4xx', {
    name: `a conversion payment on the expired quote ${quoteId}`,
    subject: 'createPayment',
    rule: 'payment.quote-usable',
    provenance: seed('Create payment (v3), rule 1', QUOTE_RULE),
  });
}

const QUOTE_RULE = 'quote_id must be supplied, must exist, be active, and not be expired';

async function expiringSandboxQuote(ctx: RunContext, customer: string, sell: string, buy: string) {
  const quote = await ctx.http.send({
    method: 'POST',
    path: `/_sandbox/customers/${encodeURIComponent(customer)}/quotes`,
    json: { sell_currency: sell, buy_currency: buy, expires_in_seconds: 1 },
  });
  const quoteId = (quote.body as { quote_id?: string } | undefined)?.quote_id;
  if (!quoteId) return undefined;
  await ctx.sandbox!.advanceClock(2);
  ctx.tokens.reset();
  return quoteId;
}

function unusableFixtureQuote(ctx: RunContext, customer: string): string | undefined {
  const inactive = (q: { status?: string }) => q.status !== undefined && q.status !== 'active';
  const expired = (q: { expires_at?: string }) => q.expires_at !== undefined && Date.parse(q.expires_at) < Date.now();
  const stale = (q: { status?: string; expires_at?: string }) => inactive(q) || expired(q);
  return ctx.fixtures.quotes.find((q) => q.customer_id === customer && stale(q))?.quote_id;
}

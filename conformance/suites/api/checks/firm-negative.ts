/**
 * Negative cases whose expectation is an assumption in general but a statement of the service
 * description in the case at hand, once what the target answered (or what the config states) is
 * known. A seed statement is a failure; the general case stays graded by its assumption.
 * - Payment request table, purpose_of_transaction: "Case sensitive". Which values are allowed is
 *   not shown beyond two (A-PURPOSE-OPEN), so accepting "property_purchase" proves nothing; but a
 *   payment accepted with it and read back as "PROPERTY_PURCHASE" folded the case of the value.
 * - Create payment (v3), rule 1: "When a conversion is needed, quote_id must be supplied".
 *   Whether a conversion is needed is service state (A-CONVERSION); when the config states the
 *   customer's wallet currency and the payout currency differs, it is known.
 */
import type { SendResult } from '../../../engine/http.js';
import { getAt as valueAt } from '../../../engine/json-pointer.js';
import { type Provenance, seed } from '../../../engine/provenance.js';
import type { RunContext } from '../context.js';
import type { NegativeCase } from '../negative-cases.js';
import { is2xx } from './util.js';

export interface FirmStatement {
  provenance: Provenance;
  /** What shows the statement applies (the read-back value, the currencies), for the message. */
  evidence: string;
}

const PURPOSE_CASE = 'payment.purpose-case';
const QUOTE_REQUIRED = 'payment.quote-required';

export function firmStatement(ctx: RunContext, c: NegativeCase, res: SendResult): FirmStatement | undefined {
  if (!is2xx(res.status)) return undefined;
  if (c.rule === PURPOSE_CASE) return caseFolded(c, res.body);
  if (c.rule === QUOTE_REQUIRED) return statedConversion(ctx, c);
  return undefined;
}

function caseFolded(c: NegativeCase, answer: unknown): FirmStatement | undefined {
  const sent = valueAt(c.request.json, c.pointer);
  const read = valueAt(answer, c.pointer);
  if (typeof sent !== 'string' || typeof read !== 'string' || read === sent) return undefined;
  if (read.toLowerCase() !== sent.toLowerCase()) return undefined;
  return {
    provenance: seed('Payment request table: purpose_of_transaction', 'Case sensitive'),
    evidence: `sent ${JSON.stringify(sent)}, the answer reads it back as ${JSON.stringify(read)} at ${c.pointer}: the case was folded`,
  };
}

function statedConversion(ctx: RunContext, c: NegativeCase): FirmStatement | undefined {
  const body = c.request.json as { quote_id?: unknown; amount?: { currency?: unknown } } | undefined;
  if (body === undefined || body.quote_id !== undefined) return undefined;
  const payout = body.amount?.currency;
  const wallet = ctx.fixtures.customers.find((x) => x.customer_id === c.request.customerId)?.wallet_currency;
  if (typeof payout !== 'string' || wallet === undefined || wallet === payout) return undefined;
  return {
    provenance: seed('Create payment (v3), rule 1', 'When a conversion is needed, quote_id must be supplied'),
    evidence:
      `customer ${c.request.customerId}'s wallet currency is ${wallet} (as the fixtures state), the payout currency ${payout}: ` +
      'a conversion is needed',
  };
}

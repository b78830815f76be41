/**
 * The payments kit's response rules, for the generated client's `validateResponses`: what a
 * payment record in an answer must keep beyond its schema.
 * - The recipient sum: seed §Create payment (v3) rule 3, "the sum of entry amounts equals amount";
 *   the Payment an answer returns (§Resources › Payment) carries the same amount and
 *   recipient_details, so the same decimal sum holds there (exact decimals, never floats).
 * - Status moves: seed §States and transitions. The client remembers the last status it saw of each
 *   payment_id (a bounded, least-recently-seen memory) and reports a status the table cannot reach
 *   from it. Polling may miss statuses in between, so any status reachable along the table's moves is
 *   fine; a status none of the table's moves leads to or from (PROCESSING, BOUNCED_BACK: their
 *   moves are not shown) is not judged. A status the table does not list is reported as such (`state-table/unknown-status`):
 *   the schema accepts other strings (A-OPEN-STATUS), but a new status is the drift to hear of.
 * A record is the body itself, an item of a body that is a list, or an item of a list the body holds
 * (the legacy review's `payments`).
 */
import { valueTypeOf } from '../contract/violation.js';
import type { ResponseRule, ResponseRuleFactory, ResponseRuleHit } from '../contract/response-rule.js';
import { escapeToken, getAt } from '../rules/json-pointer.js';
import { createDecimalSum } from './rules/decimal-sum.js';
import type { PaymentStateTable } from './state-table.js';
import { isListedMove } from './webhooks/table-moves.js';

export interface PaymentResponseRuleOptions {
  /** How many payments' last statuses a client remembers. Default 5000. */
  rememberedPayments?: number;
}

/** The kit's response rules over one state table (the generated response-rules.ts binds it). */
export function paymentResponseRules(
  table: PaymentStateTable,
  options: PaymentResponseRuleOptions = {},
): ResponseRuleFactory[] {
  return [() => recipientSum, () => statusMoves(table, options.rememberedPayments ?? 5000)];
}

const SUM_RULE = 'payment.recipient-sum';
// Only the sum: finer amounts than a currency's minor unit rest on an assumption (A-SUM-CURRENCY).
const sum = createDecimalSum({
  items: '/recipient_details',
  itemAmount: '/amount',
  total: '/amount',
  minorUnits: false,
});

const recipientSum: ResponseRule = ({ status, body }) => {
  if (status < 200 || status > 299) return undefined;
  let hits: ResponseRuleHit[] | undefined;
  for (const [at, record] of records(body)) {
    if (!Array.isArray(record['recipient_details'])) continue;
    for (const hit of sum(record) ?? [])
      (hits ??= []).push({
        source: 'response',
        ruleId: SUM_RULE,
        pointer: at + hit.pointer,
        valueType: valueTypeOf(getAt(record, hit.pointer)),
      });
  }
  return hits;
};

function statusMoves(table: PaymentStateTable, capacity: number): ResponseRule {
  const known = new Set(table.statuses.map((s) => s.name));
  const last = new Map<string, string>();
  return ({ status, body }) => {
    if (status < 200 || status > 299) return undefined;
    let hits: ResponseRuleHit[] | undefined;
    for (const [at, record] of records(body)) {
      const id = record['payment_id'];
      const now = record['status'];
      if (typeof now === 'string' && !known.has(now))
        (hits ??= []).push({
          source: 'state-table',
          ruleId: 'state-table/unknown-status',
          pointer: `${at}/status`,
          valueType: 'string',
        });
      if (typeof id !== 'string' || typeof now !== 'string') continue;
      const before = last.get(id);
      // Least recently seen first out: a Map keeps insertion order, so a record seen again moves to the end.
      last.delete(id);
      last.set(id, now);
      if (last.size > capacity) last.delete(last.keys().next().value as string);
      // The same judgement as the webhook consumer's (table-moves.ts): polling may miss statuses in
      // between, as deliveries may come out of order; moves of statuses not shown are open.
      if (before !== undefined && !isListedMove(table, before, now))
        (hits ??= []).push({
          source: 'state-table',
          ruleId: 'state-table/transition',
          pointer: `${at}/status`,
          valueType: 'string',
        });
    }
    return hits;
  };
}

/** The payment-like records of a body, with their pointers. */
function* records(body: unknown): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(body)) {
    for (let i = 0; i < body.length; i++) if (isRecord(body[i])) yield [`/${i}`, body[i] as Record<string, unknown>];
    return;
  }
  if (!isRecord(body)) return;
  yield ['', body];
  for (const [key, value] of Object.entries(body))
    if (Array.isArray(value))
      for (let i = 0; i < value.length; i++)
        if (isRecord(value[i]) && key !== 'recipient_details')
          yield [`/${escapeToken(key)}/${i}`, value[i] as Record<string, unknown>];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

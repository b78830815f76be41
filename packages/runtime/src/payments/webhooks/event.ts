/**
 * The payment event a webhook carries (seed §Events: event_id, event_timestamp, payment_id,
 * status, client_reference_id, client_customer_ref, session_id, recipient_id). The complete
 * payload schema is "not shown", so other fields are kept untouched in `payload`. event_id,
 * event_timestamp, payment_id and status are required (assumption A-WEBHOOK-REQUIRED).
 */
import type { RuleViolation } from '../../rule-types.js';

export interface PaymentEvent {
  /** Idempotency key (seed §Events, consumer rule 1). */
  eventId: string;
  /** The real order (consumer rule 2); ISO 8601 as received. */
  eventTimestamp: string;
  paymentId: string;
  status: string;
  /** PAYOUT_INITIATED and PAYOUT_CREDITED only. */
  recipientId?: string;
  clientReferenceId?: string;
  clientCustomerRef?: string;
  /** Hosted sessions only. */
  sessionId?: string;
  /** The whole payload as received (numbers exact). */
  payload: Record<string, unknown>;
}

export type EventParseResult = { ok: true; event: PaymentEvent } | { ok: false; violations: RuleViolation[] };

const SOURCE = 'Seed §Events: fields that appear in a webhook';
const REQUIRED = [
  ['event_id', 'eventId'],
  ['event_timestamp', 'eventTimestamp'],
  ['payment_id', 'paymentId'],
  ['status', 'status'],
] as const;
const OPTIONAL = [
  ['recipient_id', 'recipientId'],
  ['client_reference_id', 'clientReferenceId'],
  ['client_customer_ref', 'clientCustomerRef'],
  ['session_id', 'sessionId'],
] as const;

/** Reads the fields the consumer relies on; every problem is reported with a JSON pointer. */
export function toPaymentEvent(payload: unknown): EventParseResult {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { ok: false, violations: [violation('', 'webhook payload must be a JSON object')] };
  }
  const body = payload as Record<string, unknown>;
  const violations: RuleViolation[] = [];
  const event: Record<string, unknown> = { payload: body };
  for (const [wire, key] of REQUIRED) {
    const v = body[wire];
    if (typeof v !== 'string' || v.length === 0)
      violations.push(violation(`/${wire}`, `${wire} must be a non-empty string`));
    else event[key] = v;
  }
  for (const [wire, key] of OPTIONAL) {
    const v = body[wire];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') violations.push(violation(`/${wire}`, `${wire} must be a string`));
    else event[key] = v;
  }
  if (typeof event['eventTimestamp'] === 'string' && Number.isNaN(Date.parse(event['eventTimestamp']))) {
    violations.push(violation('/event_timestamp', 'event_timestamp must be an ISO 8601 date-time'));
  }
  return violations.length > 0 ? { ok: false, violations } : { ok: true, event: event as unknown as PaymentEvent };
}

function violation(pointer: string, message: string): RuleViolation {
  return { rule: 'webhook.payload', pointer, message, source: SOURCE, in: 'webhook' };
}

/** The types shared by the event judge (event-judge.ts) and its per-payment walk (event-moves.ts). */
import type { Provenance, Severity } from '../../engine/types.js';
import type { EventRuleId } from '../verdicts/event-rules.js';

/** What the request that created the payment implies about its events (all optional). */
export interface PaymentExpectation {
  recipients?: string[];
  clientReferenceId?: string;
  clientCustomerRef?: string;
  /** A session id for hosted-session payments; null for API payments (no session_id allowed). */
  sessionId?: string | null;
  /** The flow ran to the end: PAYMENT_COMPLETED must be there. */
  complete?: boolean;
  cancelled?: boolean;
}

export interface JudgeFinding {
  severity: Severity;
  /** A rule id of conformance/suites/verdicts/event-rules.ts. */
  rule: EventRuleId;
  provenance: Provenance;
  paymentId?: string;
  message: string;
  events: unknown[];
  /** Something is missing that a late delivery could still bring: the flow is not settled yet. */
  pending?: boolean;
}

export interface JudgeOptions {
  /** Assumption-graded findings are failures too. */
  strict?: boolean;
  expectations?: Record<string, PaymentExpectation>;
}

export interface ObservedTransition {
  from: string | null;
  to: string;
  count: number;
  /** The state-table transition id, when the move is in the table. */
  id?: string;
}

export interface JudgeResult {
  findings: JudgeFinding[];
  /** Events judged (after dropping redeliveries). */
  cases: number;
  payments: string[];
  transitions: ObservedTransition[];
  /** Statuses seen, with how many distinct events carried each. */
  statuses: Record<string, number>;
}

export interface PaymentEvent {
  event_id: string;
  event_timestamp: string;
  payment_id: string;
  status: string;
  recipient_id?: string;
  client_reference_id?: string;
  client_customer_ref?: string;
  session_id?: string;
  [key: string]: unknown;
}

/** The types shared by the event judge (event-judge.ts) and its per-payment walk (event-moves.ts). */
import type { Severity } from '../../engine/types.js';

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
  rule: string;
  paymentId?: string;
  message: string;
  events: unknown[];
}

export interface JudgeOptions {
  /** Moves the seed does not show are warnings; with strict they are failures. */
  strict?: boolean;
  expectations?: Record<string, PaymentExpectation>;
}

export interface JudgeResult {
  findings: JudgeFinding[];
  /** Events judged (after dropping exact duplicates). */
  cases: number;
  payments: string[];
  transitions: Array<{ from: string | null; to: string; count: number }>;
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

/**
 * What a consumer scenario gets: a way to deliver signed webhooks to the partner's endpoint (as
 * the service would) and, when `--state-url` is given, to read back what the partner recorded.
 *
 * State contract (documented in the README): GET <state-url>/<payment_id> answers
 *   200 {"status": "<latest payment status>", "events_applied"?: <distinct events applied>,
 *        "recipients"?: {"<recipient_id>": "<status>"}}   for a payment the partner knows,
 *   404                                                    for a payment it has no record of.
 */
import { randomBytes } from 'node:crypto';
import type { StateTable } from '../../../kits/payments/state-table/index.js';
import type { ExchangeEvidence } from '../../engine/types.js';
import type { WebhookPayload } from './flows.js';

export interface ConsumerTarget {
  /** The partner's webhook endpoint. */
  url: string;
  /** Every instance's endpoint when the partner runs several (`--url` repeated); the concurrent
   * scenario spreads each payment's deliveries over them. Default: `[url]`. */
  urls?: string[];
  /** `whsec_` secret the partner verifies with. */
  secret: string;
  /** Base URL of the state contract above; state checks are skipped without it. */
  stateUrl?: string;
  /** Per-request timeout in ms. Default: 10000. */
  timeoutMs?: number;
}

export interface DeliveryOptions {
  /** Sign with this secret instead (a wrong one for the bad-signature scenario). */
  secret?: string;
  /** webhook-timestamp in Unix seconds. Default: now. */
  timestamp?: number;
  /** Send to this endpoint instead of `target.url` (one of `target.urls`). */
  url?: string;
}

export interface Delivery {
  status?: number;
  evidence: ExchangeEvidence;
}

export type PaymentRecord =
  | { found: true; status: string | null; eventsApplied?: number; recipients?: Record<string, string> }
  | { found: false }
  | { error: string };

export interface ConsumerContext {
  target: ConsumerTarget;
  /** The payment state table the flows are built from. */
  table: StateTable;
  /** Unique per run, so runs against a long-lived consumer never collide. */
  runId: string;
  /** First event_timestamp of the run (ms). */
  startMs: number;
  deliver(payload: WebhookPayload, options?: DeliveryOptions): Promise<Delivery>;
  /** Undefined when no --state-url was given. */
  readState?: (paymentId: string) => Promise<PaymentRecord & { evidence: ExchangeEvidence }>;
  /** Payment id for a scenario, unique to this run. */
  paymentId(scenario: string): string;
}

export function newRunId(): string {
  return randomBytes(4).toString('hex');
}

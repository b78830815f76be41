/** Records of the mock's in-memory store. Field names of records the seed does not show
 * (recipients, quotes, third parties, virtual accounts) are the mock's own (A-RECORD-FIELDS). */

import type { HostedDetails } from './hosted/details.js';

export interface Amount {
  currency: string;
  value: number;
}

export interface ClientRecord {
  clientId: string;
  clientSecret: string;
  apiKey?: string;
}

export interface CustomerRecord {
  customer_id: string;
  clientId: string;
  /** Funding currency: a payment in another currency needs a quote (A-CONVERSION). */
  wallet_currency: string;
  /** What the service does: virtual accounts are "available for registered and active customers". */
  status: 'active' | 'inactive';
  /** First webhook status of this customer's next payment (POST /_sandbox/customers/{id}/next-payment). */
  nextFirstStatus?: string;
}

export interface RecipientRecord {
  recipient_id: string;
  customer_id: string;
  currency: string;
  status: 'active' | 'inactive';
  name: string;
  /** Armed by /_sandbox/recipients/{id}/fail-name-check: the next payment naming it fails CoP/VoP. */
  nameCheck: 'pass' | 'fail-next' | 'failed';
}

export interface QuoteRecord {
  quote_id: string;
  customer_id: string;
  sell_currency: string;
  buy_currency: string;
  status: 'active' | 'cancelled';
  /** ms since the epoch, sandbox time. */
  expiresAtMs: number;
}

export interface ThirdPartyRecord {
  customer_id: string;
  client_customer_ref: string;
  data: Record<string, unknown>;
  /** Sandbox time at which PENDING_VERIFICATION turns VERIFIED. */
  verifiedAtMs: number;
  created_at: string;
  updated_at: string;
}

export interface VirtualAccountRecord {
  unique_identifier: string;
  customer_id: string;
  currency: string;
  vban_country?: string;
  account_number: string;
  bank_details: Record<string, string>;
  /** Sandbox time at which pending turns active. */
  activeAtMs: number;
  created_at: string;
}

export interface SessionRecord {
  session_id: string;
  customer_id: string;
  client_reference_id?: string;
  client_customer_ref?: string;
  amount?: Amount;
  recipient_details: Array<Record<string, unknown>>;
  allowed_origins: string[];
  createdAtMs: number;
  expiresAtMs: number;
  payment_id?: string;
  /** Items, due date, return URL and the payer's Abandon, for the hosted page (sandbox/hosted/). */
  hosted?: HostedDetails;
}

export interface RecipientProgress {
  recipient_id: string;
  amount?: Amount;
  /** Last status this recipient's payout reached (PAYOUT_INITIATED / PAYOUT_CREDITED). */
  status?: string;
  [extra: string]: unknown;
}

export interface PaymentRecord {
  payment_id: string;
  instruction_number: string;
  customer_id: string;
  amount: Amount;
  recipient_details: RecipientProgress[];
  status: string;
  created_datetime: string;
  purpose_of_transaction?: string;
  quote_id?: string;
  is_third_party_payment: boolean;
  client_reference_id?: string;
  client_customer_ref?: string;
  payment_reference?: string;
  session_id?: string;
  /** Set by /_sandbox/payments/{id}/hold: the lifecycle pauses until /release. */
  held: boolean;
  /** true between deliver-funds and the end of the automatic flow. */
  fundsDelivered: boolean;
  via: 'v3' | 'legacy' | 'session';
  /** Time of the payment's last webhook event (lifecycle.ts keeps them strictly increasing); kept
   * on the record rather than in a Map keyed by payment id: one insert less per payment. */
  lastEventMs?: number;
  /** Every event emitted for the payment, in order (GET /_sandbox/payments/{id}/events); on the
   * record for the same reason. */
  events: PaymentEvent[];
}

/** One webhook event, as emitted (seed §Events: fields). */
export interface PaymentEvent {
  event_id: string;
  event_timestamp: string;
  payment_id: string;
  status: string;
  client_reference_id?: string;
  client_customer_ref?: string;
  session_id?: string;
  recipient_id?: string;
}

export interface SubscriptionRecord {
  subscription_id: string;
  clientId: string;
  url: string;
  secret: string;
  /** Set on unsubscribe; pending retries are dropped. */
  deleted?: boolean;
  /** Set when the endpoint answered 410 Gone (Standard Webhooks: stop sending to it); nothing
   * more is delivered to it, retries included. Visible in GET /_sandbox/webhook-subscriptions. */
  disabled?: { at: string; reason: string };
}

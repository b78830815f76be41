/**
 * The legitimate behaviours this second implementation can be switched to. Each is a choice the
 * service description leaves open (the README beside this file quotes the words that allow it);
 * the defaults are this provider's own choices, not the embedded sandbox's.
 */
export interface ProviderOptions {
  /** Where both servers listen. Default 127.0.0.1 (tests bind port 0). */
  host?: string;
  /** Serve HTTPS with this key and certificate (a private CA's leaf): "All requests use HTTPS". */
  tls?: { key: string; cert: string };
  /** The token endpoint on its own server (another port): the seed names {auth_url} apart from {base_url}. */
  separateAuthHost?: boolean;
  /** Absent optional fields written as explicit null (Jackson's default `Include.ALWAYS`). */
  explicitNulls?: boolean;
  /** Undocumented fields in answers and events (links, fees, metadata): "Fields ... beyond those listed: not shown". */
  extraFields?: boolean;
  /** The session URL carries its access token in the query string (`payment_page_url: ...?t=<token>`). */
  sessionUrlWithQuery?: boolean;
  /** event_timestamp to the second (`2026-11-27T09:33:13+00:00`), so events of one second tie. Default: microseconds.
   */
  secondPrecisionTimestamps?: boolean;
  /** Every event of a payment stamped within the millisecond of its first, microseconds apart (one clock read per
   * batch plus a sequence): only the microseconds order them. */
  oneMillisecondStamps?: boolean;
  /** event_timestamp as Unix epoch milliseconds (a JSON number), as several providers send it. */
  epochMillisTimestamps?: boolean;
  /** Error answers as RFC 9457 problem details (`application/problem+json`: type, title, status, detail, code). */
  problemDetails?: boolean;
  /** Every event is delivered twice (at least once: the second is a redelivery with the same event_id). */
  duplicateDeliveries?: boolean;
  /** Status of a token request with wrong client credentials sent as form fields (RFC 6749 §5.2 allows 400). Default
   * 401. */
  badCredentialsStatus?: 400 | 401;
  /** Status for another client's customer. Default 404 (answered exactly like a customer that does not exist). */
  crossTenantStatus?: 403 | 404;
  /** The first delivery of every payment is sent this many ms late (later events overtake it). */
  lateFirstDeliveryMs?: number;
  /** Customers whose wallet holds funds: their payments start PROCESSING and complete at once. */
  fundedCustomers?: string[];
  /** A funded wallet holds its own currency only: its conversion payments still wait for funds (AWAITING_FUNDS). */
  conversionsAwaitFunds?: boolean;
  /** FX_COMPLETED only when a conversion happened ("Conversion done"); a same-currency payment goes RECEIVED_FUNDS →
   * PAYOUT_INITIATED. */
  fxOnlyForConversions?: boolean;
  /** event_id counts per payment (`evt_1`, `evt_2`, ...): unique within a payment only. */
  perPaymentEventIds?: boolean;
  /** Webhook payload `{ event_id, event_type, event_timestamp, data: { payment_id, status, ... } }`. */
  nestedEventData?: boolean;
  /** Delivery signature headers: Standard Webhooks (`webhook-*`, default), Svix (`svix-*`), or this provider's own
   * `X-Signature: t=...,v1=<hex HMAC>` (its partner's driver verifies it). */
  signature?: 'standard-webhooks' | 'svix' | 'own';
  /** Success status of creates (payments, sessions, third parties, webhooks). Default 201. */
  createdStatus?: 200 | 201 | 202;
  /** Status of a duplicate client_reference_id on a third-party payment and of a duplicate third party. Sessions always
   * answer 400 (seed). Default 400. */
  duplicateStatus?: 400 | 409;
  /** Status of a failed recipient name check (CoP/VoP). Default 400. */
  nameCheckStatus?: 400 | 422;
  /** Requests per second per client before 429 with Retry-After (token bucket, burst = rate). */
  rateLimitPerSecond?: number;
  /** Delay between lifecycle stages after funds arrive. Default 0 (seed §Events rule 5: the sandbox delivers
   * instantly). */
  stageDelayMs?: number;
  /** confirm_recipient must echo the `check_id` of the failed name check it answers (a real CoP flow's reference). */
  confirmNeedsCheckId?: boolean;
  /** A quote pays for one payment only; a second use is refused. */
  singleUseQuotes?: boolean;
  /** Access token lifetime (expires_in). Default 3600 s. */
  tokenTtlSeconds?: number;
  /** token_type written `Bearer` (RFC 6749 §5.1: case-insensitive) instead of the sample's `bearer`. */
  capitalizedTokenType?: boolean;
  /**
   * BROKEN on purpose: compares the recipient sum with the amount as binary floats (0.1 + 0.2 is
   * then not 0.3), refusing correct payments. For the test that the runner catches it.
   */
  brokenFloatSums?: boolean;
  /** BROKEN on purpose: PAYMENT_COMPLETED stamped a microsecond before the last PAYOUT_CREDITED, in the same
   * millisecond (implies oneMillisecondStamps). */
  brokenCompletedBeforeCredit?: boolean;
  /** BROKEN on purpose: purpose_of_transaction accepted in any case and stored upper-cased ("Case sensitive"). */
  brokenPurposeCaseFolding?: boolean;
  /** BROKEN on purpose: a conversion payment without quote_id is accepted ("quote_id must be supplied"). */
  brokenConversionWithoutQuote?: boolean;
  /** Hosted session lifetime. Default 900 s. */
  sessionTtlSeconds?: number;
}

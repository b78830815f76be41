/**
 * The pluggable webhook signature scheme. OpenAPI describes webhook payloads (OpenAPI 3.1 §4.8.1
 * `webhooks`) but not how deliveries are signed; we default to Standard Webhooks and keep the
 * scheme swappable behind this interface.
 */

/** Why a delivery was refused. */
export type VerifyFailureReason =
  | 'missing-headers'
  | 'bad-signature'
  | 'stale-timestamp'
  | 'future-timestamp'
  | 'malformed';

/** Headers as node:http gives them, a plain object, or a fetch `Headers`. */
export type HeaderInput =
  | Record<string, string | string[] | number | undefined>
  | { forEach(cb: (value: string, key: string) => void): void };

/** Lower-cased header names; repeated headers joined with a space. */
export type NormalizedHeaders = Record<string, string>;

export interface SignInput {
  /** Unique message id; the Standard Webhooks `webhook-id` (we use the event_id). */
  id: string;
  /** Delivery time, Unix seconds. */
  timestamp: number;
  /** `whsec_<base64>` (or bare base64) signing secret. */
  secret: string;
}

/** What a scheme extracts from a delivery before the signature is checked. */
export interface SignedParts {
  id: string;
  /** Unix seconds. */
  timestamp: number;
  /** Every candidate signature in the header (several during key rotation). */
  signatures: Uint8Array[];
}

export interface WebhookScheme {
  name: string;
  /** The headers to send with `rawBody`. */
  sign(rawBody: Uint8Array, input: SignInput): Record<string, string>;
  /** Reads id, timestamp and signatures, or says why it cannot. */
  parse(headers: NormalizedHeaders): SignedParts | 'missing-headers' | 'malformed';
  /** The expected signature of `rawBody` for one secret. */
  expected(rawBody: Uint8Array, parts: Pick<SignedParts, 'id' | 'timestamp'>, secret: string): Uint8Array;
}

export function normalizeHeaders(headers: HeaderInput): NormalizedHeaders {
  const out: NormalizedHeaders = {};
  const add = (key: string, value: string): void => {
    const k = key.toLowerCase();
    out[k] = out[k] === undefined ? value : `${out[k]} ${value}`;
  };
  if (typeof (headers as { forEach?: unknown }).forEach === 'function' && !Array.isArray(headers)) {
    (headers as { forEach(cb: (value: string, key: string) => void): void }).forEach((v, k) => {
      add(k, v);
    });
    return out;
  }
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) add(key, String(v));
    else add(key, String(value));
  }
  return out;
}

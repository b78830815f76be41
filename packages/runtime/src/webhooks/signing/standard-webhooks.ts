/**
 * Standard Webhooks v1 (https://www.standardwebhooks.com): headers webhook-id, webhook-timestamp,
 * webhook-signature = space-separated `v1,<base64 HMAC-SHA256(secret, "id.timestamp.body")>`,
 * secret `whsec_<base64>`. OpenAPI documents webhooks (OpenAPI 3.1 §4.8.1 `webhooks`) but no
 * signature scheme, so this is the default scheme, swappable behind `SignatureScheme`.
 *
 * Written on node:crypto rather than the `standardwebhooks` package: that package signs the body
 * after decoding it to a string (so non-UTF-8 bytes are not covered as received), accepts only
 * Buffer or string, fixes `now` and the tolerance, and reports failures as message strings.
 * Our tests cross-check interoperability with it in both directions.
 */
import { createHmac } from 'node:crypto';
import type { NormalizedHeaders, SignedParts, SignInput, WebhookScheme } from './scheme.js';

const PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Standard Webhooks: "secrets should be between 24 bytes and 64 bytes" (decoded key material).
 * Fewer is refused: `whsec_a` decodes to no byte at all and `whsec_AB` to one zero byte, which
 * HMAC pads to the empty key, so anyone could sign. More is accepted (HMAC takes any length, and
 * a provider's longer key is no weaker). */
export const MIN_SECRET_BYTES = 24;

/** Why a `whsec_<base64>` secret cannot be used, or undefined when it can. Never the value. */
export function webhookSecretProblem(secret: string): string | undefined {
  const key = decode(secret);
  return typeof key === 'string' ? key : undefined;
}

/** Decodes a `whsec_<base64>` secret; throws a TypeError (a programming error, not bad input)
 * for a value that is not one or holds fewer than MIN_SECRET_BYTES bytes. */
export function decodeSecret(secret: string): Buffer {
  const key = decode(secret);
  if (typeof key === 'string') throw new TypeError(key);
  return key;
}

function decode(secret: string): Buffer | string {
  const body = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret;
  if (body.length === 0 || !BASE64.test(body))
    return 'webhook secret must be "whsec_" followed by base64 (value not shown)';
  const key = Buffer.from(body, 'base64');
  if (key.length >= MIN_SECRET_BYTES) return key;
  return (
    `webhook secret decodes to ${key.length} byte${key.length === 1 ? '' : 's'}, fewer than ` +
    `${MIN_SECRET_BYTES} (Standard Webhooks: 24 to 64 bytes of key material; value not shown)`
  );
}

function hmac(rawBody: Uint8Array, id: string, timestamp: number, secret: string): Buffer {
  return createHmac('sha256', decodeSecret(secret)).update(`${id}.${timestamp}.`, 'utf8').update(rawBody).digest();
}

export const standardWebhooks: WebhookScheme = {
  name: 'standard-webhooks',

  sign(rawBody: Uint8Array, { id, timestamp, secret }: SignInput): Record<string, string> {
    return {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': `v1,${hmac(rawBody, id, timestamp, secret).toString('base64')}`,
    };
  },

  parse(headers: NormalizedHeaders): SignedParts | 'missing-headers' | 'malformed' {
    const id = headers['webhook-id'];
    const ts = headers['webhook-timestamp'];
    const sig = headers['webhook-signature'];
    if (!id || !ts || !sig) return 'missing-headers';
    if (!/^\d{1,15}$/.test(ts.trim())) return 'malformed';
    const signatures: Uint8Array[] = [];
    for (const entry of sig.split(' ')) {
      const comma = entry.indexOf(',');
      // Other versions (e.g. v1a asymmetric) are skipped, as the Standard Webhooks spec says.
      if (comma < 0 || entry.slice(0, comma) !== 'v1') continue;
      const value = entry.slice(comma + 1);
      if (BASE64.test(value)) signatures.push(Buffer.from(value, 'base64'));
    }
    return { id, timestamp: Number(ts.trim()), signatures };
  },

  expected(rawBody, { id, timestamp }, secret): Uint8Array {
    return hmac(rawBody, id, timestamp, secret);
  },
};

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

/** Decodes a `whsec_<base64>` secret; throws a TypeError (a programming error, not bad input). */
export function decodeSecret(secret: string): Buffer {
  const body = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret;
  if (body.length === 0 || !BASE64.test(body)) {
    throw new TypeError('webhook secret must be "whsec_" followed by base64 (value not shown)');
  }
  return Buffer.from(body, 'base64');
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

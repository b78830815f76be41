/**
 * Signs a webhook body; used by the mock sandbox and `cbp conformance consumer` to play the
 * service, and by partners' tests. The headers cover the bytes exactly as they will be sent.
 */
import { randomBytes } from 'node:crypto';
import type { SignInput, WebhookScheme } from './scheme.js';
import { standardWebhooks } from './standard-webhooks.js';
import { toBytes } from './verify.js';

export interface SignOptions {
  /** Default: Standard Webhooks (https://www.standardwebhooks.com). */
  scheme?: WebhookScheme;
}

/** Returns the signature headers to send with `rawBody` (timestamp in Unix seconds). */
export function signWebhook(
  rawBody: Uint8Array | string,
  input: SignInput,
  options: SignOptions = {},
): Record<string, string> {
  return (options.scheme ?? standardWebhooks).sign(toBytes(rawBody), input);
}

/** A fresh `whsec_` secret (24 random bytes), for sandboxes and tests. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

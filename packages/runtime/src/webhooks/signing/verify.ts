/**
 * Verifies a webhook delivery over the raw bytes as received (never a re-serialized body),
 * with a timing-safe comparison, a freshness window, and several signatures and/or secrets
 * accepted at once (key rotation). Returns a typed result instead of throwing on bad input.
 */
import { timingSafeEqual } from 'node:crypto';
import { parseJsonExact, type NumberMode } from '../exact-json.js';
import { normalizeHeaders, type HeaderInput, type VerifyFailureReason, type WebhookScheme } from './scheme.js';
import { standardWebhooks } from './standard-webhooks.js';

export interface VerifyOptions {
  /** Accepted distance between the delivery timestamp and now, in seconds. Default: 300. */
  toleranceSeconds?: number;
  /** Current time in milliseconds (tests, sandbox clocks). Default: Date.now(). */
  now?: number | (() => number);
  /** Signature scheme. Default: Standard Webhooks (https://www.standardwebhooks.com). */
  scheme?: WebhookScheme;
  /** How JSON numbers are returned (see exact-json.ts). Default: 'safe'. */
  numbers?: NumberMode;
}

export type VerifyResult =
  | {
      ok: true;
      /** The JSON body; numbers exact (see exact-json.ts). */
      payload: unknown;
      /** The body text exactly as received. */
      rawText: string;
      /** Message id from the signature headers. */
      id: string;
      /** Delivery timestamp, Unix seconds. */
      timestamp: number;
    }
  | { ok: false; reason: VerifyFailureReason; detail: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function toBytes(rawBody: Uint8Array | string): Uint8Array {
  return typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
}

export function verifyWebhook(
  rawBody: Uint8Array | string,
  headers: HeaderInput,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): VerifyResult {
  const scheme = options.scheme ?? standardWebhooks;
  const tolerance = options.toleranceSeconds ?? 300;
  const nowMs = typeof options.now === 'function' ? options.now() : (options.now ?? Date.now());
  const bytes = toBytes(rawBody);

  const parts = scheme.parse(normalizeHeaders(headers));
  if (parts === 'missing-headers') return fail('missing-headers', 'signature headers are missing');
  if (parts === 'malformed') return fail('malformed', 'signature headers are malformed');

  const now = Math.floor(nowMs / 1000);
  if (now - parts.timestamp > tolerance) return fail('stale-timestamp', `timestamp older than ${tolerance}s`);
  if (parts.timestamp - now > tolerance) return fail('future-timestamp', `timestamp more than ${tolerance}s ahead`);

  const secrets = typeof secret === 'string' ? [secret] : secret;
  let matched = false;
  for (const s of secrets) {
    const expected = scheme.expected(bytes, parts, s);
    for (const candidate of parts.signatures) {
      // Evaluate every candidate (no early exit) so timing does not reveal which one matched.
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
    }
  }
  if (!matched) return fail('bad-signature', 'no signature matches');

  let rawText: string;
  try {
    rawText = utf8.decode(bytes);
  } catch {
    return fail('malformed', 'body is not UTF-8');
  }
  try {
    return {
      ok: true,
      payload: parseJsonExact(rawText, options.numbers),
      rawText,
      id: parts.id,
      timestamp: parts.timestamp,
    };
  } catch (err) {
    return fail('malformed', `body is not JSON: ${(err as Error).message}`);
  }
}

function fail(reason: VerifyFailureReason, detail: string): VerifyResult {
  return { ok: false, reason, detail };
}

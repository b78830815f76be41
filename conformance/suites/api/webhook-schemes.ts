/**
 * How the runner's receiver verifies deliveries. The seed says only that "a third-party webhook
 * delivery provider ... signs deliveries" ("Signature header names and verification scheme: not
 * shown"; A-WEBHOOK-SIGNATURE), so the scheme is pluggable, as in the consumer kit
 * (`WebhookScheme`): Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`)
 * and Svix (`svix-id`, `svix-timestamp`, `svix-signature`: the same `v1,<base64 HMAC-SHA256>`
 * over `id.timestamp.body` with a `whsec_` secret, under the delivery provider's own header
 * names). `webhooks.scheme` in the config picks one; by default a delivery is verified with the
 * scheme whose headers it carries.
 */
import {
  standardWebhooks,
  verifyWebhook,
  type NormalizedHeaders,
  type WebhookScheme,
} from '../../../generated/webhooks.js';
import type { DeliveryVerdict, DeliveryVerifier } from '../../engine/receiver.js';
import type { ConformanceDriver, WebhookVerdict } from './driver.js';

const SVIX: Record<string, string> = {
  'svix-id': 'webhook-id',
  'svix-timestamp': 'webhook-timestamp',
  'svix-signature': 'webhook-signature',
};

/** Svix-style headers over the Standard Webhooks signature. */
export const svixScheme: WebhookScheme = {
  name: 'svix',
  sign(rawBody, input) {
    const std = standardWebhooks.sign(rawBody, input);
    return Object.fromEntries(Object.entries(SVIX).map(([svix, name]) => [svix, std[name]]));
  },
  parse(headers: NormalizedHeaders) {
    const renamed: NormalizedHeaders = {};
    for (const [svix, name] of Object.entries(SVIX)) if (headers[svix] !== undefined) renamed[name] = headers[svix];
    return standardWebhooks.parse(renamed);
  },
  expected: (rawBody, parts, secret) => standardWebhooks.expected(rawBody, parts, secret),
};

export const WEBHOOK_SCHEMES = { 'standard-webhooks': standardWebhooks, svix: svixScheme } as const;
export type WebhookSchemeName = keyof typeof WEBHOOK_SCHEMES;
export const WEBHOOK_SCHEME_NAMES = Object.keys(WEBHOOK_SCHEMES) as WebhookSchemeName[];

/**
 * A verifier for the receiver: the named scheme, or (none named) the scheme whose signature
 * headers the delivery carries, Standard Webhooks when it carries none.
 */
export function deliveryVerifier(name?: WebhookSchemeName): (...args: Parameters<DeliveryVerifier>) => DeliveryVerdict {
  return (raw, headers, secrets) => {
    const scheme = name
      ? WEBHOOK_SCHEMES[name]
      : headers['svix-id'] !== undefined && headers['webhook-id'] === undefined
        ? svixScheme
        : standardWebhooks;
    // The sandbox clock may run ahead of real time: freshness is not what this suite judges.
    const v = verifyWebhook(raw, headers, secrets, { scheme, toleranceSeconds: 10 * 365 * 86400 });
    return v.ok ? { ok: true, payload: v.payload } : { ok: false, reason: `${v.reason} (${scheme.name})` };
  };
}

/**
 * A verifier from the partner's driver (`verifyWebhook`), for a scheme of the provider's own:
 * asked once per known secret until one verifies. Its reason is reported as it gave it.
 */
export function partnerVerifier(verify: NonNullable<ConformanceDriver['verifyWebhook']>): DeliveryVerifier {
  return async (raw, headers, secrets) => {
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) if (v !== undefined) flat[k.toLowerCase()] = String(v);
    let reason = 'bad signature';
    for (const secret of secrets) {
      const verdict = readVerdict(await verify({ headers: flat, rawBody: raw, secret }));
      if (verdict.ok) {
        try {
          return { ok: true, payload: JSON.parse(raw.toString('utf8')) };
        } catch {
          return { ok: true, payload: raw.toString('utf8') };
        }
      }
      reason = verdict.reason;
    }
    return { ok: false, reason: `${reason} (the driver's verifyWebhook)` };
  };
}

function readVerdict(v: WebhookVerdict): { ok: true } | { ok: false; reason: string } {
  if (v === true) return { ok: true };
  if (typeof v === 'string') return { ok: false, reason: v };
  if (v !== null && typeof v === 'object' && v.ok === true) return { ok: true };
  if (v !== null && typeof v === 'object') return { ok: false, reason: v.reason ?? 'bad signature' };
  return { ok: false, reason: 'bad signature' };
}

/**
 * Bodies the seed does not show are never invented for a partner's service: third-party create
 * and update ("Request and response payloads: not shown"), the legacy POST /v2 ("Their
 * payloads: not shown") and confirm_recipient ("Inner fields: not shown"). Their positive and
 * uniqueness cases take the body from the config file (`payloads:`); without one they are
 * skipped, saying what to add. Only this project's own sandbox (the embedded mock, or a target
 * answering its control API) gets the payloads that sandbox documents as its assumptions
 * (sandbox/README.md: A-LEGACY-PAYLOAD, "the mock reads client_customer_ref").
 */
import type { SkipReason } from '../../../engine/skips.js';

/** Where the seed shows no payload: the config key, and what the seed says. */
export const UNSHOWN_PAYLOADS = {
  createThirdParty: 'Third-party customer operations: "Request and response payloads: not shown"',
  updateThirdParty: 'Third-party customer operations: "Request and response payloads: not shown"',
  legacyMakePayment: 'Legacy payment endpoints: "Their payloads: not shown"',
  confirm_recipient: 'Payment request: confirm_recipient "Inner fields: not shown"',
} as const;

export type UnshownPayload = keyof typeof UNSHOWN_PAYLOADS;

/** One configured payload: the body (or, for confirm_recipient, the object) and optionally whose it is. */
export interface ConfiguredPayload {
  body: unknown;
  customer_id?: string;
  /** updateThirdParty: which third party (default: the first of `third_parties`). */
  client_customer_reference?: string;
}

export interface PayloadSource {
  configured?: Partial<Record<UnshownPayload, ConfiguredPayload>>;
  /** This project's sandbox: its documented stand-in payloads may be used. */
  ownSandbox: boolean;
}

export type PayloadChoice = { body: unknown; customerId?: string; thirdParty?: string; from: 'config' | 'sandbox' } | { skip: SkipReason };

/**
 * The body for `key`: the configured one (with every `{{unique}}` replaced by `fresh()`), this
 * sandbox's stand-in, or a skip naming the config key.
 */
export function payloadFor(source: PayloadSource, key: UnshownPayload, fresh: () => string, standIn: () => unknown): PayloadChoice {
  const c = source.configured?.[key];
  if (c) return { body: fillUnique(c.body, fresh()), customerId: c.customer_id, thirdParty: c.client_customer_reference, from: 'config' };
  if (source.ownSandbox) return { body: standIn(), from: 'sandbox' };
  return {
    skip: {
      reason: `the seed shows no payload here (${UNSHOWN_PAYLOADS[key]}), and none is invented for a live target`,
      enable: `payloads.${key}.body in the config file (strings "{{unique}}" become a fresh reference)`,
    },
  };
}

export function fillUnique(value: unknown, unique: string): unknown {
  if (typeof value === 'string') return value.split('{{unique}}').join(unique);
  if (Array.isArray(value)) return value.map((v) => fillUnique(v, unique));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillUnique(v, unique)]));
  return value;
}

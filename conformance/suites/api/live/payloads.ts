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

export type PayloadChoice =
  | { body: unknown; customerId?: string; thirdParty?: string; from: 'config' | 'sandbox' }
  | { skip: SkipReason };

/**
 * The body for `key`: the configured one (with every `{{unique}}` replaced by `fresh()`), this
 * sandbox's stand-in, or a skip naming the config key.
 */
export function payloadFor(
  source: PayloadSource,
  key: UnshownPayload,
  fresh: () => string,
  standIn: () => unknown,
): PayloadChoice {
  const c = source.configured?.[key];
  if (c)
    return {
      body: fillUnique(c.body, fresh()),
      customerId: c.customer_id,
      thirdParty: c.client_customer_reference,
      from: 'config',
    };
  if (source.ownSandbox) return { body: standIn(), from: 'sandbox' };
  return {
    skip: {
      reason: `the provider's service description shows no payload here (${UNSHOWN_PAYLOADS[key]}), and none is invented for a live target`,
      enable: `payloads.${key}.body in the config file (strings "{{unique}}" become a fresh reference)`,
    },
  };
}

/** What a template may read besides `{{unique}}`: the refused answer of a failed name check
 * (`{{failed.body.request_id}}`). */
export interface TemplateAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Fills `{{failed.<path>}}` placeholders from the refused answer: `status`, `headers.<name>`
 * (lower case), `body.<dotted path>` (array indexes as numbers, e.g. `body.errors.0.check_id`).
 * A string that is one placeholder takes the value as it is (a number stays a number); inside a
 * longer string it is written as text. Answers the paths the answer lacks (nothing is guessed).
 */
export function fillFromAnswer(value: unknown, failed: TemplateAnswer): { value: unknown; missing: string[] } {
  const missing: string[] = [];
  const read = (path: string): unknown => {
    let node: unknown = failed;
    for (const key of path.split('.')) {
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
      if (node === undefined) break;
    }
    if (node === undefined) missing.push(`failed.${path}`);
    return node;
  };
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const whole = /^\{\{failed\.([^{}]+)\}\}$/.exec(v);
      if (whole) return read(whole[1].trim());
      return v.replace(/\{\{failed\.([^{}]+)\}\}/g, (_, path: string) => {
        const x = read(path.trim());
        return x === undefined ? '' : typeof x === 'string' ? x : JSON.stringify(x);
      });
    }
    if (Array.isArray(v)) return v.map(fill);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return { value: fill(value), missing };
}

export function fillUnique(value: unknown, unique: string): unknown {
  if (typeof value === 'string') return value.split('{{unique}}').join(unique);
  if (Array.isArray(value)) return value.map((v) => fillUnique(v, unique));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillUnique(v, unique)]));
  return value;
}

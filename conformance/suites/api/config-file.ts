/**
 * conformance.yaml: what the operations the seed does not show would give a live run (§Other
 * operations: "Their methods, paths, and payloads: not shown"): customers, recipients, a quote,
 * onboarded third parties, the second client's customer, and the webhook receiver's addresses.
 * Checked with ajv so that every problem names its JSON pointer.
 */
import { Ajv } from 'ajv';
import { CbpError } from '../../../lib/errors.js';
import type { ConfiguredPayload, UnshownPayload } from './live/payloads.js';
import { type RunSection, runSectionSchema } from './run-options.js';
import { WEBHOOK_SCHEME_NAMES, type WebhookSchemeName } from './webhook-schemes.js';

export interface TargetFixtures {
  /**
   * `status` other than active marks a registered customer that is not active (no virtual
   * account). `awaits_funds: false` hints at a funded wallet: whether a payment awaits funds is
   * decided per payment from its status after creation (AWAITING_FUNDS or PROCESSING); only when
   * the answer shows none does the hint count, confirmed by the driver (a deliverFunds() that
   * answers NotPossible). The cancelled flow prefers a customer without the hint.
   */
  customers: Array<{ customer_id: string; wallet_currency?: string; status?: string; awaits_funds?: boolean }>;
  recipients: Array<{ recipient_id: string; customer_id: string; currency?: string; status?: string; name?: string }>;
  quotes: Array<{
    quote_id: string;
    customer_id: string;
    sell_currency?: string;
    buy_currency?: string;
    status?: string;
    expires_at?: string;
  }>;
  third_parties: Array<{ customer_id: string; client_customer_ref: string }>;
}

export interface TargetFile extends Partial<TargetFixtures> {
  /** Customers of the second credential (CBP_CLIENT_ID_2), for the cross-tenant auth case. */
  second_client?: { customers: Array<{ customer_id: string }> };
  webhooks?: {
    listen?: string;
    public_url?: string;
    wait_seconds?: number;
    completion_seconds?: number;
    grace_seconds?: number;
    /** How deliveries are signed (webhook-schemes.ts); default: by the headers each delivery carries. */
    scheme?: WebhookSchemeName;
  };
  /** `--driver`: sandbox, passive, or an ES module path (relative to this file). */
  driver?: string;
  /** Bodies of the operations whose payload the seed does not show (live/payloads.ts). */
  payloads?: Partial<Record<UnshownPayload | 'createSession', ConfiguredPayload>>;
  /** How long a virtual account whose creation was "initiated" may take to appear. */
  virtual_accounts?: { wait_seconds?: number };
  /** Run options (flags win): run-options.ts. */
  run?: RunSection;
}

const id = { type: 'string', minLength: 1 };
const list = (required: string[], props: Record<string, unknown>) => ({
  type: 'array',
  items: { type: 'object', required, properties: props },
});
const schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    customers: list(['customer_id'], {
      customer_id: id,
      wallet_currency: { type: 'string', pattern: '^[A-Z]{3}$' },
      status: { type: 'string' },
      awaits_funds: { type: 'boolean' },
    }),
    recipients: list(['recipient_id', 'customer_id'], {
      recipient_id: id,
      customer_id: id,
      currency: { type: 'string' },
      status: { type: 'string' },
    }),
    quotes: list(['quote_id', 'customer_id'], {
      quote_id: id,
      customer_id: id,
      sell_currency: { type: 'string' },
      buy_currency: { type: 'string' },
      status: { type: 'string' },
      expires_at: { type: 'string' },
    }),
    third_parties: list(['customer_id', 'client_customer_ref'], { customer_id: id, client_customer_ref: id }),
    second_client: {
      type: 'object',
      required: ['customers'],
      properties: { customers: list(['customer_id'], { customer_id: id }) },
    },
    webhooks: {
      type: 'object',
      additionalProperties: false,
      properties: {
        listen: { type: 'string' },
        public_url: { type: 'string', pattern: '^https?://' },
        wait_seconds: { type: 'number', minimum: 0 },
        completion_seconds: { type: 'number', minimum: 0 },
        grace_seconds: { type: 'number', minimum: 0 },
        scheme: { enum: WEBHOOK_SCHEME_NAMES },
      },
    },
    driver: { type: 'string', minLength: 1 },
    payloads: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(
        ['createThirdParty', 'updateThirdParty', 'legacyMakePayment', 'confirm_recipient', 'createSession'].map((k) => [
          k,
          {
            type: 'object',
            required: ['body'],
            additionalProperties: false,
            properties: { body: {}, customer_id: id, client_customer_reference: id },
          },
        ]),
      ),
    },
    virtual_accounts: {
      type: 'object',
      additionalProperties: false,
      properties: { wait_seconds: { type: 'number', minimum: 0 } },
    },
    run: runSectionSchema,
  },
};

const validate = new Ajv({ allErrors: false }).compile(schema);

export function parseTargetFile(value: unknown, file: string): TargetFile {
  if (value === null || value === undefined) return {};
  if (!validate(value)) {
    const e = validate.errors![0];
    const extra =
      e.keyword === 'additionalProperties'
        ? ` (${(e.params as { additionalProperty: string }).additionalProperty})`
        : '';
    throw new CbpError('E_CONFIG', `invalid conformance config: ${e.message ?? 'invalid'}${extra}`, {
      file,
      pointer: e.instancePath,
      hint:
        'keys: customers, recipients, quotes, third_parties, ' +
        'second_client, webhooks, driver, payloads, virtual_accounts, run',
    });
  }
  return value as TargetFile;
}

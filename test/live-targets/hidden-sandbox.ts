/**
 * A target that looks like a real provider's sandbox: `cbp mock` behind a proxy that answers
 * 404 on /_sandbox/ (the runner cannot see the control API), prepared by hand through the mock's
 * control API the way a partner prepares their sandbox once (extra recipients, a long-lived
 * quote, an expired token), and the config file a partner would write for it. The driver module
 * (examples/driver/driver.mjs) reaches the control API directly, as a partner's driver reaches
 * their provider's simulation endpoints.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox, type SandboxOptions, type RunningSandbox } from '../../sandbox/index.js';
import { startProxy, type RunningProxy } from '../variants/proxy.js';

export const EXAMPLE_DRIVER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../examples/driver/driver.mjs',
);

export interface HiddenSandbox {
  mock: RunningSandbox;
  proxy: RunningProxy;
  /** The conformance config file's content (as parsed YAML). */
  file: Record<string, unknown>;
  /** The environment of the run (credentials, the expired token, the driver's control URL). */
  env: Record<string, string>;
  /** Subscribes `url` by hand (as a partner does in their provider's dashboard); answers the secret. */
  subscribeByHand(url: string): Promise<string>;
  close(): Promise<void>;
}

export async function startHiddenSandbox(options: SandboxOptions = {}): Promise<HiddenSandbox> {
  const mock = await startSandbox({ port: 0, ...options });
  const proxy = await startProxy(mock.baseUrl, {
    request: (r) =>
      r.path.startsWith('/_sandbox/')
        ? {
            status: 404,
            headers: {},
            body: { errors: [{ rule: 'not-found', pointer: '', message: 'not found', source: '' }] },
          }
        : r,
  });
  const [a, b] = mock.fixtures.clients;
  const token = async () => {
    const res = await fetch(`${mock.authUrl}/auth/oauth/v2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: a.client_id,
        client_secret: a.client_secret,
      }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const control = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${mock.baseUrl}${p}`, {
      method,
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Record<string, string>;
  };
  // A token the target has expired (CBP_EXPIRED_TOKEN): taken, then outlived on the sandbox clock.
  const expired = await token();
  await control('POST', '/_sandbox/clock/advance', { seconds: 3601 });
  const extra = [];
  for (const name of ['Second Recipient Ltd', 'Third Recipient Ltd'])
    extra.push(await control('POST', '/_sandbox/customers/cust-a-1/recipients', { currency: 'GBP', name }));
  const quote = await control('POST', '/_sandbox/customers/cust-a-1/quotes', {
    sell_currency: 'GBP',
    buy_currency: 'EUR',
    expires_in_seconds: 86_400,
  });
  const ids = new Set(a.customers.map((c) => c.customer_id));
  const file = {
    customers: a.customers,
    recipients: [
      ...mock.fixtures.recipients.filter((r) => ids.has(r.customer_id)),
      ...extra.map((r) => ({
        recipient_id: r.recipient_id,
        customer_id: 'cust-a-1',
        currency: 'GBP',
        status: 'active',
      })),
    ],
    quotes: [{ quote_id: quote.quote_id, customer_id: 'cust-a-1', sell_currency: 'GBP', buy_currency: 'EUR' }],
    third_parties: mock.fixtures.third_parties,
    second_client: { customers: b.customers.map((c) => ({ customer_id: c.customer_id })) },
    // What the provider's documentation (not the seed) says these bodies are.
    payloads: {
      createThirdParty: { body: { client_customer_ref: 'buyer-{{unique}}', first_name: 'Ada', last_name: 'Buyer' } },
      updateThirdParty: { body: { client_customer_ref: 'tp-a-1', first_name: 'Ada' } },
      legacyMakePayment: {
        body: {
          purpose_of_transaction: 'PROPERTY_PURCHASE',
          amount: { currency: 'GBP', value: 10 },
          recipient_details: [{ recipient_id: 'rcp-a-1-gbp', amount: { currency: 'GBP', value: 10 } }],
          client_reference_id: 'v2-{{unique}}',
        },
      },
      confirm_recipient: { body: { accept: true } },
    },
    driver: EXAMPLE_DRIVER,
    webhooks: { wait_seconds: 15, grace_seconds: 0.3 },
  };
  const env = {
    CBP_CLIENT_ID: a.client_id,
    CBP_CLIENT_SECRET: a.client_secret,
    CBP_CLIENT_ID_2: b.client_id,
    CBP_CLIENT_SECRET_2: b.client_secret,
    CBP_API_KEY: a.api_key ?? '',
    CBP_EXPIRED_TOKEN: expired,
    CBP_DRIVER_BASE_URL: mock.baseUrl,
  };
  return {
    mock,
    proxy,
    file,
    env,
    subscribeByHand: async (url) => (await control('POST', '/_sandbox/webhook-subscriptions', { url })).secret,
    close: async () => {
      await proxy.close();
      await mock.close();
    },
  };
}

/** The driver module reads its settings from the environment, as a partner's does: set for the test, then restored. */
export function withEnv(env: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

/**
 * Quickstart: against a running `cbp mock`, take a token, create a three-recipient
 * payment with the generated client, drive it to PAYMENT_COMPLETED through the sandbox control
 * API and print the signed webhooks as they arrive.
 *
 *   npx cbp mock                                   # terminal 1
 *   node dist/examples/quickstart/run.js [baseUrl]  # terminal 2 (default http://127.0.0.1:4010)
 *
 * Credentials default to the mock's sandbox-only client and its customer cust-a-1
 * (CBP_CLIENT_ID, CBP_CLIENT_SECRET, CBP_CUSTOMER_ID override them). No secret, token or
 * signature is ever printed.
 */
import { pathToFileURL } from 'node:url';
import { createPaymentsClient } from '../../generated/client.js';
import { startReceiver, type ReceivedWebhook, type WebhookReceiver } from './receiver.js';
import { createSandboxClient, type SandboxClient } from '../../sandbox/control-client.js';

export interface QuickstartOptions {
  /** The mock's base URL, as `cbp mock` prints it. Default http://127.0.0.1:4010. */
  baseUrl?: string;
  /** Default: the sandbox-only fixture client `sandbox-client-a` (sandbox/README.md). */
  clientId?: string;
  clientSecret?: string;
  /** Default cust-a-1 (wallet GBP). */
  customerId?: string;
  /** Where the progress lines go. Default: console.log. */
  log?: (line: string) => void;
  /** How long to wait for PAYMENT_COMPLETED. Default 30 s (enough for `--mode realistic`). */
  timeoutMs?: number;
}

export interface QuickstartResult {
  paymentId: string;
  recipientIds: string[];
  /** The receiver's address (closed by the time the result is returned). */
  webhookUrl: string;
  /** Every webhook delivery received, in arrival order. */
  webhooks: ReceivedWebhook[];
  /** Per recipient, as the webhook kit recorded it. */
  recipientStatuses: Record<string, string>;
}

export async function runQuickstart(options: QuickstartOptions = {}): Promise<QuickstartResult> {
  const baseUrl = (options.baseUrl ?? 'http://127.0.0.1:4010').replace(/\/+$/, '');
  const clientId = options.clientId ?? 'sandbox-client-a';
  const clientSecret = options.clientSecret ?? 'sandbox-secret-a';
  const customerId = options.customerId ?? 'cust-a-1';
  const log = options.log ?? ((line: string) => console.log(line));

  // 1. The generated client: it fetches and refreshes its own token for API calls. The mock
  //    serves the token endpoint ({auth_url}) on the same origin as the API.
  const client = createPaymentsClient({ baseUrl, authUrl: baseUrl, clientId, clientSecret, validateRequests: true });

  // 2. Take a token explicitly too: the /_sandbox/ control API needs the same Bearer token.
  const token = await client.requestAccessToken({
    body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  });
  if (token.apiError?.kind === 'network')
    throw new Error(`cannot reach ${baseUrl}: is \`npx cbp mock\` running? (it prints the base URL to pass)`);
  if (token.apiError) throw new Error(`token request failed: ${token.apiError.message}`);
  log(`token: ${token.data.token_type}, expires in ${token.data.expires_in} s`);
  const sandbox = createSandboxClient({ baseUrl, accessToken: token.data.access_token });

  // 3. A webhook endpoint on this machine, subscribed to this client's payment events.
  const receiver = await startReceiver((d) => log(describe(d)));
  let subscriptionId: string | undefined;
  try {
    const sub = await sandbox.subscribeWebhooks(receiver.url);
    subscriptionId = sub.subscription_id;
    receiver.use(sub.secret);
    log(`webhooks: ${receiver.url} (subscription ${sub.subscription_id})`);

    // 4. Three active recipients in the wallet's currency: no conversion, so no quote_id.
    const { currency, recipientIds } = await pickRecipients(sandbox, customerId, 3);
    const shares = [60.25, 40.15, 20.1];
    const body = {
      purpose_of_transaction: 'BILL_PAYMENTS',
      amount: { currency, value: 120.5 }, // the sum of the shares, checked as decimals by the service
      recipient_details: recipientIds.map((recipient_id, i) => ({
        recipient_id,
        amount: { currency, value: shares[i] },
      })),
    };
    const created = await client.createPayment({ params: { path: { customer_id: customerId } }, body });
    if (created.apiError)
      throw new Error(`createPayment failed: ${created.apiError.message}${detail(created.apiError)}`);
    const paymentId = created.data.payment_id;
    log(
      `payment ${paymentId} created: ${created.data.status}, ` +
        `${currency} ${body.amount.value} to ${recipientIds.join(', ')}`,
    );

    // 5. The customer's funds arrive: the mock walks the state table to PAYMENT_COMPLETED.
    const delivered = await sandbox.deliverFunds(paymentId);
    log(`funds delivered: ${delivered.status}`);
    await receiver.waitFor(
      (d) => d.payment_id === paymentId && d.status === 'PAYMENT_COMPLETED',
      options.timeoutMs ?? 30_000,
    );

    const state = await receiver.payment(paymentId);
    const recipientStatuses = Object.fromEntries(
      Object.entries(state?.recipients ?? {}).map(([id, r]) => [id, r.status]),
    );
    log(
      `done: ${paymentId} ${state?.status}; ${Object.entries(recipientStatuses)
        .map(([id, s]) => `${id} ${s}`)
        .join(', ')}`,
    );
    return { paymentId, recipientIds, webhookUrl: receiver.url, webhooks: [...receiver.deliveries], recipientStatuses };
  } finally {
    // Unsubscribe first so the mock stops sending to a port that is about to close.
    if (subscriptionId) await sandbox.unsubscribeWebhooks(subscriptionId).catch(() => {});
    await receiver.close();
  }
}

/** Fixture recipients first; the sandbox's "Add a recipient" tops up when too few fit. */
async function pickRecipients(sandbox: SandboxClient, customerId: string, count: number) {
  const fixtures = await sandbox.fixtures();
  const customer = fixtures.customers.find((c) => c.customer_id === customerId);
  if (!customer) throw new Error(`customer ${customerId} is not one of this client's customers`);
  const currency = customer.wallet_currency;
  const recipientIds = fixtures.recipients
    .filter((r) => r.customer_id === customerId && r.currency === currency && r.status === 'active')
    .map((r) => r.recipient_id)
    .slice(0, count);
  while (recipientIds.length < count) {
    const added = await sandbox.addRecipient(customerId, {
      currency,
      name: `Quickstart recipient ${recipientIds.length + 1}`,
    });
    recipientIds.push(added.recipient_id);
  }
  return { currency, recipientIds };
}

function describe(d: ReceivedWebhook): string {
  if (!d.verified) return `webhook REFUSED (answer ${d.answer}: signature not valid)`;
  const extra = d.effect && d.effect !== 'applied' ? ` [${d.effect}]` : '';
  return (
    `webhook ${d.event_timestamp}  ${d.status}${d.recipient_id ? `  ${d.recipient_id}` : ''}  ` +
    `(signature ok)${extra}`
  );
}

function detail(e: { kind: string; violations?: Array<{ rule: string; pointer: string }>; body?: unknown }): string {
  if (e.violations) return ` (${e.violations.map((v) => `${v.rule} at ${v.pointer}`).join('; ')})`;
  return e.body === undefined ? '' : ` ${JSON.stringify(e.body)}`;
}

export type { ReceivedWebhook, WebhookReceiver };

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runQuickstart({
    baseUrl: process.argv[2] ?? process.env.CBP_BASE_URL,
    clientId: process.env.CBP_CLIENT_ID,
    clientSecret: process.env.CBP_CLIENT_SECRET,
    customerId: process.env.CBP_CUSTOMER_ID,
  }).then(
    () => void (process.exitCode = 0),
    (err: unknown) => {
      console.error(`quickstart failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    },
  );
}

/**
 * Hosted session quickstart: approach (b) of the seed ("a secure, time-limited session URL for
 * embedding in an app or website") against a running `cbp mock`. With the generated client it
 * looks the order up and follows the session decision rules (seed §Look up sessions by client
 * reference): create (rule 1), reuse before expiry (rule 3), replace after it (rule 4), embeds
 * the session in a partner page on 127.0.0.1, waits for the payer, then tracks the payment by
 * payment_id (rule 2) while it prints the checkout's postMessages and the signed webhooks.
 *
 *   npx cbp mock                                                 # terminal 1
 *   node dist/examples/hosted-session/run.js [baseUrl]           # terminal 2: open the printed page, press Pay
 *   node dist/examples/hosted-session/run.js [baseUrl] --headless  # or let a no-JavaScript payer press it
 *
 * It moves the sandbox clock forward (to expire the first session): use a mock of your own.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { createPaymentsClient } from '../../generated/client.js';
import { startReceiver, type ReceivedWebhook } from '../quickstart/receiver.js';
import { createSandboxClient, type SandboxClient } from '../../sandbox/control-client.js';
import { payWithoutJavaScript } from './headless-payer.js';
import { startPartnerPage, type CheckoutMessage } from './partner-page.js';
import { decideSessionAction, type SessionDecision } from './session-rules.js';

export interface HostedSessionOptions {
  /** Default http://127.0.0.1:4010. */
  baseUrl?: string;
  /** Default: the sandbox-only fixture client `sandbox-client-a` and its customer cust-a-1. */
  clientId?: string;
  clientSecret?: string;
  customerId?: string;
  /** Who presses Pay: 'headless' (a form POST, no browser), a function (e.g. a browser test
   * clicking in the partner page), or undefined: a person, in the page the script prints. */
  payer?: 'headless' | ((partnerPageUrl: string, sessionUrl: string) => Promise<void>);
  log?: (line: string) => void;
  /** How long to wait for the payer and for PAYMENT_COMPLETED. Default 10 minutes. */
  timeoutMs?: number;
}

export interface HostedSessionResult {
  reference: string;
  /** The decision of each lookup, in order. */
  decisions: SessionDecision[];
  /** The expired session, then its replacement (the one paid). */
  sessionIds: string[];
  paymentId: string;
  partnerOrigin: string;
  webhooks: ReceivedWebhook[];
  messages: CheckoutMessage[];
}

export async function runHostedSession(options: HostedSessionOptions = {}): Promise<HostedSessionResult> {
  const baseUrl = (options.baseUrl ?? 'http://127.0.0.1:4010').replace(/\/+$/, '');
  const clientId = options.clientId ?? 'sandbox-client-a';
  const clientSecret = options.clientSecret ?? 'sandbox-secret-a';
  const customerId = options.customerId ?? 'cust-a-1';
  const log = options.log ?? ((line: string) => console.log(line));
  const timeoutMs = options.timeoutMs ?? 600_000;

  const client = createPaymentsClient({ baseUrl, authUrl: baseUrl, clientId, clientSecret, validateRequests: true });
  const token = await client.requestAccessToken({
    body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  });
  if (token.apiError?.kind === 'network')
    throw new Error(`cannot reach ${baseUrl}: is \`npx cbp mock\` running? (it prints the base URL to pass)`);
  if (token.apiError) throw new Error(`token request failed: ${token.apiError.message}`);
  const sandbox = createSandboxClient({ baseUrl, accessToken: token.data.access_token });

  const receiver = await startReceiver((d) => log(describeWebhook(d)));
  const partner = await startPartnerPage((m) =>
    log(`postMessage ${m.type} ${m.status ?? ''} ${m.payment_id ?? ''}`.trimEnd()),
  );
  let subscriptionId: string | undefined;
  try {
    const sub = await sandbox.subscribeWebhooks(receiver.url);
    subscriptionId = sub.subscription_id;
    receiver.use(sub.secret);
    const reference = `order-${randomUUID().slice(0, 8)}`;
    const decisions: SessionDecision[] = [];
    const path = { customer_id: customerId };

    // The rules compare session_expires_at with "now": the sandbox's clock, which this example moves.
    const decide = async (): Promise<SessionDecision> => {
      const found = await client.lookupSessions({ params: { path, query: { client_reference_id: reference } } });
      if (found.apiError) throw new Error(`lookupSessions failed: ${found.apiError.message}`);
      const now = Date.parse((await sandbox.clock()).now);
      const d = decideSessionAction(found.data, now);
      decisions.push(d);
      log(
        `lookup ${reference}: rule ${d.rule ?? '-'}, ${d.action}` +
          `${'sessionId' in d && d.sessionId ? ` ${d.sessionId}` : ''}` +
          `${'paymentId' in d ? ` ${d.paymentId}` : ''}`,
      );
      return d;
    };
    const create = async (): Promise<{ session_id: string; session_url: string; session_expires_at: string }> => {
      const body = sessionRequest(reference, partner.origin, await recipientOf(sandbox, customerId));
      const created = await client.createSession({ params: { path }, body });
      if (created.apiError) throw new Error(`createSession failed: ${created.apiError.message}`);
      // A-SESSION-URL-FIELD: the mock names the URL and expiry fields session_url, session_expires_at.
      const s = created.data as { session_id: string; session_url: string; session_expires_at: string };
      log(`session ${s.session_id} created, expires ${s.session_expires_at}`);
      return s;
    };

    expectAction(await decide(), 'create');
    const first = await create();
    expectAction(await decide(), 'reuse');
    const now = Date.parse((await sandbox.clock()).now);
    await sandbox.advanceClock(Math.ceil((Date.parse(first.session_expires_at) - now) / 1000) + 1);
    log('sandbox clock moved past the expiry of the first session');
    expectAction(await decide(), 'replace');
    const session = await create();

    partner.show(session.session_url);
    const pageUrl = `${partner.origin}/`;
    log(`checkout embedded at ${pageUrl}`);
    if (options.payer === 'headless') await payWithoutJavaScript(session.session_url);
    else if (options.payer) await options.payer(pageUrl, session.session_url);
    else log(`open ${pageUrl} in a browser and press Pay`);

    const paid = await waitForPayment(decide, timeoutMs);
    await receiver.waitFor((d) => d.payment_id === paid.paymentId && d.status === 'AWAITING_FUNDS', 10_000);
    // The payer's bank transfer arriving: the sandbox walks the rest of the payment's states.
    await sandbox.deliverFunds(paid.paymentId);
    await receiver.waitFor((d) => d.payment_id === paid.paymentId && d.status === 'PAYMENT_COMPLETED', timeoutMs);
    if (options.payer !== 'headless') {
      await partner
        .waitFor((m) => m.payment_id === paid.paymentId && m.status === 'PAYMENT_COMPLETED', 15_000)
        .catch(() => log('(the page did not report PAYMENT_COMPLETED: was it closed?)'));
    }
    expectAction(await decide(), 'track-payment');
    log(`done: ${paid.paymentId} PAYMENT_COMPLETED for session ${session.session_id}`);
    return {
      reference,
      decisions,
      sessionIds: [first.session_id, session.session_id],
      paymentId: paid.paymentId,
      partnerOrigin: partner.origin,
      webhooks: [...receiver.deliveries],
      messages: [...partner.messages],
    };
  } finally {
    if (subscriptionId) await sandbox.unsubscribeWebhooks(subscriptionId).catch(() => {});
    await Promise.all([receiver.close(), partner.close()]);
  }
}

/** Rule 2 appears once the payer has paid: until then the session is reused (rule 3). */
async function waitForPayment(
  decide: () => Promise<SessionDecision>,
  timeoutMs: number,
): Promise<{ paymentId: string }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const d = await decide();
    if (d.action === 'track-payment') return { paymentId: d.paymentId };
    if (d.action !== 'reuse') throw new Error(`the session was not paid: ${d.action}`);
    if (Date.now() > until) throw new Error('nobody pressed Pay in time');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

function expectAction(d: SessionDecision, action: SessionDecision['action']): void {
  if (d.action !== action) throw new Error(`expected the lookup to say ${action}, it said ${d.action}`);
}

async function recipientOf(
  sandbox: SandboxClient,
  customerId: string,
): Promise<{ recipient_id: string; currency: string }> {
  const f = await sandbox.fixtures();
  const r = f.recipients.find((x) => x.customer_id === customerId && x.status === 'active');
  if (!r) throw new Error(`no active recipient for ${customerId}`);
  return r;
}

function sessionRequest(reference: string, origin: string, r: { recipient_id: string; currency: string }) {
  const amount = (value: number) => ({ currency: r.currency, value });
  return {
    client_reference_id: reference,
    client_customer_ref: 'tp-a-1',
    amount: amount(1250),
    due_date: '2026-12-31',
    items: [
      { item_name: 'Deposit, flat 4B', item_ref: 'dep-4b', item_type: 'deposit', amount: amount(1200) },
      { item_name: 'Platform fee', item_type: 'platform_fee', amount: amount(50) },
    ],
    recipient_details: [
      {
        recipient_id: r.recipient_id,
        amount: amount(1250),
        purpose_of_transaction: 'PROPERTY_PURCHASE',
        payment_reference: reference,
      },
    ],
    allowed_origins: [origin],
    return_url: `${origin}/done`,
  };
}

function describeWebhook(d: ReceivedWebhook): string {
  if (!d.verified) return `webhook REFUSED (answer ${d.answer}: signature not valid)`;
  return (
    `webhook ${d.event_timestamp}  ${d.status}${d.recipient_id ? `  ${d.recipient_id}` : ''}  session ` +
    `${d.session_id ?? '-'}  (signature ok)`
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  runHostedSession({
    baseUrl: args.find((a) => !a.startsWith('--')) ?? process.env.CBP_BASE_URL,
    clientId: process.env.CBP_CLIENT_ID,
    clientSecret: process.env.CBP_CLIENT_SECRET,
    customerId: process.env.CBP_CUSTOMER_ID,
    payer: args.includes('--headless') ? 'headless' : undefined,
  }).then(
    () => void (process.exitCode = 0),
    (err: unknown) => {
      console.error(`hosted session failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    },
  );
}

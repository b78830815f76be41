/**
 * A typed client for the mock's /_sandbox/ control API (sandbox/README.md, SANDBOX CONTRACT):
 * one method per documented call, its body and answer typed as the contract gives them. The
 * control API is not part of the real service (not in spec/openapi.yaml), so the generated
 * client does not have it; it takes the same Bearer token. A refused call throws a
 * `SandboxError` with the status and the API's `{ errors: [...] }` body, never the token.
 */
import type { PaymentEvent } from './types.js';

export interface SandboxFixtures {
  customers: Array<{ customer_id: string; wallet_currency: string; status: string }>;
  recipients: Array<{ recipient_id: string; customer_id: string; currency: string; status: string; name: string }>;
  quotes: Array<{
    quote_id: string;
    customer_id: string;
    sell_currency: string;
    buy_currency: string;
    status: string;
    expires_at: string;
  }>;
  third_parties: Array<{ customer_id: string; client_customer_ref: string }>;
}

export type SandboxQuote = SandboxFixtures['quotes'][number];
export type SandboxRecipient = SandboxFixtures['recipients'][number];

export interface SandboxSubscription {
  subscription_id: string;
  url: string;
  status: 'active' | 'disabled';
  disabled_at?: string;
  disabled_reason?: string;
}

/** The answer of a subscription: the only time the `whsec_` secret is shown. */
export interface SandboxSubscriptionCreated {
  subscription_id: string;
  url: string;
  secret: string;
}

/** Where a payment stands after a control call (deliver-funds, cancel, bounce-back, hold, release). */
export interface SandboxPaymentState {
  payment_id: string;
  status: string;
  held: boolean;
}

export interface SandboxSessionStatus {
  session_id: string;
  status: string;
  payment_id?: string;
  line: string;
  session_expires_at: string;
}

export interface SandboxRuleError {
  rule: string;
  pointer: string;
  message: string;
  source?: string;
}

export class SandboxError extends Error {
  readonly status: number;
  /** The API's error list, when the answer had one. */
  readonly errors: SandboxRuleError[];
  constructor(method: string, path: string, status: number, text: string) {
    super(`${method} /_sandbox${path} answered ${status}: ${text.slice(0, 500)}`);
    this.name = 'SandboxError';
    this.status = status;
    let errors: SandboxRuleError[] = [];
    try {
      const body = JSON.parse(text) as { errors?: unknown };
      if (Array.isArray(body.errors)) errors = body.errors as SandboxRuleError[];
    } catch {
      /* not JSON */
    }
    this.errors = errors;
  }
}

export interface SandboxClientOptions {
  /** The mock's base URL (what `cbp mock` prints). */
  baseUrl: string;
  /** A Bearer token of the client whose sandbox to drive (tenant-scoped). */
  accessToken: string;
  /** Default: globalThis.fetch. */
  fetch?: typeof globalThis.fetch;
}

export interface SandboxClient {
  fixtures(): Promise<SandboxFixtures>;
  /** Stands in for the service's "Create a quote". */
  createQuote(
    customerId: string,
    body: { sell_currency: string; buy_currency: string; expires_in_seconds?: number },
  ): Promise<SandboxQuote>;
  /** Stands in for the service's "Add a recipient". */
  addRecipient(
    customerId: string,
    body: { currency: string; name: string; status?: 'active' | 'inactive' },
  ): Promise<SandboxRecipient>;
  subscribeWebhooks(url: string): Promise<SandboxSubscriptionCreated>;
  webhookSubscriptions(): Promise<{ subscriptions: SandboxSubscription[] }>;
  unsubscribeWebhooks(subscriptionId: string): Promise<void>;
  deliverFunds(paymentId: string): Promise<SandboxPaymentState>;
  cancelPayment(paymentId: string): Promise<SandboxPaymentState>;
  bounceBack(paymentId: string): Promise<SandboxPaymentState>;
  holdPayment(paymentId: string): Promise<SandboxPaymentState>;
  releasePayment(paymentId: string): Promise<SandboxPaymentState>;
  /** The next createPayment naming this recipient fails the name check (CoP/VoP). */
  failNameCheck(recipientId: string): Promise<unknown>;
  /** The customer's next payment emits this first status (one of the state table's initial ones). */
  nextPayment(customerId: string, firstStatus: string): Promise<{ customer_id: string; first_status: string }>;
  /** The payer completed the hosted page. */
  paySession(sessionId: string): Promise<{ payment_id: string; session_id: string; status: string }>;
  sessionStatus(sessionId: string): Promise<SandboxSessionStatus>;
  /** Moves the calling client's clock only. */
  advanceClock(seconds: number): Promise<{ now: string }>;
  clock(): Promise<{ now: string }>;
  paymentEvents(paymentId: string): Promise<{ payment_id: string; events: PaymentEvent[] }>;
}

export function createSandboxClient(options: SandboxClientOptions): SandboxClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetcher = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetcher(`${baseUrl}/_sandbox${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new SandboxError(method, path, response.status, text);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  };
  const id = encodeURIComponent;
  return {
    fixtures: () => call('GET', '/fixtures'),
    createQuote: (customerId, body) => call('POST', `/customers/${id(customerId)}/quotes`, body),
    addRecipient: (customerId, body) => call('POST', `/customers/${id(customerId)}/recipients`, body),
    subscribeWebhooks: (url) => call('POST', '/webhook-subscriptions', { url }),
    webhookSubscriptions: () => call('GET', '/webhook-subscriptions'),
    unsubscribeWebhooks: async (subscriptionId) =>
      void (await call('DELETE', `/webhook-subscriptions/${id(subscriptionId)}`)),
    deliverFunds: (paymentId) => call('POST', `/payments/${id(paymentId)}/deliver-funds`),
    cancelPayment: (paymentId) => call('POST', `/payments/${id(paymentId)}/cancel`),
    bounceBack: (paymentId) => call('POST', `/payments/${id(paymentId)}/bounce-back`),
    holdPayment: (paymentId) => call('POST', `/payments/${id(paymentId)}/hold`),
    releasePayment: (paymentId) => call('POST', `/payments/${id(paymentId)}/release`),
    failNameCheck: (recipientId) => call('POST', `/recipients/${id(recipientId)}/fail-name-check`),
    nextPayment: (customerId, firstStatus) =>
      call('POST', `/customers/${id(customerId)}/next-payment`, { first_status: firstStatus }),
    paySession: (sessionId) => call('POST', `/sessions/${id(sessionId)}/pay`),
    sessionStatus: (sessionId) => call('GET', `/hosted/${id(sessionId)}/status`),
    advanceClock: (seconds) => call('POST', '/clock/advance', { seconds }),
    clock: () => call('GET', '/clock'),
    paymentEvents: (paymentId) => call('GET', `/payments/${id(paymentId)}/events`),
  };
}

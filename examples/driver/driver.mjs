// A conformance driver written the way a partner writes one for their provider's sandbox: a
// plain ES module talking to the sandbox's own control endpoints with its own credentials. This
// one drives `cbp mock` through its control API (sandbox/README.md, SANDBOX CONTRACT) with the
// toolkit's typed client for it, `createSandboxClient` (one method per control call, its answer
// typed, a refused call thrown as a `SandboxError` with the status and the rule errors). For a
// real provider, replace each call with the provider's sandbox simulation endpoint (or a click in
// its test dashboard) and drop the methods it does not offer: the run then skips exactly the
// cases that need them, naming them.
//
//   CBP_DRIVER_BASE_URL   where the control endpoints answer (default: the run's --base-url, which
//                         connect() is told; set it when they live elsewhere, as here behind a proxy)
//   CBP_DRIVER_AUTH_URL   its token endpoint's origin (default: CBP_DRIVER_BASE_URL, else the run's --auth-url)
//   CBP_CLIENT_ID, CBP_CLIENT_SECRET   the same client credentials the run uses
//
// Use: cbp conformance --base-url URL --config conformance.yaml --driver examples/driver/driver.mjs

import { createSandboxClient, SandboxError } from 'cross-border-payments-toolkit';

/** Where the run goes, as connect() was told. */
let target;
const base = () =>
  (process.env.CBP_DRIVER_BASE_URL || target?.baseUrl || required('CBP_DRIVER_BASE_URL')).replace(/\/+$/, '');
const authBase = () =>
  (process.env.CBP_DRIVER_AUTH_URL || (process.env.CBP_DRIVER_BASE_URL ? base() : target?.authUrl) || base()).replace(
    /\/+$/,
    '',
  );

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (see examples/driver/README.md)`);
  return value;
}

/** The typed control client, on the driver's current token (replaced after a 401). */
let sandbox;

async function accessToken() {
  const res = await fetch(`${authBase()}/auth/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: required('CBP_CLIENT_ID'),
      client_secret: required('CBP_CLIENT_SECRET'),
    }),
  });
  if (!res.ok) throw new Error(`token request answered ${res.status}`);
  return res.json();
}

/**
 * One control call on the typed client; a 401 (the token expired, e.g. after the clock moved) is
 * retried once with a client on a new token.
 * @template T
 * @param {(client: import('cross-border-payments-toolkit').SandboxClient) => Promise<T>} call
 * @returns {Promise<T>}
 */
async function control(call) {
  for (const renew of [false, true]) {
    if (!sandbox || renew)
      sandbox = createSandboxClient({ baseUrl: base(), accessToken: (await accessToken()).access_token });
    try {
      return await call(sandbox);
    } catch (error) {
      if (error instanceof SandboxError && error.status === 401 && !renew) continue;
      // A 409: the payment is not in a state this action applies to (e.g. a funded wallet paid it
      // at once, so it never awaited funds). The typed answer NotPossible skips the case with this reason.
      if (error instanceof SandboxError && error.status === 409)
        throw Object.assign(new Error(`not possible for this payment (${error.message})`), { name: 'NotPossible' });
      throw error;
    }
  }
}

const subscriptions = [];

/** @type {import('cross-border-payments-toolkit').ConformanceDriver} */
export default {
  name: 'example partner driver (cbp mock control API)',

  /** Called first: the run's base and auth URLs (here only a default for the control URLs). */
  async connect({ baseUrl, authUrl }) {
    target = { baseUrl, authUrl };
    // A new run may go elsewhere: the next control call takes a new token and client.
    sandbox = undefined;
  },

  async subscribeWebhooks({ url }) {
    const sub = await control((sandbox) => sandbox.subscribeWebhooks(url));
    subscriptions.push(sub.subscription_id);
    return { secret: sub.secret };
  },

  async deliverFunds({ paymentId }) {
    await control((sandbox) => sandbox.deliverFunds(paymentId));
  },

  async cancelPayment({ paymentId }) {
    await control((sandbox) => sandbox.cancelPayment(paymentId));
  },

  async payHostedSession({ sessionId }) {
    const paid = await control((sandbox) => sandbox.paySession(sessionId));
    return { paymentId: paid.payment_id };
  },

  async expireSession({ expiresAt }) {
    const { now } = await control((sandbox) => sandbox.clock());
    const seconds = Math.max(1, Math.ceil((Date.parse(expiresAt ?? now) - Date.parse(now)) / 1000) + 1);
    const moved = await control((sandbox) => sandbox.advanceClock(seconds));
    return { now: moved.now };
  },

  async recipientFailingNameCheck({ customerId, currency }) {
    const r = await control((sandbox) =>
      sandbox.addRecipient(customerId, { currency: currency ?? 'GBP', name: 'Name Check Fails' }),
    );
    await control((sandbox) => sandbox.failNameCheck(r.recipient_id));
    return r.recipient_id;
  },

  /** A fresh quote per conversion request: real quotes expire in minutes and may be single-use. */
  async createQuote({ customerId, sell, buy }) {
    const q = await control((sandbox) => sandbox.createQuote(customerId, { sell_currency: sell, buy_currency: buy }));
    return { quoteId: q.quote_id };
  },

  /** A token the sandbox has expired: taken, then outlived on its clock (a provider may offer a revoke endpoint
   * instead). */
  async expiredToken() {
    const { access_token, expires_in } = await accessToken();
    await control((sandbox) => sandbox.advanceClock(expires_in + 1));
    return access_token;
  },

  async close() {
    for (const id of subscriptions.splice(0))
      await control((sandbox) => sandbox.unsubscribeWebhooks(id)).catch(() => undefined);
  },
};

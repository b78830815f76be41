// A conformance driver written the way a partner writes one for their provider's sandbox: a
// plain ES module, no dependency on this package at run time, talking to the sandbox's own
// control endpoints with its own credentials. This one drives `cbp mock` through its control
// API (sandbox/README.md, SANDBOX CONTRACT); for a real provider, replace each call with the
// provider's sandbox simulation endpoint (or a click in its test dashboard) and drop the
// methods it does not offer: the run then skips exactly the cases that need them, naming them.
//
//   CBP_DRIVER_BASE_URL   where the control endpoints answer (default: the run's --base-url, which
//                         connect() is told; set it when they live elsewhere, as here behind a proxy)
//   CBP_DRIVER_AUTH_URL   its token endpoint's origin (default: CBP_DRIVER_BASE_URL, else the run's --auth-url)
//   CBP_CLIENT_ID, CBP_CLIENT_SECRET   the same client credentials the run uses
//
// Use: cbp conformance --base-url URL --config conformance.yaml --driver examples/driver/driver.mjs

/** Where the run goes, as connect() was told. */
let target;
const base = () => (process.env.CBP_DRIVER_BASE_URL || target?.baseUrl || required('CBP_DRIVER_BASE_URL')).replace(/\/+$/, '');
const authBase = () => (process.env.CBP_DRIVER_AUTH_URL || (process.env.CBP_DRIVER_BASE_URL ? base() : target?.authUrl) || base()).replace(/\/+$/, '');

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (see examples/driver/README.md)`);
  return value;
}

let token;

async function accessToken(renew = false) {
  if (token && !renew) return token;
  const res = await fetch(`${authBase()}/auth/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: required('CBP_CLIENT_ID'), client_secret: required('CBP_CLIENT_SECRET') }),
  });
  if (!res.ok) throw new Error(`token request answered ${res.status}`);
  token = (await res.json()).access_token;
  return token;
}

/** One control call; a 401 (the token expired, e.g. after the clock moved) is retried once with a new token. */
async function control(method, path, body) {
  for (const renew of [false, true]) {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: { authorization: `Bearer ${await accessToken(renew)}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 401 && !renew) continue;
    const text = await res.text();
    // A 409: the payment is not in a state this action applies to (e.g. a funded wallet paid it at
    // once, so it never awaited funds). The typed answer NotPossible skips the case with this reason.
    if (res.status === 409) throw Object.assign(new Error(`${method} ${path}: not possible for this payment (${text.slice(0, 200)})`), { name: 'NotPossible' });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : undefined;
  }
}

const enc = encodeURIComponent;
const subscriptions = [];

/** @type {import('cross-border-payments-toolkit').ConformanceDriver} */
export default {
  name: 'example partner driver (cbp mock control API)',

  /** Called first: the run's base and auth URLs (here only a default for the control URLs). */
  async connect({ baseUrl, authUrl }) {
    target = { baseUrl, authUrl };
  },

  async subscribeWebhooks({ url }) {
    const sub = await control('POST', '/_sandbox/webhook-subscriptions', { url });
    subscriptions.push(sub.subscription_id);
    return { secret: sub.secret };
  },

  async deliverFunds({ paymentId }) {
    await control('POST', `/_sandbox/payments/${enc(paymentId)}/deliver-funds`, {});
  },

  async cancelPayment({ paymentId }) {
    await control('POST', `/_sandbox/payments/${enc(paymentId)}/cancel`, {});
  },

  async payHostedSession({ sessionId }) {
    const paid = await control('POST', `/_sandbox/sessions/${enc(sessionId)}/pay`, {});
    return { paymentId: paid.payment_id };
  },

  async expireSession({ expiresAt }) {
    const { now } = await control('GET', '/_sandbox/clock');
    const seconds = Math.max(1, Math.ceil((Date.parse(expiresAt ?? now) - Date.parse(now)) / 1000) + 1);
    const moved = await control('POST', '/_sandbox/clock/advance', { seconds });
    return { now: moved.now };
  },

  async recipientFailingNameCheck({ customerId, currency }) {
    const r = await control('POST', `/_sandbox/customers/${enc(customerId)}/recipients`, { currency: currency ?? 'GBP', name: 'Name Check Fails' });
    await control('POST', `/_sandbox/recipients/${enc(r.recipient_id)}/fail-name-check`, {});
    return r.recipient_id;
  },

  /** A fresh quote per conversion request: real quotes expire in minutes and may be single-use. */
  async createQuote({ customerId, sell, buy }) {
    const q = await control('POST', `/_sandbox/customers/${enc(customerId)}/quotes`, { sell_currency: sell, buy_currency: buy });
    return { quoteId: q.quote_id };
  },

  /** A token the sandbox has expired: taken, then outlived on its clock (a provider may offer a revoke endpoint instead). */
  async expiredToken() {
    const res = await fetch(`${authBase()}/auth/oauth/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: required('CBP_CLIENT_ID'), client_secret: required('CBP_CLIENT_SECRET') }),
    });
    if (!res.ok) throw new Error(`token request answered ${res.status}`);
    const { access_token, expires_in } = await res.json();
    await control('POST', '/_sandbox/clock/advance', { seconds: expires_in + 1 });
    return access_token;
  },

  async close() {
    for (const id of subscriptions.splice(0)) await control('DELETE', `/_sandbox/webhook-subscriptions/${enc(id)}`).catch(() => undefined);
  },
};

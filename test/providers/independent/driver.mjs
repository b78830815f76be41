// A conformance driver as a partner writes it for their provider's sandbox: a plain ES module
// with no dependency on the toolkit, calling the provider's own simulation endpoints
// (`/simulate/...`) and its public "Create a webhook" / "Unsubscribe" / "Create a quote"
// operations, with its own token. Passed to the runner with `--driver` (or `driver:` in the config).
//
//   IND_PROVIDER_BASE_URL   the provider's API origin (the same as --base-url)
//   IND_PROVIDER_AUTH_URL   its authorization server's origin (default: the API origin)
//   CBP_CLIENT_ID, CBP_CLIENT_SECRET   the client credentials the run uses
//
// A private CA: start the runner with NODE_EXTRA_CA_CERTS=ca.pem; fetch() here trusts it too.

const trim = (u) => u.replace(/\/+$/, '');
const base = () => trim(required('IND_PROVIDER_BASE_URL'));
const authBase = () => trim(process.env.IND_PROVIDER_AUTH_URL || base());

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

let token;

async function accessToken(renew) {
  if (token && !renew) return token;
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
  token = (await res.json()).access_token;
  return token;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One call: a 401 renews the token once, a 429 waits Retry-After (the provider rate-limits its sandbox too). */
async function call(method, path, body) {
  let renewed = false;
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: { authorization: `Bearer ${await accessToken(false)}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status === 401 && !renewed) {
      renewed = true;
      await accessToken(true);
      continue;
    }
    if (res.status === 429) {
      await sleep(Math.max(1, Number(res.headers.get('retry-after')) || 1) * 1000);
      continue;
    }
    const json = text ? JSON.parse(text) : undefined;
    if (!res.ok) {
      // The provider's error code: `error.code`, or `code` in its RFC 9457 problem details.
      const code = json?.error?.code ?? json?.code;
      const err = new Error(`${method} ${path} answered ${res.status}: ${code ?? text.slice(0, 200)}`);
      err.code = code;
      throw err;
    }
    return json;
  }
  throw new Error(`${method} ${path}: still rate-limited after 20 attempts`);
}

const enc = encodeURIComponent;
const hooks = [];

/** @type {import('cross-border-payments-toolkit').ConformanceDriver} */
export default {
  name: 'independent provider (simulation endpoints)',

  async subscribeWebhooks({ url }) {
    const hook = await call('POST', '/v1/webhooks', { url });
    hooks.push(hook.webhook_id);
    return { secret: hook.secret };
  },

  async deliverFunds({ paymentId }) {
    try {
      await call('POST', `/simulate/payments/${enc(paymentId)}/fund`, {});
    } catch (err) {
      // A payment from a funded wallet never waits for funds: nothing to deliver.
      if (err.code !== 'PAYMENT_NOT_AWAITING_FUNDS') throw err;
    }
  },

  async cancelPayment({ paymentId }) {
    try {
      await call('POST', `/simulate/payments/${enc(paymentId)}/cancel`, {});
    } catch (err) {
      if (err.code !== 'PAYMENT_NOT_CANCELLABLE') throw err;
      // The runner's typed "not possible for this payment" answer: any Error named NotPossible
      // (this module imports nothing from the toolkit), so the case is skipped with this reason.
      const notPossible = new Error(`payment ${paymentId} cannot be cancelled (a funded wallet pays at once)`);
      notPossible.name = 'NotPossible';
      throw notPossible;
    }
  },

  async payHostedSession({ sessionId }) {
    const done = await call('POST', `/simulate/sessions/${enc(sessionId)}/complete`, {});
    return { paymentId: done.payment_id };
  },

  async expireSession({ sessionId }) {
    const moved = await call('POST', `/simulate/sessions/${enc(sessionId)}/expire`, {});
    return { now: moved.now };
  },

  async recipientFailingNameCheck({ customerId, currency }) {
    const r = await call('POST', `/simulate/customers/${enc(customerId)}/recipients`, {
      currency: currency ?? 'GBP',
      name: 'Mismatched Payee Ltd',
      name_check: 'NO_MATCH',
    });
    return r.recipient_id;
  },

  async createRecipient({ customerId, currency }) {
    return (await call('POST', `/simulate/customers/${enc(customerId)}/recipients`, { currency })).recipient_id;
  },

  async createQuote({ customerId, sell, buy }) {
    const q = await call('POST', `/v1/customers/${enc(customerId)}/quotes`, { sell_currency: sell, buy_currency: buy });
    return { quoteId: q.quote_id };
  },

  async close() {
    for (const id of hooks.splice(0)) await call('DELETE', `/v1/webhooks/${enc(id)}`).catch(() => undefined);
  },
};

/**
 * The provider's own signature scheme (`X-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`),
 * verified the way its documentation says; a partner whose provider signs so adds it to the
 * driver as `verifyWebhook` (harness.ts does, for the `signature: 'own'` behaviour).
 */
export async function verifyWebhook({ headers, rawBody, secret }) {
  const { createHmac, timingSafeEqual } = await import('node:crypto');
  const header = headers['x-signature'];
  if (!header) return 'no X-Signature header';
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=')));
  if (!parts.t || !parts.v1) return `X-Signature ${JSON.stringify(header)} lacks t= or v1=`;
  const want = createHmac('sha256', secret).update(`${parts.t}.`).update(rawBody).digest();
  const got = Buffer.from(parts.v1, 'hex');
  return got.length === want.length && timingSafeEqual(got, want) ? true : 'v1 does not match the HMAC of t.body';
}

/** Not part of the driver contract: an expired token of the primary client, for CBP_EXPIRED_TOKEN. */
export async function expiredToken() {
  return (await call('POST', '/simulate/tokens/expired', {})).access_token;
}

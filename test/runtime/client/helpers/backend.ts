/**
 * A backend built from the GENERATED router for our spec: a handler for every operation (the
 * token endpoint included), an authenticator accepting issued tokens and one API key, a
 * recorder of every request, and fault injection (status answers, network errors) per route.
 */
import type { Generated } from './generated.js';

export const CLIENT_ID = 'partner-client-id';
export const CLIENT_SECRET = 'sEcReT-client-secret-7731';
export const API_KEY = 'apikey-VALUE-5521-do-not-log';
export const CUSTOMER = 'cust-42';

export interface Recorded {
  method: string;
  host: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export type Fault = { status: number; headers?: Record<string, string> } | 'network';

export interface Backend {
  /** `fetch` for the client: calls router.handle in-process (after faults and recording). */
  fetch: (request: Request) => Promise<Response>;
  /** The same, without faults/recording: for mounting behind node:http. */
  router: { handle: (r: never) => Promise<unknown>; bodyLimit: number };
  recorded: Recorded[];
  /** Requests to a path (no query), in order. */
  to(path: string): Recorded[];
  tokenRequests(): Recorded[];
  /** Tokens the authenticator accepts; tests revoke them to force a 401. */
  validTokens: Set<string>;
  issued: string[];
  /** expires_in of the next issued tokens. */
  expiresIn: number;
  /** Faults answered (in order) to requests of `METHOD path` before the router sees them. */
  faults: Map<string, Fault[]>;
  /** What each handler received, by operation id. */
  received: Map<string, unknown[]>;
  handlerErrors: unknown[];
}

type Handlers = Record<
  string,
  (req: {
    params: Record<string, unknown>;
    query: Record<string, unknown>;
    body: unknown;
    operationId: string;
  }) => unknown
>;

const payment = (body: { amount: unknown; recipient_details: unknown[] }) => ({
  payment_id: 'pay-1',
  instruction_number: 'INS-1',
  amount: body.amount,
  recipient_details: body.recipient_details,
  status: 'AWAITING_FUNDS',
  created_datetime: '2026-01-01T00:00:00Z',
});

export async function createBackend(
  generated: Generated,
  routerOptions: Record<string, unknown> = {},
): Promise<Backend> {
  const server = await generated.load<{
    createRouter: (o: unknown) => Backend['router'];
    createAuthenticator: (c: unknown) => unknown;
  }>('server.ts');
  const fetchMod = await generated.load<{ toFetchHandler: (r: unknown) => (q: Request) => Promise<Response> }>(
    'runtime/server/fetch.ts',
  );
  const backend = {
    recorded: [] as Recorded[],
    validTokens: new Set<string>(),
    issued: [] as string[],
    expiresIn: 3600,
    faults: new Map<string, Fault[]>(),
    received: new Map<string, unknown[]>(),
    handlerErrors: [] as unknown[],
  } as Backend;

  const handlers: Handlers = {
    requestAccessToken: ({ body }) => {
      const form = body as Record<string, string>;
      if (
        form.client_id !== CLIENT_ID ||
        form.client_secret !== CLIENT_SECRET ||
        form.grant_type !== 'client_credentials'
      ) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'client authentication failed' } };
      }
      const token = `tok-${backend.issued.length + 1}-${'x'.repeat(8)}`;
      backend.issued.push(token);
      backend.validTokens.add(token);
      return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: backend.expiresIn } };
    },
    getVirtualAccount: ({ query }) => ({ status: 200, body: { unique_identifier: query['unique-ref'] } }),
    requestVirtualAccount: () => ({ status: 200, body: { unique_identifier: 'va-1' } }),
    createPayment: ({ body }) => ({ status: 201, body: payment(body as never) }),
    lookupSessions: () => ({
      status: 200,
      body: {
        sessions: [
          {
            session_id: 's-1',
            has_payment: false,
            latest_status: 'SESSION_CREATED',
            session_expires_at: '2099-01-01T00:00:00Z',
          },
        ],
      },
    }),
    createSession: () => ({ status: 201, body: { session_id: 's-1', session_url: 'https://hosted.test.invalid/s-1' } }),
    createThirdParty: ({ body }) => ({ status: 201, body }),
    getThirdParty: ({ params }) => ({ status: 200, body: { client_customer_ref: params.client_customer_reference } }),
    updateThirdParty: ({ body }) => ({ status: 200, body }),
    legacyMakePayment: ({ body }) => ({ status: 200, body }),
    legacyReviewPayments: () => ({ status: 200, body: [] }),
    legacyViewPayment: ({ params }) => ({ status: 200, body: { payment_id: params.payment_id } }),
  };
  const recordingHandlers: Handlers = {};
  for (const [id, fn] of Object.entries(handlers)) {
    recordingHandlers[id] = (req) => {
      backend.received.set(id, [
        ...(backend.received.get(id) ?? []),
        { params: req.params, query: req.query, body: req.body },
      ]);
      return fn(req);
    };
  }
  const authenticate = server.createAuthenticator({
    bearer: (token: string) => (backend.validTokens.has(token) ? { token } : undefined),
    apiKey: (key: string) => (key === API_KEY ? { partner: 'p1' } : undefined),
  });
  backend.router = server.createRouter({
    handlers: recordingHandlers,
    authenticate,
    validateResponses: true,
    onError: (e: unknown) => backend.handlerErrors.push(e),
    ...routerOptions,
  });
  const handle = fetchMod.toFetchHandler(backend.router);

  backend.fetch = async (request) => {
    const url = new URL(request.url);
    const body = request.body ? await request.clone().text() : '';
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      headers[k] = v;
    });
    backend.recorded.push({ method: request.method, host: url.host, path: url.pathname, headers, body });
    const queue = backend.faults.get(`${request.method} ${url.pathname}`);
    const fault = queue?.shift();
    if (fault === 'network') throw new TypeError('fetch failed');
    if (fault)
      return new Response(JSON.stringify({ errors: [] }), {
        status: fault.status,
        headers: { 'content-type': 'application/json', ...fault.headers },
      });
    return handle(request);
  };
  backend.to = (path) => backend.recorded.filter((r) => r.path === path);
  backend.tokenRequests = () => backend.to('/auth/oauth/v2/token');
  return backend;
}

/** A valid request for every operation of our spec, and what the handler answers. */
export const SAMPLE_CALLS: Record<string, { init: Record<string, unknown>; expect: (data: unknown) => unknown }> = {
  requestAccessToken: {
    init: { body: { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET } },
    expect: (d) => (d as { token_type: string }).token_type,
  },
  getVirtualAccount: {
    init: { params: { path: { customer_id: CUSTOMER }, query: { 'unique-ref': 'va-9' } } },
    expect: (d) => (d as { unique_identifier: string }).unique_identifier,
  },
  requestVirtualAccount: {
    init: { params: { path: { customer_id: CUSTOMER } }, body: { currency: 'EUR', vban_country: 'DEU' } },
    expect: (d) => (d as { unique_identifier: string }).unique_identifier,
  },
  createPayment: {
    init: {
      params: { path: { customer_id: CUSTOMER } },
      body: {
        purpose_of_transaction: 'PROPERTY_PURCHASE',
        amount: { currency: 'EUR', value: 0.3 },
        recipient_details: [
          { amount: { currency: 'EUR', value: 0.1 }, recipient_id: 'r-1' },
          { amount: { currency: 'EUR', value: 0.2 }, recipient_id: 'r-2' },
        ],
        is_third_party_payment: false,
      },
    },
    expect: (d) => (d as { status: string }).status,
  },
  lookupSessions: {
    init: { params: { path: { customer_id: CUSTOMER }, query: { client_reference_id: 'ref-1' } } },
    expect: (d) => (d as { sessions: unknown[] }).sessions.length,
  },
  createSession: {
    init: {
      params: { path: { customer_id: CUSTOMER } },
      body: { client_reference_id: 'ref-1', amount: { currency: 'GBP', value: 10 }, due_date: '2026-12-01' },
    },
    expect: (d) => (d as { session_id: string }).session_id,
  },
  createThirdParty: {
    init: { params: { path: { customer_id: CUSTOMER } }, body: { client_customer_ref: 'tp-1', name: 'Buyer' } },
    expect: (d) => (d as { name: string }).name,
  },
  getThirdParty: {
    init: { params: { path: { customer_id: CUSTOMER, client_customer_reference: 'tp 1/ü' } } },
    expect: (d) => (d as { client_customer_ref: string }).client_customer_ref,
  },
  updateThirdParty: {
    init: { params: { path: { customer_id: CUSTOMER, client_customer_reference: 'tp-1' } }, body: { name: 'Renamed' } },
    expect: (d) => (d as { name: string }).name,
  },
  legacyMakePayment: {
    init: { params: { path: { customer_id: CUSTOMER } }, body: { legacy: true } },
    expect: (d) => (d as { legacy: boolean }).legacy,
  },
  legacyReviewPayments: {
    init: { params: { path: { customer_id: CUSTOMER } } },
    expect: (d) => (d as unknown[]).length,
  },
  legacyViewPayment: {
    init: { params: { path: { customer_id: CUSTOMER, payment_id: 'pay-7' } } },
    expect: (d) => (d as { payment_id: string }).payment_id,
  },
};

export const SAMPLE_RESULTS: Record<string, unknown> = {
  requestAccessToken: 'bearer',
  getVirtualAccount: 'va-9',
  requestVirtualAccount: 'va-1',
  createPayment: 'AWAITING_FUNDS',
  lookupSessions: 1,
  createSession: 's-1',
  createThirdParty: 'Buyer',
  getThirdParty: 'tp 1/ü',
  updateThirdParty: 'Renamed',
  legacyMakePayment: true,
  legacyReviewPayments: 0,
  legacyViewPayment: 'pay-7',
};

/**
 * startSandbox: the embedded sandbox of the whole service. Library first: `cbp mock`, the
 * tests and the conformance runner all call this.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StateTable } from '../kits/payments/state-table/index.js';
import { CbpError } from '../lib/errors.js';
import { createTenantClocks, type SandboxClock } from './clock.js';
import type { RuleContext } from 'cross-border-payments-runtime/client';
import type { SandboxContext } from './context.js';
import { SANDBOX_CLIENTS } from './fixtures.js';
import { createApiHandlers } from './handlers/index.js';
import { createApiRouter } from './http/generated-router.js';
import { createRequestLog } from './http/request-log.js';
import { createFront, currentRequest } from './http/server.js';
import { LifecycleEngine } from './lifecycle.js';
import { resolveSandboxOptions, type SandboxOptions } from './options.js';
import { storeRuleContext } from './rule-context.js';
import { createSandboxRoutes } from './control-api/index.js';
import { builtInStateTable, resolveStateTable } from './state-table.js';
import { SandboxStore } from './store.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { createTargetPolicy } from './webhooks/target-policy.js';

export interface RunningSandboxFixtures {
  clients: Array<{
    client_id: string;
    client_secret: string;
    api_key?: string;
    customers: Array<{ customer_id: string; wallet_currency: string; status: string }>;
  }>;
  recipients: Array<{ recipient_id: string; customer_id: string; currency: string; status: string; name: string }>;
  quotes: Array<{
    quote_id: string;
    customer_id: string;
    sell_currency: string;
    buy_currency: string;
    expires_at: string;
  }>;
  third_parties: Array<{ customer_id: string; client_customer_ref: string }>;
}

export interface RunningSandbox {
  /** http://host:port of the API (no trailing slash). */
  baseUrl: string;
  /** Origin of the token endpoint: baseUrl unless authPort was given. */
  authUrl: string;
  /** Full token endpoint URL. */
  tokenUrl: string;
  fixtures: RunningSandboxFixtures;
  /** Every tenant's clock at once (tests); a tenant moves its own with /_sandbox/clock/advance. */
  clock: SandboxClock;
  store: SandboxStore;
  webhooks: WebhookDispatcher;
  options: ReturnType<typeof resolveSandboxOptions>;
  /** Stops the servers, timers and pending webhook retries. */
  close(): Promise<void>;
}

/** The mock without its servers: state, clock, lifecycle, webhooks (tests drive handlers directly).
 * `table`: an already loaded state table (startSandbox loads `options.stateTable` for you). */
export function createSandboxContext(options: SandboxOptions = {}, table?: StateTable): SandboxContext {
  const opts = resolveSandboxOptions(options);
  if (!table && opts.stateTable !== undefined) {
    throw new CbpError('E_USAGE', 'createSandboxContext: a stateTable path is loaded asynchronously', {
      hint: 'use startSandbox, or pass the table loaded with loadStateTable() as the second argument',
    });
  }
  table ??= builtInStateTable();
  const clocks = createTenantClocks();
  const store = new SandboxStore(clocks);
  const log = createRequestLog(opts.log);
  const webhooks = new WebhookDispatcher({
    retry: opts.retry,
    chaos: opts.chaos,
    scheme: opts.webhookScheme,
    targets: createTargetPolicy(opts.allowWebhookTargets),
    onDisabled: (sub) => log?.subscriptionDisabled(sub),
  });
  const lifecycle = new LifecycleEngine(
    table,
    store,
    (payment, event) => {
      if (store.subscriptions.size === 0) return;
      const clientId = store.clientOfPayment(payment);
      webhooks.dispatch(
        event,
        [...store.subscriptions.values()].filter((s) => s.clientId === clientId && s.disabled === undefined),
      );
    },
    { mode: opts.mode, stageDelayMs: opts.stageDelayMs },
  );
  let baseUrl = '';
  const rules = new Map<string, RuleContext>();
  return {
    store,
    clocks,
    lifecycle,
    webhooks,
    log,
    rulesFor(clientId) {
      let r = rules.get(clientId);
      if (r === undefined) rules.set(clientId, (r = storeRuleContext(store, clientId)));
      return r;
    },
    options: opts,
    baseUrl: () => baseUrl,
    setBaseUrl: (url: string) => void (baseUrl = url),
  };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const ctx = createSandboxContext(options, await resolveStateTable(options.stateTable));
  const { store, clocks, lifecycle, webhooks, options: opts } = ctx;
  const router = createApiRouter({
    store,
    handlers: createApiHandlers(ctx),
    bodyLimit: opts.bodyLimitBytes,
    maxJsonDepth: opts.maxJsonDepth,
    validateResponses: opts.validateResponses,
    onError: (error, context) => {
      ctx.log?.cause(currentRequest.id, error, `${context.operationId ?? 'router'} ${context.phase}`);
      opts.onError?.(error, context);
    },
  });
  const sandbox = createSandboxRoutes(ctx, opts.controlRoutes);

  const servers: Server[] = [];
  const closeServers = () =>
    Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.close(() => resolve());
            s.closeAllConnections();
          }),
      ),
    );
  let baseUrl: string;
  let authUrl: string;
  try {
    const main = createFront({ ctx, sandbox, router, log: ctx.log });
    servers.push(main);
    baseUrl = await listen(main, opts.port, opts.host, '--port');
    ctx.setBaseUrl(baseUrl);
    authUrl = baseUrl;
    if (opts.authPort !== undefined) {
      const auth = createFront({ ctx, sandbox, router, authOnly: true, log: ctx.log });
      servers.push(auth);
      authUrl = await listen(auth, opts.authPort, opts.host, '--auth-port');
    }
  } catch (err) {
    lifecycle.stopAll();
    clocks.stop();
    webhooks.close();
    await closeServers();
    throw err;
  }

  return {
    baseUrl,
    authUrl,
    tokenUrl: `${authUrl}/auth/oauth/v2/token`,
    fixtures: describeFixtures(store),
    clock: clocks.all,
    store,
    webhooks,
    options: opts,
    async close() {
      lifecycle.stopAll();
      clocks.stop();
      webhooks.close();
      await closeServers();
    },
  };
}

/** Listens, or throws E_LISTEN (one line and a hint) for the mistakes a user can fix. */
function listen(server: Server, port: number, host: string, flag: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(listenError(err, port, host, flag)));
    server.listen(port, host, () => {
      server.off('error', reject);
      const a = server.address() as AddressInfo;
      const h = a.family === 'IPv6' ? `[${a.address}]` : a.address;
      resolve(`http://${h}:${a.port}`);
    });
  });
}

function listenError(err: NodeJS.ErrnoException, port: number, host: string, flag: string): Error {
  const where = `${host}:${port}`;
  if (err.code === 'EADDRINUSE') {
    return new CbpError('E_LISTEN', `port ${port} on ${host} is already in use`, {
      hint:
        `stop what listens there or choose another port with ` +
        `${flag} (0 = any free port; 4010 is also Prism's default)`,
    });
  }
  if (err.code === 'EACCES')
    return new CbpError('E_LISTEN', `not allowed to listen on ${where}`, {
      hint: `ports below 1024 need privileges: choose another with ${flag}`,
    });
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') {
    return new CbpError('E_LISTEN', `cannot listen on ${host}: no such local address`, {
      hint: 'pass an address of this machine with --host (default 127.0.0.1)',
    });
  }
  return err;
}

function describeFixtures(store: SandboxStore): RunningSandboxFixtures {
  return {
    clients: SANDBOX_CLIENTS.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      ...(c.apiKey ? { api_key: c.apiKey } : {}),
      customers: store
        .customersOf(c.clientId)
        .map((x) => ({ customer_id: x.customer_id, wallet_currency: x.wallet_currency, status: x.status })),
    })),
    recipients: [...store.recipients.values()].map(({ recipient_id, customer_id, currency, status, name }) => ({
      recipient_id,
      customer_id,
      currency,
      status,
      name,
    })),
    quotes: [...store.quotes.values()].map((q) => ({
      quote_id: q.quote_id,
      customer_id: q.customer_id,
      sell_currency: q.sell_currency,
      buy_currency: q.buy_currency,
      expires_at: store.clockOfCustomer(q.customer_id).iso(q.expiresAtMs),
    })),
    third_parties: [...store.thirdParties.values()].map((t) => ({
      customer_id: t.customer_id,
      client_customer_ref: t.client_customer_ref,
    })),
  };
}

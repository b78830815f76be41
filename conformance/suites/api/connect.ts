/**
 * Connects the API suite to the Target it was handed: authenticates, resolves the driver, the
 * fixtures (the target's own, or the driver's), and starts the webhook receiver subscribed
 * through the driver. Closes what it opened; the target itself belongs to the caller.
 */
import type { Deadline } from '../../engine/deadline.js';
import { randomBytes } from 'node:crypto';
import { CbpError } from '../../../lib/errors.js';
import type { ConformanceConfig } from './config.js';
import type { TargetFixtures } from './config-file.js';
import type { Driver } from './driver.js';
import { Http } from '../../engine/http.js';
import { startReceiver, type WebhookReceiver } from '../../engine/receiver.js';
import type { Recorder } from '../../engine/recorder.js';
import type { Target } from './target.js';
import { Tokens } from './tokens.js';
import { resolveDriver } from './drivers/resolve-driver.js';
import type { BuiltinDriver } from './drivers/builtin.js';
import { createLookups } from './live/lookups.js';
import { deliveryVerifier, partnerVerifier } from './webhook-schemes.js';
import { requireWebhookSecret } from '../../../lib/webhook-secret.js';

export interface Connection {
  http: Http;
  tokens: Tokens;
  /** Always set: `passive` when nothing drives the target. */
  driver: Driver;
  /** The target's own driver (the sandbox's), when another one drives. */
  own?: Driver;
  receiver?: WebhookReceiver;
  fixtures: TargetFixtures;
  unique(prefix: string): string;
  quoteFor(customerId: string, sell: string, buy: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/** `drivers`: the built-in drivers `--driver NAME` may name (default: drivers/builtin.ts). */
export async function connect(
  target: Target,
  config: ConformanceConfig,
  recorder: Recorder,
  drivers?: Record<string, BuiltinDriver>,
  deadline?: Deadline,
): Promise<Connection> {
  const closers: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch(() => undefined);
  };
  try {
    // Built with everything it uses: the tokens (requested through this client) and the lookups.
    const http = new Http({
      baseUrl: target.baseUrl,
      authUrl: target.authUrl,
      recorder,
      timeoutMs: config.timeoutMs,
      rate: config.rate,
      fetch: target.fetch,
      tokens: (client) => new Tokens(client, target.credentials),
      lookups: createLookups,
      deadline,
    });
    const tokens = http.tokens!;
    await tokens.token('primary');
    const resolved = await resolveDriver(config, target.driver, { http }, drivers);
    const { own } = resolved;
    const driver = target.wrapDriver ? target.wrapDriver(resolved.driver) : resolved.driver;
    if (driver.close) closers.push(() => driver.close!());
    // Where the run goes, before the driver is asked anything else (its control endpoints may live beside the API).
    await driver.connect?.({ name: target.name, baseUrl: target.baseUrl, authUrl: target.authUrl });
    const supplier = driver.fixtures ? driver : own;
    const fixtures =
      target.fixtures ??
      (supplier?.fixtures
        ? await supplier.fixtures('primary')
        : { customers: [], recipients: [], quotes: [], third_parties: [] });
    const receiver = await startReceiver({
      host: config.webhooks.listenHost,
      port: config.webhooks.listenPort,
      publicUrl: config.webhooks.publicUrl,
      recorder,
      secret: config.webhooks.secret,
      // The partner's own scheme, when its driver verifies it; else Standard Webhooks or Svix.
      verify: driver.verifyWebhook
        ? partnerVerifier(driver.verifyWebhook.bind(driver))
        : deliveryVerifier(config.webhooks.scheme),
    });
    closers.push(() => receiver.close());
    if (driver.subscribeWebhooks) {
      const sub = await driver.subscribeWebhooks({ url: receiver.url });
      // Judged like CBP_WEBHOOK_SECRET: a short key would let any delivery pass as signed.
      if (sub?.secret)
        receiver.addSecret(
          requireWebhookSecret(sub.secret, { source: "the driver's webhook subscription", code: 'E_CONFIG' }),
        );
      if (sub?.close) closers.push(sub.close);
    }
    // A replay binds the recording's run id, so the `unique` values it sends are those recorded.
    const run = target.runId ?? randomBytes(3).toString('hex');
    let n = 0;
    return {
      http,
      tokens,
      driver,
      own,
      receiver,
      fixtures,
      unique: (prefix) => `${prefix}-${run}-${++n}`.slice(0, 36),
      quoteFor: async (customerId, sell, buy) => {
        const quotes = driver.createQuote ? driver : own;
        if (quotes?.createQuote) return (await quotes.createQuote({ customerId, sell, buy })).quoteId;
        // A quote listed as not active or expired is for the expired-quote case (firm-statements), not for the bases.
        const usable = (q: (typeof fixtures.quotes)[number]) =>
          (q.status ?? 'active') === 'active' && !(q.expires_at !== undefined && Date.parse(q.expires_at) < Date.now());
        return fixtures.quotes.find(
          (q) =>
            usable(q) &&
            q.customer_id === customerId &&
            (q.buy_currency ?? buy) === buy &&
            (q.sell_currency ?? sell) === sell,
        )?.quote_id;
      },
      close,
    };
  } catch (err) {
    await close();
    if (err instanceof CbpError) throw err;
    // The message may quote the target's answer (a driver's error): no credential in it.
    throw new CbpError(
      'E_TARGET_UNREACHABLE',
      `cannot set up the target: ${recorder.redactor.text(String((err as Error).message))}`,
      {
        hint: 'check --base-url, --auth-url and that the service is up',
      },
    );
  }
}

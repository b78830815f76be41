/**
 * Opens the target of a run: the embedded mock on a free loopback port, or a live
 * implementation; its tokens, its sandbox control API when it answers one, its fixtures (from
 * the sandbox or the config file), and the webhook receiver subscribed to its deliveries.
 */
import { randomBytes } from 'node:crypto';
import { CbpError } from '../../../lib/errors.js';
import type { MockOptions } from '../../../sandbox/index.js';
import type { ConformanceConfig } from './config.js';
import type { TargetFixtures } from './config-file.js';
import { Http } from '../../engine/http.js';
import { startReceiver, type WebhookReceiver } from '../../engine/receiver.js';
import type { Recorder } from '../../engine/recorder.js';
import { Sandbox } from './sandbox.js';
import { Tokens } from '../../engine/tokens.js';

export interface OpenTarget {
  name: string;
  http: Http;
  tokens: Tokens;
  sandbox?: Sandbox;
  receiver?: WebhookReceiver;
  fixtures: TargetFixtures;
  unique(prefix: string): string;
  quoteFor(customerId: string, sell: string, buy: string): Promise<string | undefined>;
  close(): Promise<void>;
}

export async function openTarget(config: ConformanceConfig, recorder: Recorder, mockOptions: MockOptions = {}): Promise<OpenTarget> {
  const closers: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch(() => undefined);
  };
  try {
    let baseUrl: string;
    let authUrl: string;
    if (config.target.kind === 'embedded') {
      // Loaded on use: the mock imports generated/, which a run against a live target (or a
      // checkout where `cbp generate` has not run yet) must not need.
      const { startMock } = await import('../../../sandbox/index.js');
      const mock = await startMock({ port: 0, host: '127.0.0.1', mode: 'instant', ...mockOptions });
      closers.push(() => mock.close());
      ({ baseUrl, authUrl } = mock);
    } else {
      ({ baseUrl, authUrl } = config.target);
    }
    const http = new Http({ baseUrl, authUrl, recorder, timeoutMs: config.timeoutMs });
    const tokens = new Tokens(http, config.credentials);
    http.tokens = tokens;
    await tokens.token('primary');
    const sandbox = config.target.kind === 'embedded' ? new Sandbox(http) : await Sandbox.probe(http);
    const fixtures = await targetFixtures(config, sandbox);
    const receiver = await startReceiver({
      host: config.webhooks.listenHost,
      port: config.webhooks.listenPort,
      publicUrl: config.webhooks.publicUrl,
      recorder,
      secret: config.webhooks.secret,
    });
    closers.push(() => receiver.close());
    if (sandbox) {
      const sub = await sandbox.subscribe(receiver.url);
      receiver.addSecret(sub.secret);
      closers.push(() => sandbox.unsubscribe(sub.subscription_id));
    }
    const run = randomBytes(3).toString('hex');
    let n = 0;
    return {
      name: config.target.kind === 'embedded' ? 'embedded mock' : baseUrl,
      http,
      tokens,
      sandbox,
      receiver,
      fixtures,
      unique: (prefix) => `${prefix}-${run}-${++n}`.slice(0, 36),
      quoteFor: async (customerId, sell, buy) => {
        if (sandbox) return (await sandbox.createQuote(customerId, sell, buy)).quote_id;
        return fixtures.quotes.find((q) => q.customer_id === customerId && (q.buy_currency ?? buy) === buy && (q.sell_currency ?? sell) === sell)?.quote_id;
      },
      close,
    };
  } catch (err) {
    await close();
    if (err instanceof CbpError) throw err;
    throw new CbpError('E_TARGET_UNREACHABLE', `cannot set up the target: ${(err as Error).message}`, { hint: 'check --base-url, --auth-url and that the service is up' });
  }
}

async function targetFixtures(config: ConformanceConfig, sandbox: Sandbox | undefined): Promise<TargetFixtures> {
  const f = config.file;
  if (f?.customers?.length || !sandbox) {
    return { customers: f?.customers ?? [], recipients: f?.recipients ?? [], quotes: f?.quotes ?? [], third_parties: f?.third_parties ?? [] };
  }
  return sandbox.fixtures('primary');
}

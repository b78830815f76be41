/**
 * `cbp conformance --replay`: the API suite against a cassette served on loopback (replay.ts),
 * offline, with the run's recorded options, fixtures and config file, and the verdicts compared
 * with those the live run gave. The cassette holds the whole event stream, so the grace period
 * for events that must not come is compressed like the stream's gaps: nothing can arrive that the
 * cassette does not hold.
 */
import type { SuiteSummary } from '../../../engine/types.js';
import type { ConformanceConfig } from '../config.js';
import type { TargetFile } from '../config-file.js';
import type { Driver } from '../driver.js';
import { probeSandboxDriver, sandboxDriver } from '../drivers/sandbox.js';
import { runConformance, type RunOptions } from '../run-conformance.js';
import type { Target } from '../target.js';
import type { Cassette } from './cassette.js';
import {
  REPLAY_API_KEY,
  REPLAY_CLIENT_SECRET,
  REPLAY_EXPIRED_TOKEN,
  REPLAY_SECRET,
  startReplayServer,
  type ReplayOptions,
} from './replay.js';
import { compareVerdicts, verdictsOf } from './verdicts.js';

export interface ReplayResult {
  summary: SuiteSummary;
  /** How the replay's verdicts differ from the recorded ones (empty: the same). */
  differences: string[];
  /** Requests and driver calls the cassette could not answer. */
  misses: string[];
  wallMs: number;
}

export async function replayConformance(
  cassette: Cassette,
  config: ConformanceConfig,
  options: Omit<RunOptions, 'target'> & ReplayOptions = {},
): Promise<ReplayResult> {
  const started = Date.now();
  const factor = options.factor ?? 20;
  const server = await startReplayServer(cassette, { ...options, runId: cassette.run.id });
  try {
    const t = cassette.target;
    const o = cassette.run.options;
    const signed = cassette.steps.some((s) => s.kind === 'webhook' && s.signature !== undefined);
    const file = cassette.run.file as TargetFile | undefined;
    const client = (id: string | undefined) => (id ? { clientId: id, clientSecret: REPLAY_CLIENT_SECRET } : undefined);
    const credentials = {
      primary: client(t.clients.primary),
      secondary: client(t.clients.secondary),
      ...(t.apiKey ? { apiKey: REPLAY_API_KEY } : {}),
      ...(t.expiredToken ? { expiredToken: REPLAY_EXPIRED_TOKEN } : {}),
    };
    const replayConfig: ConformanceConfig = {
      ...config,
      target: t.live ? { kind: 'live', baseUrl: server.baseUrl, authUrl: server.authUrl } : { kind: 'embedded' },
      credentials,
      file: file ? { ...file, driver: undefined, webhooks: { ...file.webhooks, public_url: undefined } } : undefined,
      driver: undefined,
      only: o.only ?? config.only,
      skip: o.skip ?? config.skip,
      strict: o.strict ?? config.strict,
      require: o.require ?? config.require,
      rate: undefined,
      webhooks: {
        ...config.webhooks,
        listenHost: '127.0.0.1',
        listenPort: 0,
        publicUrl: undefined,
        secret: signed ? REPLAY_SECRET : undefined,
        graceMs: Math.min(config.webhooks.graceMs, Math.max(250, Math.ceil(config.webhooks.graceMs / factor))),
      },
    };
    const own = t.driver.kind === 'module' ? server.replayDriver() : undefined;
    const target: Target = {
      name: t.name,
      baseUrl: server.baseUrl,
      authUrl: server.authUrl,
      credentials,
      fixtures: cassette.run.fixtures as Target['fixtures'],
      driver: t.driver.kind === 'sandbox' ? (t.live ? probeSandboxDriver : sandboxDriver) : own,
      runId: cassette.run.id,
      wrapDriver: (d: Driver) =>
        d.subscribeWebhooks
          ? {
              ...d,
              subscribeWebhooks: async (args: { url: string }) => {
                server.bindReceiver(args.url);
                return d.subscribeWebhooks!(args);
              },
            }
          : d,
    };
    const summary = await runConformance(replayConfig, { ...options, target });
    return {
      summary,
      differences: compareVerdicts(cassette.verdicts, verdictsOf(summary)),
      misses: [...server.misses],
      wallMs: Date.now() - started,
    };
  } finally {
    await server.close();
  }
}

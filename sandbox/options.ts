/** Options of startSandbox / `cbp mock`, each with its default, resolved in one place. */
import type { ChaosOptions } from './webhooks/chaos.js';
import type { RetryOptions } from './webhooks/dispatcher.js';
import type { RequestLogOptions } from './http/request-log.js';
import type { ControlRoute } from './control-api/route.js';
import type { WebhookScheme } from 'cross-border-payments-runtime/webhooks';

export interface SandboxOptions {
  /** Port of the API (and, by default, of the token endpoint). 0 = a free port. Default 4010. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Serve the token endpoint on its own port (auth URL ≠ base URL). Default: same origin. */
  authPort?: number;
  /** instant: deliver-funds runs the whole flow at once; realistic: one stage per stageDelayMs. Default instant. */
  mode?: 'instant' | 'realistic';
  /** Sandbox time between two lifecycle stages in realistic mode. Default 2000 ms. */
  stageDelayMs?: number;
  /** expires_in of access tokens, seconds of sandbox time. Default 3600 (the seed's sample). */
  tokenTtlSeconds?: number;
  /** Lifetime of a hosted session. Default 1800 s. */
  sessionTtlSeconds?: number;
  /** Sandbox seconds before a requested virtual account turns from pending to active. Default 30. */
  virtualAccountActivationSeconds?: number;
  /** Sandbox seconds a new or re-verified third party stays PENDING_VERIFICATION. Default 30. */
  thirdPartyVerificationSeconds?: number;
  /** Largest accepted request body. Default 1 MiB. */
  bodyLimitBytes?: number;
  /** Deepest accepted JSON nesting. Default 64. */
  maxJsonDepth?: number;
  /** Webhook retry schedule. */
  retry?: RetryOptions;
  /** Webhook chaos: duplicates, reordering, delays. Default off. */
  chaos?: ChaosOptions;
  /** Link-local and cloud metadata webhook targets allowed anyway: CIDR blocks, addresses or
   * host names (`cbp mock --allow-webhook-target`). Default none; loopback and private
   * addresses are always allowed. */
  allowWebhookTargets?: string[];
  /** Origins besides loopback (http://localhost:*, http://127.0.0.1:*) a browser app may call the
   * mock from (`cbp mock --cors`; http/cors.ts). Default none. */
  corsOrigins?: string[];
  /** Webhook signature scheme. Default Standard Webhooks (A-WEBHOOK-SIGNATURE). */
  webhookScheme?: WebhookScheme;
  /** Path of the payment state table. Default spec/payment-states.yaml of this package. */
  stateTable?: string;
  /** Check every API answer against spec/openapi.yaml (the generated router's option); a
   * non-conforming answer becomes a 500 and is passed to onError. Default false. */
  validateResponses?: boolean;
  /** Called with handler exceptions and non-conforming answers. */
  onError?: (error: unknown, context: { operationId?: string; phase: string }) => void;
  /** One line per request (sandbox/http/request-log.ts). Default: none (`cbp mock` logs text). */
  log?: RequestLogOptions;
  /** Socket timeouts of the servers (an internet-facing server must not wait on slow clients). */
  timeouts?: Partial<SandboxTimeouts>;
  /** Sockets that may wait unanswered (connected, idle or part-way through a request) per server;
   * past it a new connection closes the longest-waiting one (sandbox/http/sockets.ts). Default 256. */
  maxIdleConnections?: number;
  /** The /_sandbox/ control API's routes. Default: its registry, `CONTROL_ROUTES` (sandbox/control-api/routes.ts);
   * a copy with more adds endpoints without editing the sandbox. */
  controlRoutes?: readonly ControlRoute[];
}

export interface SandboxTimeouts {
  /** Whole request head received within this. Default 10 000 ms (Node: 60 000). */
  headersMs: number;
  /** Whole request, body included, received within this. Default 30 000 ms (Node: 300 000). */
  requestMs: number;
  /** Idle keep-alive sockets closed after this. Default 5000 ms. */
  keepAliveMs: number;
}

export const DEFAULT_MAX_IDLE_CONNECTIONS = 256;

export const DEFAULT_TIMEOUTS: SandboxTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5000 };

export type ResolvedSandboxOptions = Required<Omit<SandboxOptions, OptionalKeys>> &
  Pick<SandboxOptions, Exclude<OptionalKeys, 'timeouts'>> & { timeouts: SandboxTimeouts };
type OptionalKeys =
  | 'authPort'
  | 'chaos'
  | 'webhookScheme'
  | 'stateTable'
  | 'retry'
  | 'validateResponses'
  | 'onError'
  | 'log'
  | 'timeouts'
  | 'controlRoutes';

export function resolveSandboxOptions(o: SandboxOptions = {}): ResolvedSandboxOptions {
  return {
    port: o.port ?? 4010,
    host: o.host ?? '127.0.0.1',
    authPort: o.authPort,
    mode: o.mode ?? 'instant',
    stageDelayMs: o.stageDelayMs ?? 2000,
    tokenTtlSeconds: o.tokenTtlSeconds ?? 3600,
    sessionTtlSeconds: o.sessionTtlSeconds ?? 1800,
    virtualAccountActivationSeconds: o.virtualAccountActivationSeconds ?? 30,
    thirdPartyVerificationSeconds: o.thirdPartyVerificationSeconds ?? 30,
    bodyLimitBytes: o.bodyLimitBytes ?? 1024 * 1024,
    maxJsonDepth: o.maxJsonDepth ?? 64,
    retry: o.retry,
    chaos: o.chaos,
    allowWebhookTargets: o.allowWebhookTargets ?? [],
    corsOrigins: o.corsOrigins ?? [],
    webhookScheme: o.webhookScheme,
    stateTable: o.stateTable,
    validateResponses: o.validateResponses,
    onError: o.onError,
    log: o.log,
    timeouts: { ...DEFAULT_TIMEOUTS, ...o.timeouts },
    maxIdleConnections: o.maxIdleConnections ?? DEFAULT_MAX_IDLE_CONNECTIONS,
    controlRoutes: o.controlRoutes,
  };
}

/** What every handler of the mock shares: state, clock, lifecycle, validators, options. */
import type { RuleContext } from './generated-api.js';
import type { TenantClocks } from './clock.js';
import type { LifecycleEngine } from './lifecycle.js';
import type { RequestLog } from './http/request-log.js';
import type { ResolvedSandboxOptions } from './options.js';
import type { SandboxStore } from './store.js';
import type { WebhookDispatcher } from './webhooks/dispatcher.js';

export interface SandboxContext {
  store: SandboxStore;
  /** One clock per tenant (clocks.of(clientId)); store.clockOfCustomer(id) for a customer's. */
  clocks: TenantClocks;
  lifecycle: LifecycleEngine;
  webhooks: WebhookDispatcher;
  /** The store as the generated validators' RuleContext, for one tenant. */
  rulesFor(clientId: string): RuleContext;
  options: ResolvedSandboxOptions;
  /** The request log, when one was asked for. */
  log?: RequestLog;
  /** Base URL once listening (session URLs are built from it). */
  baseUrl(): string;
  setBaseUrl(url: string): void;
}

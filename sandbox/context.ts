/** What every handler of the mock shares: state, clock, lifecycle, validators, options. */
import type { RuleContext } from '../generated/validators.js';
import type { SandboxClock } from './clock.js';
import type { LifecycleEngine } from './lifecycle.js';
import type { ResolvedMockOptions } from './options.js';
import type { MockStore } from './store.js';
import type { WebhookDispatcher } from './webhooks/dispatcher.js';

export interface MockContext {
  store: MockStore;
  clock: SandboxClock;
  lifecycle: LifecycleEngine;
  webhooks: WebhookDispatcher;
  /** The store as the generated validators' RuleContext. */
  rules: RuleContext;
  options: ResolvedMockOptions;
  /** Base URL once listening (session URLs are built from it). */
  baseUrl(): string;
  setBaseUrl(url: string): void;
}

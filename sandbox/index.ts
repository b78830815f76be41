/** Public API of the embedded mock sandbox. */
export {
  createSandboxContext,
  startSandbox,
  type RunningSandboxFixtures,
  type RunningSandbox,
} from './start-sandbox.js';
export type { SandboxContext } from './context.js';
export { createApiHandlers, type ApiHandlers } from './handlers/index.js';
export type { SandboxOptions } from './options.js';
export type { ChaosOptions } from './webhooks/chaos.js';
export type { RetryOptions, DeliveryAttempt } from './webhooks/dispatcher.js';
export type { SandboxClock } from './clock.js';
export { SANDBOX_CLIENTS } from './fixtures.js';
export { SANDBOX_PREFIX } from './control-api/index.js';
export { CONTROL_ROUTES } from './control-api/routes.js';
export type { ControlRoute } from './control-api/route.js';
export {
  createSandboxClient,
  SandboxError,
  type SandboxClient,
  type SandboxClientOptions,
  type SandboxFixtures,
  type SandboxPaymentState,
  type SandboxSubscriptionCreated,
} from './control-client.js';

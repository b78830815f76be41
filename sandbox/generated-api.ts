/**
 * The one place the sandbox imports generated code (dogfooding, ARCHITECTURE.md): the router and
 * typed Handlers, the validators and the state table emitted by `cbp generate` for spec/.
 * `test/sandbox/generated-door.test.ts` fails when another sandbox module reaches into generated/.
 */
export {
  checkStatefulRules,
  checkStatefulRulesEager,
  validateRequest,
  type RuleContext,
} from '../generated/validators.js';
export { paymentStates } from '../generated/payment-states.js';
export type { components } from '../generated/types.js';
export { isPromiseLike } from '../generated/runtime/maybe-promise.js';
export { createWriteBatch, type WriteBatch } from '../generated/runtime/server/write-batch.js';
export {
  createRouter,
  type AuthenticateInput,
  type AuthenticateResult,
  type EagerHandle,
  type Handlers,
  type Router,
} from '../generated/server.js';

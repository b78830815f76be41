/**
 * The one place the mock imports generated code (dogfooding, ARCHITECTURE.md): the router and
 * typed Handlers and the validators emitted by `cbp generate` for spec/.
 */
export { checkStatefulRules, checkStatefulRulesEager, validateRequest } from '../generated/validators.js';
export { isPromiseLike } from '../generated/runtime/maybe-promise.js';
export { createWriteBatch, type WriteBatch } from '../generated/runtime/server/write-batch.js';
export { createRouter, type AuthenticateInput, type AuthenticateResult, type EagerHandle, type Handlers, type HandlerResponse, type Router } from '../generated/server.js';

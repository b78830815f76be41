/**
 * `cross-border-payments-runtime/client`: the generated client's core (the client factory, its
 * fetch types, retries, servers, auth: client credentials, API keys, held tokens) and its typed
 * errors and logger. Loads no third-party package, so a browser bundle of the client holds only this.
 */
export * from '../../client/api-error.js';
export * from '../../client/api-key.js';
export * from '../../client/create-client.js';
export * from '../../client/fetch-types.js';
export * from '../../client/logger.js';
export * from '../../client/network-error.js';
export * from '../../client/retry.js';
export * from '../../client/servers.js';
export * from '../../client/types.js';
// Types only: the guard itself loads with the first judged response (validateResponses).
export type * from '../../client/response-check.js';
export * from '../../auth/client-credentials-loader.js';
export * from '../../auth/client-credentials.js';
export * from '../../auth/held-token.js';
export * from '../../auth/schemes.js';
export * from '../../auth/token-provider.js';
export * from '../../rule-types.js';

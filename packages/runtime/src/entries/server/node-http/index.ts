/** `cross-border-payments-runtime/server/node-http`: The node:http adapter of the router. */
export * from '../../../server/node-http.js';

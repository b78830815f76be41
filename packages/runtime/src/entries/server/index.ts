/** `cross-border-payments-runtime/server`: The framework-neutral router the generated server builds on: route table, request parts, authentication, replies. The adapters are their own entries (server/node-http, server/fetch, server/hono). */
export * from '../../server/authenticate.js';
export * from '../../server/not-implemented.js';
export * from '../../server/reply.js';
export * from '../../server/request-parts.js';
export * from '../../server/route-table.js';
export * from '../../server/router-options.js';
export * from '../../server/router.js';
export * from '../../server/types.js';
export * from '../../server/write-batch.js';
export * from '../../rule-types.js';

/** `cross-border-payments-runtime/server/hono`: The Hono adapter of the router: loads `hono`, so only its users import this entry. */
export * from '../../../server/hono.js';

/** `cross-border-payments-runtime/server/fetch`: The web-standard Request/Response adapter of the router (Bun, Deno, Workers). */
export * from '../../../server/fetch.js';

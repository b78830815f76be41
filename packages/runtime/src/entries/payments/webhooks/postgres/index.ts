/** `cross-border-payments-runtime/payments/webhooks/postgres`: The PostgreSQL webhook store: loads `pg` on first use. */
export * from '../../../../payments/webhooks/postgres-store.js';

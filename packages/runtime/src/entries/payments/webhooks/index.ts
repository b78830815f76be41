/** `cross-border-payments-runtime/payments/webhooks`: The payments webhook consumer: events, reducer, store interface, consumer, node:http listener (the signing is re-exported). The SQLite and PostgreSQL stores are their own entries, so only their users load a driver. */
export * from '../../../payments/webhooks/index.js';

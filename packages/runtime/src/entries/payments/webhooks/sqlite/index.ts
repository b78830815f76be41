/** `cross-border-payments-runtime/payments/webhooks/sqlite`: The SQLite webhook store: loads `node-sqlite3-wasm` on first use. */
export * from '../../../../payments/webhooks/sqlite-store.js';

/** `cross-border-payments-runtime/payments`: The payments kit: the state table, the stateful payment rules, the decimal rules and the procedures. */
export * from '../../payments/state-table.js';
export * from '../../payments/rules/index.js';
export * from '../../payments/rules/decimal-sum.js';
export * from '../../payments/rules/decimal.js';
export * from '../../payments/stateful-rules/index.js';
export * from '../../payments/stateful-rules/compiled.js';
export * from '../../payments/stateful-rules/confirm-recipient-after-failure.js';
export * from '../../payments/stateful-rules/quote-required.js';
export * from '../../payments/stateful-rules/quote-usable.js';
export * from '../../payments/stateful-rules/recipient-active.js';
export * from '../../payments/stateful-rules/third-party-known.js';
export * from '../../payments/stateful-rules/unique-client-reference.js';
export * from '../../payments/procedures/reconciliation.js';
export * from '../../payments/procedures/session-decision.js';
export * from '../../payments/response-rules.js';

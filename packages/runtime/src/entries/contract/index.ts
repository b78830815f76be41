/** `cross-border-payments-runtime/contract`: The contract-violation event shared by response and webhook validation. */
export * from '../../contract/violation.js';
export * from '../../contract/response-rule.js';

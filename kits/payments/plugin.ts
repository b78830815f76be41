/**
 * The payments kit: everything specific to the Cross-Border Payments service, as one plugin on the
 * generic generator. It adds the decimal-sum keyword (seed §Create payment (v3) rule 3), the
 * stateful payment rules, the procedures (reconciliation, session decision), the webhook consumer
 * kit (reducer, stores) and the typed state table; its runtime lands in <out>/runtime/payments/.
 * Turned on by `"plugins": [..., "payments"]` in cbp.config.json.
 */
import type { Plugin } from '../../generator/plugins/plugin.js';
import { kitRuntime } from '../../generator/plugins/runtime-root.js';
import { webhooksEmitter } from './emitters/webhooks.js';
import { paymentKeywords } from './keywords/index.js';
import { statefulRules } from 'cross-border-payments-runtime/payments/stateful-rules/index.js';

export const paymentsPlugin: Plugin = {
  name: 'payments',
  describe: 'the payments kit: payment rules, procedures, webhook consumer and stores, typed state table (runtime/payments/)',
  dependencies: ['validators', 'webhook-signing'],
  // packages/runtime/src/payments/, served by the runtime package as `<runtime>/payments/…`; found
  // from the package root, not import.meta.url: the CLI runs from a bundle in dist/.
  get runtime() {
    return [kitRuntime('payments')];
  },
  options: {
    stateTable: { kind: 'path', default: 'spec/payment-states.yaml', describe: 'the payment state table (YAML) payment-states.ts and webhooks.ts are built from' },
  },
  emitters: [webhooksEmitter],
  keywords: paymentKeywords,
  keywordRuntime: './runtime/payments/rules/index.js',
  statefulRules: {
    module: './runtime/payments/stateful-rules/index.js',
    exportName: 'statefulRules',
    contextType: 'PaymentsRuleContext',
    rules: statefulRules,
  },
  // The SQLite webhook store loads it on first use (createRequire): only its users install it.
  optionalDependencies: ['node-sqlite3-wasm', 'pg'],
};

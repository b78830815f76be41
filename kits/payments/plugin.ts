/**
 * The payments kit: everything specific to the Cross-Border Payments service, as one plugin on the
 * generic generator. It adds the decimal-sum keyword (seed §Create payment (v3) rule 3), the
 * stateful payment rules, the procedures (reconciliation, session decision), the webhook consumer
 * kit (reducer, stores) and the typed state table; its runtime lands in <out>/runtime/payments/.
 * Turned on by `"plugins": [..., "payments"]` in cbp.config.json.
 */
import path from 'node:path';
import { packageInfo } from '../../generator/package-info.js';
import type { Plugin } from '../../generator/plugins/plugin.js';
import { webhooksEmitter } from './emitters/webhooks.js';
import { paymentKeywords } from './keywords/index.js';
import { statefulRules } from './runtime/stateful-rules/index.js';

export const paymentsPlugin: Plugin = {
  name: 'payments',
  describe: 'the payments kit: payment rules, procedures, webhook consumer and stores, typed state table (runtime/payments/)',
  dependencies: ['validators', 'webhook-signing'],
  // Found from the package root, not import.meta.url: the CLI runs from a bundle in dist/.
  get runtime() {
    // package.json maps `./runtime/payments/*.js` to dist/kits/payments/runtime/.
    return [{ root: path.join(packageInfo().root, 'kits/payments/runtime'), paths: ['.'], into: 'payments', packaged: `${packageInfo().name}/runtime/payments` }];
  },
  options: {
    stateTable: { kind: 'path', default: 'spec/payment-states.yaml', describe: 'the payment state table (YAML) payment-states.ts and webhooks.ts are built from' },
  },
  emitters: [webhooksEmitter],
  keywords: paymentKeywords,
  keywordRuntime: './runtime/payments/rules/index.js',
  statefulRules: { module: './runtime/payments/stateful-rules/index.js', exportName: 'statefulRules', contextType: 'PaymentsRuleContext', keywords: Object.keys(statefulRules) },
  // The SQLite webhook store loads it on first use (createRequire): only its users install it.
  optionalDependencies: ['node-sqlite3-wasm', 'pg'],
};

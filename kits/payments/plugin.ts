/**
 * The payments kit: everything specific to the Cross-Border Payments service, as one plugin on the
 * generic generator. It adds the decimal-sum keyword (seed §Create payment (v3) rule 3), the
 * stateful payment rules, the procedures (reconciliation, session decision), the webhook consumer
 * kit (reducer, stores) and the typed state table; its runtime lands in <out>/runtime/payments/.
 * Turned on by `"plugins": [..., "payments"]` in cbp.config.json, or by `stateTable` / `--state-table`
 * (its shorthand); `--contract cross-border-payments` generates the contract this package ships with it.
 */
import type { Plugin } from '../../generator/plugins/plugin.js';
import { coreRuntime, kitRuntime, TELEMETRY_SHARED } from '../../generator/plugins/runtime-root.js';
import { responseRulesEmitter } from './emitters/response-rules.js';
import { webhooksEmitter } from './emitters/webhooks.js';
import { paymentKeywords } from './keywords/index.js';
import { statefulRules } from 'cross-border-payments-runtime/payments';
import { SANDBOX_SUCCESS } from './tool-profile.js';

/** The config keys the kit claims (`shorthands` below), for a typed config (api/define-config.ts). */
export interface PaymentsShorthands {
  /** Shorthand of `{ name: 'payments', stateTable }`: selects the kit with that state table. */
  stateTable?: string;
}

export const paymentsPlugin: Plugin = {
  name: 'payments',
  describe:
    'the payments kit: payment rules, procedures, webhook consumer and stores, typed state table (runtime/payments/)',
  dependencies: ['validators', 'webhook-signing'],
  templates: 'kits/payments/templates',
  // packages/runtime/src/payments/, served by the runtime package as `<runtime>/payments/…`; found
  // from the package root, not import.meta.url: the CLI runs from a bundle in dist/.
  get runtime() {
    // contract/: the response rules' hits and events (response-rules.ts), and the webhook
    // consumer's contract-violation events (validatePayloads); its spans (telemetry).
    return [
      kitRuntime('payments'),
      coreRuntime(['contract'], { prune: true }),
      coreRuntime([...TELEMETRY_SHARED, 'telemetry/consumer-spans.ts', 'telemetry/delivery-observer.ts'], {
        prune: true,
      }),
    ];
  },
  options: {
    stateTable: {
      kind: 'path',
      default: 'spec/payment-states.yaml',
      describe: 'the payment state table (YAML) payment-states.ts and webhooks.ts are built from',
      // `--plugins payments` in a project without a state table of its own: the packaged one.
      packagedDefault: true,
    },
  },
  shorthands: [
    {
      key: 'stateTable',
      option: 'stateTable',
      describe: 'Payment state table (YAML); selects the payments plugin',
    },
  ],
  contract: {
    name: 'cross-border-payments',
    spec: 'spec/openapi.yaml',
    overlays: ['spec/rules.overlay.yaml'],
    // The name README and this repository's own output use for the contract's client.
    clientFactoryName: 'createPaymentsClient',
    options: { stateTable: 'spec/payment-states.yaml' },
    describe: 'Generate the contract this package ships (its spec, rules overlay, state table; the payments plugin)',
  },
  toolProfile: { successStatus: SANDBOX_SUCCESS },
  emitters: [webhooksEmitter, responseRulesEmitter],
  // The recipient sum and the status moves, judged in responses by the generated client.
  responseRules: { module: './response-rules.js', exportName: 'responseRules' },
  keywords: paymentKeywords,
  // One module per keyword, so validators-runtime.ts names the factories it uses: its namespace
  // import (`__cbpRules`) keeps whatever a whole-module re-export brings, which the package
  // runtime's entry (`<runtime>/payments`) would make the whole kit.
  keywordModule: (keyword) => `./runtime/payments/rules/${keyword.name}.js`,
  statefulRules: {
    module: './runtime/payments/stateful-rules/index.js',
    exportName: 'statefulRules',
    contextType: 'PaymentsRuleContext',
    rules: statefulRules,
  },
  // The SQLite webhook store loads it on first use (createRequire): only its users install it.
  optionalDependencies: ['node-sqlite3-wasm', 'pg'],
};

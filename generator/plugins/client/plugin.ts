import { clientEmitter } from './emit.js';
import type { Plugin } from '../plugin.js';
import { coreRuntime, TELEMETRY_SHARED } from '../runtime-root.js';

export const clientPlugin: Plugin = {
  name: 'client',
  templates: 'generator/plugins/client',
  describe:
    "client.ts: typed fetch client (openapi-fetch's call shape) with auth, retries and " +
    'typed errors (pre-flight validation when validators is selected)',
  default: true,
  dependencies: ['types'],
  get runtime() {
    // The client matches operation paths with the router's route table.
    // contract/ and the pointer reader: response validation's events (loaded on first use);
    // telemetry/: the `telemetry` option's spans, loaded by the client only when it is given.
    return [
      coreRuntime(['client', 'auth', 'contract', 'rule-types.ts', 'rules/json-pointer.ts', 'server/route-table.ts'], {
        prune: true,
      }),
      coreRuntime([...TELEMETRY_SHARED, 'telemetry/client-spans.ts'], { prune: true }),
    ];
  },
  options: {
    clientFactoryName: {
      kind: 'string',
      default: 'createApiClient',
      describe: 'name of the factory client.ts exports',
    },
  },
  emitters: [clientEmitter],
};

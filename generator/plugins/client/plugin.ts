import { clientEmitter } from './emit.js';
import type { Plugin } from '../plugin.js';
import { coreRuntime } from '../runtime-root.js';

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
    // contract/ and the pointer reader: response validation's events (loaded on first use).
    return [
      coreRuntime(['client', 'auth', 'contract', 'rule-types.ts', 'rules/json-pointer.ts', 'server/route-table.ts'], {
        prune: true,
      }),
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

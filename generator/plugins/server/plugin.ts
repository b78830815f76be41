import { serverEmitter } from './emit.js';
import type { Plugin } from '../plugin.js';
import { coreRuntime } from '../runtime-root.js';

/** The router; the adapters to node:http, fetch and Hono are plugins of their own. */
const SERVER_FILES = [
  'authenticate.ts',
  'body.ts',
  'coerce.ts',
  'exact-numbers.ts',
  'not-implemented.ts',
  'param-values.ts',
  'read-header-cookie.ts',
  'read-path.ts',
  'read-query.ts',
  'reply.ts',
  'request-parts.ts',
  'respond.ts',
  'route-table.ts',
  'router-options.ts',
  'router.ts',
  'safe-json.ts',
  'target.ts',
  'types.ts',
  'write-batch.ts',
];

export const serverPlugin: Plugin = {
  name: 'server',
  templates: 'generator/plugins/server',
  describe:
    'server.ts: typed Handlers and a framework-neutral router (auth, parsing, validation when validators is selected)',
  default: true,
  dependencies: ['types'],
  get runtime() {
    return [
      coreRuntime(['rule-types.ts', 'maybe-promise.ts', ...SERVER_FILES.map((f) => `server/${f}`)], { prune: true }),
      // An entry point of its own: handler stubs written by earlier versions (never overwritten)
      // import it from <out>/runtime/server/; stubs now import it through server.ts.
      coreRuntime(['server/not-implemented.ts']),
    ];
  },
  emitters: [serverEmitter],
};

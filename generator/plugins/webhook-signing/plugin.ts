import type { Plugin } from '../plugin.js';
import { coreRuntime } from '../runtime-root.js';

/** Standard Webhooks signing and verification over the exact bytes received (no emitter). */
export const webhookSigningPlugin: Plugin = {
  name: 'webhook-signing',
  describe: 'runtime/webhooks/signing: sign and verify Standard Webhooks signatures over the exact payload bytes',
  dependencies: [],
  get runtime() {
    return [coreRuntime(['webhooks/signing', 'webhooks/exact-json.ts'])];
  },
  emitters: [],
};

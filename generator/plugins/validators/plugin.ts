import { validatorsEmitter } from './emit.js';
import { ruleKeywords } from '../../keywords/index.js';
import type { Plugin } from '../plugin.js';
import { coreRuntime } from '../runtime-root.js';

export const validatorsPlugin: Plugin = {
  name: 'validators',
  describe:
    'validators.ts and rules.ts: ajv validators for requests, responses and webhooks, with ' +
    'the overlay rules as keywords (compiled on first use; option standalone: precompiled)',
  default: true,
  dependencies: [],
  get runtime() {
    return [coreRuntime(['rules', 'rule-types.ts', 'maybe-promise.ts'], { prune: true })];
  },
  // packages/runtime/src/rules/<keyword name>.ts exports each generic keyword's factory.
  keywordModule: (keyword) => `./runtime/rules/${keyword.name}.js`,
  options: {
    standalone: {
      kind: 'boolean',
      default: false,
      describe:
        'compile the validators at generate time into standalone modules (no `new Function` ' +
        'at run time, for a strict Content-Security-Policy); larger output, slower generation',
    },
  },
  emitters: [validatorsEmitter],
  keywords: ruleKeywords,
};

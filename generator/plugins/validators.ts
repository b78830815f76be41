import { validatorsEmitter } from '../emitters/validators.js';
import { ruleKeywords } from '../keywords/index.js';
import type { Plugin } from './plugin.js';
import { coreRuntimeRoot } from './runtime-root.js';

export const validatorsPlugin: Plugin = {
  name: 'validators',
  describe: 'validators.ts and rules.ts: ajv standalone validators for requests, responses and webhooks, with the overlay rules as keywords',
  dependencies: [],
  get runtime() {
    return [{ root: coreRuntimeRoot(), paths: ['rules', 'rule-types.ts', 'maybe-promise.ts'] }];
  },
  emitters: [validatorsEmitter],
  keywords: ruleKeywords,
};

import { operationsEmitter } from './emit.js';
import type { Plugin } from '../plugin.js';

export const operationsPlugin: Plugin = {
  name: 'operations',
  templates: 'generator/plugins/operations',
  describe: 'operations.ts: every operation and webhook as an `as const` table',
  default: true,
  dependencies: [],
  runtime: [],
  emitters: [operationsEmitter],
};

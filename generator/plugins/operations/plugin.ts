import { operationsEmitter } from '../emitters/operations.js';
import type { Plugin } from './plugin.js';

export const operationsPlugin: Plugin = {
  name: 'operations',
  describe: 'operations.ts: every operation and webhook as an `as const` table',
  dependencies: [],
  runtime: [],
  emitters: [operationsEmitter],
};

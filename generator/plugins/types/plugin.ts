import { typesEmitter } from '../emitters/types.js';
import type { Plugin } from './plugin.js';

export const typesPlugin: Plugin = {
  name: 'types',
  describe: 'types.ts: paths, components and operations types (openapi-typescript)',
  dependencies: [],
  runtime: [],
  emitters: [typesEmitter],
};

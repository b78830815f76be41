import { typesEmitter } from './emit.js';
import type { Plugin } from '../plugin.js';

export const typesPlugin: Plugin = {
  name: 'types',
  describe: 'types.ts: paths, components and operations types (openapi-typescript)',
  default: true,
  dependencies: [],
  runtime: [],
  emitters: [typesEmitter],
};

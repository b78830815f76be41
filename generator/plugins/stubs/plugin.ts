import { stubsEmitter } from '../emitters/stubs.js';
import type { Plugin } from './plugin.js';

/** Handler stubs for the user to edit: written into `config.stubs`, never overwritten (generate.ts). */
export const stubsPlugin: Plugin = {
  name: 'stubs',
  describe: 'one handler stub per operation in the --stubs directory (runs only when --stubs is set)',
  dependencies: ['server'],
  runtime: [],
  emitters: [stubsEmitter],
};

import { stubsEmitter } from './emit.js';
import type { Plugin } from '../plugin.js';

/** Handler stubs for the user to edit: written into `config.stubs`, never overwritten (generate.ts). */
export const stubsPlugin: Plugin = {
  name: 'stubs',
  templates: 'generator/plugins/stubs',
  describe: 'one handler stub per operation in the --stubs directory (runs only when --stubs is set)',
  dependencies: ['server'],
  runtime: [],
  emitters: [stubsEmitter],
};

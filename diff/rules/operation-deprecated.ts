import { child } from '../document.js';
import type { DiffRule } from '../types.js';

export const operationDeprecated: DiffRule = {
  id: 'operation.deprecated',
  title: 'The operation becomes deprecated: warning',
  on: 'operation',
  check(pair, ctx) {
    void ctx;
    if (pair.old.deprecated === true || pair.new.deprecated !== true) return [];
    return [
      {
        severity: 'warning',
        message: `${pair.kind === 'webhook' ? 'webhook' : 'operation'} deprecated`,
        old: pair.oldPointer,
        new: child(pair.newPointer, 'deprecated'),
      },
    ];
  },
};

import { child, isObj } from '../document.js';
import type { DiffRule } from '../types.js';

export const responseStatusRemoved: DiffRule = {
  id: 'response.status-removed',
  title:
    'A success status removed from an operation: breaking (your code expects it); an error status removed: additive',
  on: 'operation',
  check(pair, ctx) {
    void ctx;
    const a = pair.old.responses;
    const b = pair.new.responses;
    if (!isObj(a) || !isObj(b)) return [];
    return Object.keys(a)
      .filter((s) => !(s in b))
      .map((s) => ({
        severity:
          pair.kind === 'operation' && /^2/.test(s)
            ? ('breaking' as const)
            : pair.kind === 'operation'
              ? ('additive' as const)
              : ('warning' as const),
        message: `${pair.kind === 'webhook' ? 'answer' : 'response'} status ${s} removed`,
        old: child(pair.oldPointer, 'responses', s),
        new: child(pair.newPointer, 'responses'),
      }));
  },
};

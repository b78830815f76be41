import { child, isObj } from '../document.js';
import type { DiffRule } from '../types.js';

export const responseStatusAdded: DiffRule = {
  id: 'response.status-added',
  title:
    'A response status added to an operation: warning (a status your code may not handle); to a webhook answer: additive',
  on: 'operation',
  check(pair, ctx) {
    void ctx;
    const a = pair.old.responses;
    const b = pair.new.responses;
    if (!isObj(a) || !isObj(b)) return [];
    return Object.keys(b)
      .filter((s) => !(s in a))
      .map((s) => ({
        severity: pair.kind === 'operation' ? ('warning' as const) : ('additive' as const),
        message: `${pair.kind === 'webhook' ? 'answer' : 'response'} status ${s} added`,
        old: child(pair.oldPointer, 'responses'),
        new: child(pair.newPointer, 'responses', s),
      }));
  },
};

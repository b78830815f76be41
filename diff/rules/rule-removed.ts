import { rulesOf } from './overlay-rules.js';
import type { DiffRule } from '../types.js';

export const ruleRemoved: DiffRule = {
  id: 'rules.removed',
  title:
    'An overlay rule removed from an operation: warning (a guarantee your code may rely on, such as uniqueness, is gone)',
  on: 'operation',
  check(pair, ctx) {
    const a = rulesOf(pair.old, pair.oldPointer);
    const b = rulesOf(pair.new, pair.newPointer);
    void ctx;
    return [...a]
      .filter(([id]) => !b.has(id))
      .map(([id, r]) => ({
        severity: 'warning' as const,
        message: `rule ${id} removed (${String(r.rule.keyword)})`,
        old: r.pointer,
        new: pair.newPointer,
      }));
  },
};

import { rulesOf } from './overlay-rules.js';
import type { DiffRule } from '../types.js';

export const ruleAdded: DiffRule = {
  id: 'rules.added',
  title:
    'An overlay rule added to an operation: breaking for a request rule (stateless or stateful: your code must now satisfy it), warning for a procedure or a webhook',
  on: 'operation',
  check(pair, ctx) {
    const a = rulesOf(pair.old, pair.oldPointer);
    const b = rulesOf(pair.new, pair.newPointer);
    void ctx;
    return [...b]
      .filter(([id]) => !a.has(id))
      .map(([id, r]) => ({
        severity:
          pair.kind === 'operation' && r.rule.state !== 'procedure' ? ('breaking' as const) : ('warning' as const),
        message: `rule ${id} added (${String(r.rule.state)} ${String(r.rule.keyword)}): ${String(r.rule.title ?? '')}`,
        old: pair.oldPointer,
        new: r.pointer,
      }));
  },
};

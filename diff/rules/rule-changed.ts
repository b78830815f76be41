import { child } from '../document.js';
import { rulesOf } from './overlay-rules.js';
import type { DiffRule } from '../types.js';

export const ruleChanged: DiffRule = {
  id: 'rules.changed',
  title:
    "An overlay rule's effect changed (keyword, params, where it reads): breaking on a request; its answer status or kind: warning",
  on: 'operation',
  check(pair, ctx) {
    const a = rulesOf(pair.old, pair.oldPointer);
    const b = rulesOf(pair.new, pair.newPointer);
    void ctx;
    const out = [];
    for (const [id, o] of a) {
      const n = b.get(id);
      if (!n) continue;
      const effect = ['keyword', 'params', 'in'].filter((k) => JSON.stringify(o.rule[k]) !== JSON.stringify(n.rule[k]));
      const other = ['state', 'status'].filter((k) => JSON.stringify(o.rule[k]) !== JSON.stringify(n.rule[k]));
      if (effect.length > 0)
        out.push({
          severity: pair.kind === 'operation' ? ('breaking' as const) : ('warning' as const),
          message: `rule ${id} changed its ${effect.join(', ')}: ${effect.map((k) => `${JSON.stringify(o.rule[k])} -> ${JSON.stringify(n.rule[k])}`).join('; ')}`,
          old: child(o.pointer, effect[0]!),
          new: child(n.pointer, effect[0]!),
        });
      else if (other.length > 0)
        out.push({
          severity: 'warning' as const,
          message: `rule ${id} changed its ${other.join(', ')}: ${other.map((k) => `${JSON.stringify(o.rule[k])} -> ${JSON.stringify(n.rule[k])}`).join('; ')}`,
          old: child(o.pointer, other[0]!),
          new: child(n.pointer, other[0]!),
        });
    }
    return out;
  },
};

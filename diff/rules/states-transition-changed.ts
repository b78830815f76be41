import { movesOf } from './transitions.js';
import type { DiffRule } from '../types.js';

export const transitionChanged: DiffRule = {
  id: 'states.transition-changed',
  title: "A transition's trigger, condition, fan-out or delay changed: warning",
  on: 'state-table',
  check(old, next) {
    const after = movesOf(next);
    const out = [];
    for (const [move, o] of movesOf(old)) {
      const n = after.get(move);
      if (!n) continue;
      const fields = (
        ['trigger', 'condition', 'perRecipient', 'requiresAllRecipients', 'maxDelaySeconds'] as const
      ).filter((k) => JSON.stringify(o.t[k]) !== JSON.stringify(n.t[k]));
      if (fields.length > 0)
        out.push({
          severity: 'warning' as const,
          message: `transition ${move} changed its ${fields.map((k) => `${k} ${JSON.stringify(o.t[k])} -> ${JSON.stringify(n.t[k])}`).join(', ')}`,
          old: `${o.pointer}/${fields[0]}`,
          new: `${n.pointer}/${fields[0]}`,
        });
    }
    return out;
  },
};

import type { DiffRule } from '../types.js';
import { by, whose } from './grade.js';

/** `if`/`then`/`else` (a conditional requirement, such as a third-party payment's fields): compared
 * as a whole, since JSON Schema gives no order between two conditions to compare them by. */
export const conditionalChanged: DiffRule = {
  id: 'schema.conditional-changed',
  title: 'A conditional requirement (if/then/else) changed: breaking in a request, warning in a response',
  on: 'schema',
  check({ old, new: next, direction }) {
    const keywords = ['if', 'then', 'else'] as const;
    const text = (v: typeof old) => JSON.stringify(keywords.map((k) => v.get(k) ?? null));
    if (text(old) === text(next)) return [];
    const added = keywords.every((k) => old.get(k) === undefined);
    const removed = keywords.every((k) => next.get(k) === undefined);
    return [
      {
        severity: removed
          ? by(direction, 'additive', 'warning')
          : added
            ? by(direction, 'breaking', 'additive')
            : by(direction, 'breaking', 'warning'),
        message: `conditional requirement ${added ? 'added to' : removed ? 'removed from' : 'changed in'} ${whose(direction)}`,
        old: removed || !added ? old.at('if') : old.pointer,
        new: added || !removed ? next.at('if') : next.pointer,
      },
    ];
  },
};

import type { DiffRule } from '../types.js';
import { by, whose } from './grade.js';

export const enumValueAdded: DiffRule = {
  id: 'schema.enum-value-added',
  title:
    'A new enum value in a response or webhook (a new status your state machine does not handle): breaking; in a request: additive',
  on: 'schema',
  check({ old, new: next, direction }) {
    if (old.enum === undefined || next.enum === undefined) return [];
    const added = [...next.enum].filter((v) => !old.enum!.has(v));
    return added.map((v) => ({
      severity: by(direction, 'additive', 'breaking'),
      message: `enum value ${v} added to ${whose(direction)}`,
      old: old.at('enum'),
      new: next.at(next.raw.enum === undefined && next.get('enum') === undefined ? 'const' : 'enum'),
    }));
  },
};

import type { DiffRule } from '../types.js';
import { by, whose } from './grade.js';

export const enumValueRemoved: DiffRule = {
  id: 'schema.enum-value-removed',
  title: 'An enum value removed from a request (or an enum imposed on it): breaking; from a response: additive',
  on: 'schema',
  check({ old, new: next, direction }) {
    if (next.enum === undefined) return [];
    if (old.enum === undefined)
      return direction === 'request' && old.types.size <= 1
        ? [
            {
              severity: 'breaking',
              message: `values now restricted to ${[...next.enum].join(', ')} in ${whose(direction)}`,
              old: old.pointer,
              new: next.at('enum'),
            },
          ]
        : [];
    const removed = [...old.enum].filter((v) => !next.enum!.has(v));
    return removed.map((v) => ({
      severity: by(direction, 'breaking', 'additive'),
      message: `enum value ${v} removed from ${whose(direction)}`,
      old: old.at('enum'),
      new: next.at('enum'),
    }));
  },
};

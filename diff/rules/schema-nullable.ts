import type { DiffRule } from '../types.js';
import { by, whose } from './grade.js';

export const nullable: DiffRule = {
  id: 'schema.nullable',
  title: 'null becomes possible in a response, or is refused in a request: breaking',
  on: 'schema',
  check({ old, new: next, direction }) {
    if (old.nullable === next.nullable) return [];
    const breaking = direction === 'response' ? next.nullable : old.nullable;
    return [
      {
        severity: breaking ? 'breaking' : by(direction, 'additive', 'additive'),
        message: next.nullable ? `now nullable in ${whose(direction)}` : `no longer nullable in ${whose(direction)}`,
        old: old.pointer,
        new: next.pointer,
      },
    ];
  },
};

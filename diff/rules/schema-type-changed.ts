import type { DiffRule } from '../types.js';
import { whose } from './grade.js';

export const typeChanged: DiffRule = {
  id: 'schema.type-changed',
  title: 'A type no longer accepted in a request, or a new type in a response: breaking; the other way: additive',
  on: 'schema',
  check({ old, new: next, direction }) {
    if (old.types.size === 0 || next.types.size === 0) return [];
    const within = (t: string, set: Set<string>) => set.has(t) || (t === 'integer' && set.has('number'));
    const lost = [...old.types].filter((t) => !within(t, next.types));
    const gained = [...next.types].filter((t) => !within(t, old.types));
    if (lost.length === 0 && gained.length === 0) return [];
    const narrowed = direction === 'request' ? lost.length > 0 : gained.length > 0;
    const from = [...old.types].join('|');
    const to = [...next.types].join('|');
    return [
      {
        severity: narrowed ? 'breaking' : 'additive',
        message: `type ${from} -> ${to} in ${whose(direction)}`,
        old: old.at('type'),
        new: next.at('type'),
      },
    ];
  },
};

import type { DiffRule } from '../types.js';
import { by, whose } from './grade.js';

export const additionalProperties: DiffRule = {
  id: 'schema.additional-properties',
  title: 'Extra properties refused in a request: breaking; allowed in a response where they were not: warning',
  on: 'schema',
  check({ old, new: next, direction }) {
    const closed = (v: unknown) => v === false;
    const a = closed(old.get('additionalProperties'));
    const b = closed(next.get('additionalProperties'));
    if (
      a === b ||
      (old.types.has('object') === false && next.types.has('object') === false && old.properties.size === 0)
    )
      return [];
    return [
      {
        severity: b ? by(direction, 'breaking', 'additive') : by(direction, 'additive', 'warning'),
        message: `${b ? 'no longer allows' : 'now allows'} properties beyond those listed in ${whose(direction)}`,
        old: a ? old.at('additionalProperties') : old.pointer,
        new: b ? next.at('additionalProperties') : next.pointer,
      },
    ];
  },
};

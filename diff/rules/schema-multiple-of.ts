import type { DiffRule } from '../types.js';
import { by, whose } from './grade.js';

export const multipleOf: DiffRule = {
  id: 'schema.multiple-of',
  title: 'multipleOf added or changed in a request: breaking; in a response: warning',
  on: 'schema',
  check({ old, new: next, direction }) {
    const a = old.get('multipleOf');
    const b = next.get('multipleOf');
    if (a === b) return [];
    const severity = b === undefined ? by(direction, 'additive', 'warning') : by(direction, 'breaking', 'warning');
    return [
      {
        severity,
        message: `multipleOf ${a ?? '(none)'} -> ${b ?? '(none)'} in ${whose(direction)}`,
        old: a === undefined ? old.pointer : old.at('multipleOf'),
        new: b === undefined ? next.pointer : next.at('multipleOf'),
      },
    ];
  },
};

import type { DiffRule } from '../types.js';
import { by, show, whose } from './grade.js';

export const patternChanged: DiffRule = {
  id: 'schema.pattern-changed',
  title: 'pattern added or changed in a request: breaking; changed in a response: warning',
  on: 'schema',
  check({ old, new: next, direction }) {
    const a = old.get('pattern');
    const b = next.get('pattern');
    if (a === b) return [];
    const severity =
      b === undefined
        ? by(direction, 'additive', 'warning')
        : by(direction, 'breaking', a === undefined ? 'additive' : 'warning');
    return [
      {
        severity,
        message: `pattern ${a === undefined ? '(none)' : show(a)} -> ${b === undefined ? '(none)' : show(b)} in ${whose(direction)}`,
        old: a === undefined ? old.pointer : old.at('pattern'),
        new: b === undefined ? next.pointer : next.at('pattern'),
      },
    ];
  },
};

import type { DiffRule } from '../types.js';
import { by, show, whose } from './grade.js';

export const formatChanged: DiffRule = {
  id: 'schema.format-changed',
  title: 'format added or changed in a request: breaking; changed in a response: warning',
  on: 'schema',
  check({ old, new: next, direction }) {
    const a = old.get('format');
    const b = next.get('format');
    if (a === b) return [];
    const severity =
      b === undefined
        ? by(direction, 'additive', 'warning')
        : a === undefined
          ? by(direction, 'breaking', 'additive')
          : by(direction, 'breaking', 'warning');
    return [
      {
        severity,
        message: `format ${a === undefined ? '(none)' : show(a)} -> ${b === undefined ? '(none)' : show(b)} in ${whose(direction)}`,
        old: a === undefined ? old.pointer : old.at('format'),
        new: b === undefined ? next.pointer : next.at('format'),
      },
    ];
  },
};

import type { DiffRule } from '../types.js';
import { show } from './grade.js';

export const defaultChanged: DiffRule = {
  id: 'schema.default-changed',
  title: 'The default of a value the partner may omit changes: warning (the service now assumes something else)',
  on: 'schema',
  check({ old, new: next, direction }) {
    if (direction !== 'request') return [];
    const a = old.get('default');
    const b = next.get('default');
    if (JSON.stringify(a) === JSON.stringify(b)) return [];
    return [
      {
        severity: 'warning',
        message: `default ${a === undefined ? '(none)' : show(a)} -> ${b === undefined ? '(none)' : show(b)} in what you send`,
        old: a === undefined ? old.pointer : old.at('default'),
        new: b === undefined ? next.pointer : next.at('default'),
      },
    ];
  },
};

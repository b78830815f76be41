import type { DiffRule } from '../types.js';
import { by, show, whose } from './grade.js';

export const formatChanged: DiffRule = {
  id: 'schema.format-changed',
  title:
    'format added or changed in a request: breaking (int64 or double on a number: additive, the JSON number it already was); changed in a response: warning',
  on: 'schema',
  check({ old, new: next, direction }) {
    const a = old.get('format');
    const b = next.get('format');
    if (a === b) return [];
    // OpenAPI's int64 and double name the range a JSON number already has: no value is refused.
    const annotation = a === undefined && (b === 'int64' || b === 'double') && !next.types.has('string');
    const severity = annotation
      ? 'additive'
      : b === undefined
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

import type { DiffRule } from '../types.js';
import { by, show, whose } from './grade.js';

export const propertyRemoved: DiffRule = {
  id: 'schema.property-removed',
  title:
    'A property removed from a response (or renamed): breaking; from a request: breaking when extra properties are refused, else a warning',
  on: 'schema',
  check({ old, new: next, direction }) {
    const closed = next.get('additionalProperties') === false;
    return [...old.properties]
      .filter(([name]) => !next.properties.has(name))
      .map(([name, p]) => ({
        severity: by(direction, closed ? 'breaking' : 'warning', 'breaking'),
        message: `property ${show(name)} removed from ${whose(direction)}`,
        old: p.pointer,
        new: next.pointer,
      }));
  },
};

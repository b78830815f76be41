import type { DiffRule } from '../types.js';
import { by, show, whose } from './grade.js';

export const propertyAdded: DiffRule = {
  id: 'schema.property-added',
  title: 'An optional property added (a required one in a request is schema.required-added): additive',
  on: 'schema',
  check({ old, new: next, direction }) {
    return [...next.properties]
      .filter(([name]) => !old.properties.has(name) && !(direction === 'request' && next.required.has(name)))
      .map(([name, p]) => ({
        severity: by(direction, 'additive', 'additive'),
        message: `property ${show(name)} added to ${whose(direction)}`,
        old: old.pointer,
        new: p.pointer,
      }));
  },
};

import type { DiffRule } from '../types.js';
import { by, show, whose } from './grade.js';

export const requiredAdded: DiffRule = {
  id: 'schema.required-added',
  title: 'A property becomes required in a request: breaking; in a response: additive',
  on: 'schema',
  check({ old, new: next, direction }) {
    return [...next.required]
      .filter((name) => !old.required.has(name))
      .map((name) => ({
        severity: by(direction, 'breaking', 'additive'),
        message: `property ${show(name)} now required in ${whose(direction)}`,
        old: old.pointer,
        new: next.properties.get(name)?.pointer ?? next.at('required'),
      }));
  },
};

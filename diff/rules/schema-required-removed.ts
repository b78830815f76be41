import type { DiffRule } from '../types.js';
import { by, show, whose } from './grade.js';

export const requiredRemoved: DiffRule = {
  id: 'schema.required-removed',
  title: 'A property becomes optional in a response (it may now be absent): breaking; in a request: additive',
  on: 'schema',
  check({ old, new: next, direction }) {
    return [...old.required]
      .filter((name) => !next.required.has(name) && (next.properties.has(name) || !old.properties.has(name)))
      .map((name) => ({
        severity: by(direction, 'additive', 'breaking'),
        message: `property ${show(name)} no longer required in ${whose(direction)}`,
        old: old.properties.get(name)?.pointer ?? old.at('required'),
        new: next.properties.get(name)?.pointer ?? next.pointer,
      }));
  },
};

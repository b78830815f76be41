import type { DiffRule } from '../types.js';
import { by, whose } from './grade.js';

export const variantsChanged: DiffRule = {
  id: 'schema.variants-changed',
  title:
    'A oneOf/anyOf variant added to a response (a shape your code does not handle): breaking; removed from a request: breaking',
  on: 'schema',
  check({ old, new: next, direction }) {
    const out = [];
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const a = old.get(keyword);
      const b = next.get(keyword);
      if (!Array.isArray(a) || !Array.isArray(b) || a.length === b.length) continue;
      const added = b.length > a.length;
      out.push({
        severity: added ? by(direction, 'additive', 'breaking') : by(direction, 'breaking', 'additive'),
        message: `${keyword} ${a.length} -> ${b.length} variants in ${whose(direction)}`,
        old: old.at(keyword),
        new: next.at(keyword),
      });
    }
    return out;
  },
};

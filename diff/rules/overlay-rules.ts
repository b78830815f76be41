/** The overlay's `x-cbp-rules` of an operation, by rule id (shared by the rules.* rules). */
import { child, isObj } from '../document.js';

export const rulesOf = (op: Record<string, unknown>, pointer: string) => {
  const list = op['x-cbp-rules'];
  const out = new Map<string, { rule: Record<string, unknown>; pointer: string }>();
  if (Array.isArray(list))
    list.forEach((r, i) => {
      if (isObj(r) && typeof r.id === 'string') out.set(r.id, { rule: r, pointer: child(pointer, 'x-cbp-rules', i) });
    });
  return out;
};

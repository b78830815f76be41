import { child, isObj } from '../document.js';
import type { DiffRule } from '../types.js';

export const responseHeaderRemoved: DiffRule = {
  id: 'response.header-removed',
  title: 'A response header removed: breaking (your code may read it)',
  on: 'operation',
  check(pair, ctx) {
    if (pair.kind !== 'operation' || !isObj(pair.old.responses) || !isObj(pair.new.responses)) return [];
    const out = [];
    for (const [status, raw] of Object.entries(pair.old.responses)) {
      if (!(status in pair.new.responses)) continue;
      const a = ctx.resolve('old', raw, child(pair.oldPointer, 'responses', status));
      const b = ctx.resolve('new', pair.new.responses[status], child(pair.newPointer, 'responses', status));
      if (!isObj(a.value.headers)) continue;
      const kept = new Set(Object.keys(isObj(b.value.headers) ? b.value.headers : {}).map((h) => h.toLowerCase()));
      for (const h of Object.keys(a.value.headers))
        if (!kept.has(h.toLowerCase()))
          out.push({
            severity: 'breaking' as const,
            message: `response ${status} header ${h} removed`,
            old: child(a.pointer, 'headers', h),
            new: b.pointer,
          });
    }
    return out;
  },
};

import { child, isObj } from '../document.js';
import type { DiffRule } from '../types.js';

export const responseMediaTypeRemoved: DiffRule = {
  id: 'response.media-type-removed',
  title: 'A media type of a response removed: breaking (your code parses it)',
  on: 'operation',
  check(pair, ctx) {
    if (pair.kind !== 'operation' || !isObj(pair.old.responses) || !isObj(pair.new.responses)) return [];
    const out = [];
    for (const [status, raw] of Object.entries(pair.old.responses)) {
      if (!(status in pair.new.responses)) continue;
      const a = ctx.resolve('old', raw, child(pair.oldPointer, 'responses', status));
      const b = ctx.resolve('new', pair.new.responses[status], child(pair.newPointer, 'responses', status));
      if (!isObj(a.value.content)) continue;
      const kept = isObj(b.value.content) ? b.value.content : {};
      for (const t of Object.keys(a.value.content))
        if (!(t in kept))
          out.push({
            severity: 'breaking' as const,
            message: `response ${status} media type ${t} removed`,
            old: child(a.pointer, 'content', t),
            new: b.pointer,
          });
    }
    return out;
  },
};

import { child, isObj, operationsOf } from '../document.js';
import type { DiffRule } from '../types.js';

export const serverRemoved: DiffRule = {
  id: 'server.removed',
  title: "A server URL removed (the document's or an operation's, such as the token endpoint's): breaking",
  on: 'contract',
  check(sides) {
    const urls = (list: unknown) =>
      new Set((Array.isArray(list) ? list : []).flatMap((s) => (isObj(s) && typeof s.url === 'string' ? [s.url] : [])));
    const out = [];
    const before = urls(sides.old.document.servers);
    const after = urls(sides.new.document.servers);
    for (const url of before)
      if (!after.has(url) && after.size > 0)
        out.push({
          severity: 'breaking' as const,
          message: `server ${url} removed`,
          old: '/servers',
          new: '/servers',
          subjects: [],
        });
    const ops = operationsOf(sides.new.document);
    for (const [key, o] of operationsOf(sides.old.document)) {
      const n = ops.get(key);
      if (!n || o.servers === undefined) continue;
      const next = n.servers === undefined ? after : urls(n.servers);
      for (const url of urls(o.servers))
        if (!next.has(url))
          out.push({
            severity: 'breaking' as const,
            message: `server ${url} of ${o.subject.method} ${o.subject.path} removed`,
            old: child(o.pointer, 'servers'),
            new: n.servers === undefined ? n.pointer : child(n.pointer, 'servers'),
            subjects: [n.subject],
          });
    }
    return out;
  },
};

import { isObj, operationsOf, resolve } from '../document.js';
import type { DiffRule } from '../types.js';

export const securitySchemeChanged: DiffRule = {
  id: 'security.scheme-changed',
  title: "A security scheme's type, location, token URL, flows or scopes changed or removed: breaking",
  on: 'contract',
  check(sides) {
    const schemes = (doc: Record<string, unknown>) => {
      const c = doc.components;
      return isObj(c) && isObj(c.securitySchemes) ? c.securitySchemes : {};
    };
    const a = schemes(sides.old.document);
    const b = schemes(sides.new.document);
    const users = (name: string) =>
      [...operationsOf(sides.new.document).values()]
        .filter((o) =>
          JSON.stringify(o.operation.security ?? sides.new.document.security ?? []).includes(JSON.stringify(name)),
        )
        .map((o) => o.subject);
    const out = [];
    for (const [name, raw] of Object.entries(a)) {
      const pointer = `/components/securitySchemes/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (!(name in b)) {
        out.push({
          severity: 'breaking' as const,
          message: `security scheme ${name} removed`,
          old: pointer,
          subjects: [],
        });
        continue;
      }
      const o = resolve(sides.old.document, raw, pointer).value;
      const n = resolve(sides.new.document, b[name], pointer).value;
      const fields = ['type', 'in', 'name', 'scheme', 'bearerFormat', 'openIdConnectUrl'].filter((k) => o[k] !== n[k]);
      const of = isObj(o.flows) ? o.flows : {};
      const nf = isObj(n.flows) ? n.flows : {};
      for (const [flow, f] of Object.entries(of)) {
        const g = nf[flow];
        if (!isObj(f)) continue;
        if (!isObj(g)) {
          fields.push(`flows.${flow}`);
          continue;
        }
        for (const k of ['tokenUrl', 'authorizationUrl']) if (f[k] !== g[k]) fields.push(`flows.${flow}.${k}`);
        const scopes = isObj(g.scopes) ? g.scopes : {};
        for (const s of Object.keys(isObj(f.scopes) ? f.scopes : {}))
          if (!(s in scopes)) fields.push(`flows.${flow}.scopes.${s} removed`);
      }
      if (fields.length > 0)
        out.push({
          severity: 'breaking' as const,
          message: `security scheme ${name} changed: ${fields.join(', ')}`,
          old: pointer,
          new: pointer,
          subjects: users(name),
        });
    }
    return out;
  },
};

import { child, isObj } from '../document.js';
import type { DiffRule } from '../types.js';

export const securityRequirementChanged: DiffRule = {
  id: 'security.requirement-changed',
  title:
    'The security an operation accepts loses an alternative (a scheme or scope the partner authenticates with): breaking; gains one: additive',
  on: 'operation',
  check(pair, ctx) {
    if (pair.kind !== 'operation') return [];
    const effective = (side: 'old' | 'new') => {
      const op = pair[side];
      const own = op.security;
      const list = own ?? ctx.sides[side].document.security;
      const pointer =
        own !== undefined ? child(side === 'old' ? pair.oldPointer : pair.newPointer, 'security') : '/security';
      const alternatives = (Array.isArray(list) ? list : []).map((req) =>
        isObj(req)
          ? Object.entries(req)
              .map(
                ([scheme, scopes]) =>
                  `${scheme}${Array.isArray(scopes) && scopes.length > 0 ? `[${[...scopes].sort().join(' ')}]` : ''}`,
              )
              .sort()
              .join(' + ') || '(anonymous)'
          : '',
      );
      return { alternatives: new Set(alternatives.length > 0 ? alternatives : ['(anonymous)']), pointer };
    };
    const a = effective('old');
    const b = effective('new');
    const out = [];
    for (const alt of a.alternatives)
      if (!b.alternatives.has(alt))
        out.push({
          severity: 'breaking' as const,
          message: `security ${alt} no longer accepted (now: ${[...b.alternatives].join(' | ')})`,
          old: a.pointer,
          new: b.pointer,
        });
    for (const alt of b.alternatives)
      if (!a.alternatives.has(alt) && out.length === 0)
        out.push({
          severity: 'additive' as const,
          message: `security ${alt} now also accepted`,
          old: a.pointer,
          new: b.pointer,
        });
    return out;
  },
};

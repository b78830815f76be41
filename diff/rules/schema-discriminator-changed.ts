import type { DiffRule } from '../types.js';
import { by, show, whose } from './grade.js';

export const discriminatorChanged: DiffRule = {
  id: 'schema.discriminator-changed',
  title:
    'A discriminator property renamed: breaking; a mapping value added in a response or removed in a request: breaking',
  on: 'schema',
  check({ old, new: next, direction }) {
    const a = old.get('discriminator');
    const b = next.get('discriminator');
    const rec = (v: unknown) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined);
    const [da, db] = [rec(a), rec(b)];
    if (da === undefined && db === undefined) return [];
    if (da === undefined || db === undefined || da.propertyName !== db.propertyName)
      return [
        {
          severity: 'breaking',
          message: `discriminator ${da ? show(da.propertyName) : '(none)'} -> ${db ? show(db.propertyName) : '(none)'} in ${whose(direction)}`,
          old: da ? old.at('discriminator') : old.pointer,
          new: db ? next.at('discriminator') : next.pointer,
        },
      ];
    const ma = Object.keys(rec(da.mapping) ?? {});
    const mb = Object.keys(rec(db.mapping) ?? {});
    return [
      ...mb
        .filter((k) => !ma.includes(k))
        .map((k) => ({
          severity: by(direction, 'additive', 'breaking'),
          message: `discriminator value ${show(k)} added to ${whose(direction)}`,
          old: old.at('discriminator'),
          new: `${next.at('discriminator')}/mapping/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        })),
      ...ma
        .filter((k) => !mb.includes(k))
        .map((k) => ({
          severity: by(direction, 'breaking', 'additive'),
          message: `discriminator value ${show(k)} removed from ${whose(direction)}`,
          old: `${old.at('discriminator')}/mapping/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          new: next.at('discriminator'),
        })),
    ];
  },
};

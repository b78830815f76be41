/** Which parameters of an operation pair are gone, new, or renamed (gone and new at the same
 * location with the same schema type): shared by the parameter rules. */
import { operationsOf, parameterSchema, schemaView } from '../document.js';
import type { OperationPair, RuleContext } from '../types.js';

interface Param {
  key: string;
  parameter: Record<string, unknown>;
  pointer: string;
}

export interface ParameterChanges {
  removed: Param[];
  added: Param[];
  renamed: Array<{ old: Param; new: Param }>;
}

const cache = new WeakMap<object, ParameterChanges>();

export function parameterChanges(pair: OperationPair, ctx: RuleContext): ParameterChanges {
  const hit = cache.get(pair.old);
  if (hit) return hit;
  const o = indexed(ctx, 'old').get(pair.key) ?? new Map();
  const n = indexed(ctx, 'new').get(pair.key) ?? new Map();
  const gone = [...o].filter(([k]) => !n.has(k)).map(([key, v]) => ({ key, ...v }));
  const fresh = [...n].filter(([k]) => !o.has(k)).map(([key, v]) => ({ key, ...v }));
  const typeOf = (side: 'old' | 'new', p: Param) => {
    const s = parameterSchema(p.parameter, p.pointer);
    return s ? [...schemaView(ctx.sides[side].document, s.schema, s.pointer).types].join('|') : '';
  };
  const renamed: ParameterChanges['renamed'] = [];
  for (const g of gone) {
    const j = fresh.findIndex(
      (f) =>
        f.parameter.in === g.parameter.in && typeOf('old', g) === typeOf('new', f) && !renamed.some((r) => r.new === f),
    );
    // One gone and one new at the same place: a rename. Several: too ambiguous to pair.
    const sameIn = (list: Param[]) => list.filter((x) => x.parameter.in === g.parameter.in).length;
    if (j >= 0 && sameIn(gone) === 1 && sameIn(fresh) === 1) renamed.push({ old: g, new: fresh[j]! });
  }
  const result = {
    removed: gone.filter((g) => !renamed.some((r) => r.old === g)),
    added: fresh.filter((f) => !renamed.some((r) => r.new === f)),
    renamed,
  };
  cache.set(pair.old, result);
  return result;
}

const indexes = new WeakMap<
  object,
  Map<string, Map<string, { parameter: Record<string, unknown>; pointer: string }>>
>();
function indexed(ctx: RuleContext, side: 'old' | 'new') {
  const doc = ctx.sides[side].document;
  let hit = indexes.get(doc);
  if (!hit) {
    hit = new Map([...operationsOf(doc)].map(([k, v]) => [k, v.parameters]));
    indexes.set(doc, hit);
  }
  return hit;
}

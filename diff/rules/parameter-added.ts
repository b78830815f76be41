import { parameterChanges } from './parameters.js';
import type { DiffRule } from '../types.js';

export const parameterAdded: DiffRule = {
  id: 'parameter.added',
  title: 'A required parameter added to a request: breaking; an optional one: additive',
  on: 'operation',
  check(pair, ctx) {
    return parameterChanges(pair, ctx).added.map((p) => ({
      severity:
        pair.kind === 'operation' && p.parameter.required === true ? ('breaking' as const) : ('additive' as const),
      message: `${p.parameter.required === true ? 'required' : 'optional'} ${String(p.parameter.in)} parameter ${JSON.stringify(p.parameter.name)} added`,
      old: pair.oldPointer,
      new: p.pointer,
    }));
  },
};

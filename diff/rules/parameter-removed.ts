import { parameterChanges } from './parameters.js';
import type { DiffRule } from '../types.js';

export const parameterRemoved: DiffRule = {
  id: 'parameter.removed',
  title:
    'A parameter removed: breaking (code that passes it, or reads it from a webhook, no longer compiles against the regenerated types)',
  on: 'operation',
  check(pair, ctx) {
    return parameterChanges(pair, ctx).removed.map((p) => ({
      severity: 'breaking' as const,
      message: `${String(p.parameter.in)} parameter ${JSON.stringify(p.parameter.name)} removed`,
      old: p.pointer,
      new: pair.newPointer,
    }));
  },
};

import { parameterChanges } from './parameters.js';
import type { DiffRule } from '../types.js';

export const parameterRenamed: DiffRule = {
  id: 'parameter.renamed',
  title: 'A parameter renamed (one gone and one new at the same location, same type): breaking',
  on: 'operation',
  check(pair, ctx) {
    return parameterChanges(pair, ctx).renamed.map((r) => ({
      severity: 'breaking' as const,
      message: `${String(r.old.parameter.in)} parameter ${JSON.stringify(r.old.parameter.name)} renamed ${JSON.stringify(r.new.parameter.name)}`,
      old: r.old.pointer,
      new: r.new.pointer,
    }));
  },
};

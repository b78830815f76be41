import { operationsOf } from '../document.js';
import type { DiffRule } from '../types.js';

export const operationRemoved: DiffRule = {
  id: 'operation.removed',
  title: 'An operation removed: breaking',
  on: 'contract',
  check(sides) {
    const after = operationsOf(sides.new.document);
    return [...operationsOf(sides.old.document)]
      .filter(([key, o]) => o.subject.kind === 'operation' && !after.has(key))
      .map(([, o]) => ({
        severity: 'breaking' as const,
        message: `operation ${o.subject.method} ${o.subject.path} removed`,
        old: o.pointer,
        subjects: [o.subject],
      }));
  },
};

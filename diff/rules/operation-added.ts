import { operationsOf } from '../document.js';
import type { DiffRule } from '../types.js';

export const operationAdded: DiffRule = {
  id: 'operation.added',
  title: 'An operation added: additive',
  on: 'contract',
  check(sides) {
    const before = operationsOf(sides.old.document);
    return [...operationsOf(sides.new.document)]
      .filter(([key, o]) => o.subject.kind === 'operation' && !before.has(key))
      .map(([, o]) => ({
        severity: 'additive' as const,
        message: `operation ${o.subject.method} ${o.subject.path} added`,
        new: o.pointer,
        subjects: [o.subject],
      }));
  },
};

import { operationsOf } from '../document.js';
import type { DiffRule } from '../types.js';

export const webhookRemoved: DiffRule = {
  id: 'webhook.removed',
  title: 'A webhook removed: breaking (a consumer waiting for its events waits forever)',
  on: 'contract',
  check(sides) {
    const after = operationsOf(sides.new.document);
    return [...operationsOf(sides.old.document)]
      .filter(([key, o]) => o.subject.kind === 'webhook' && !after.has(key))
      .map(([, o]) => ({
        severity: 'breaking' as const,
        message: `webhook ${o.subject.key} (${o.subject.method}) removed`,
        old: o.pointer,
        subjects: [o.subject],
      }));
  },
};

import { operationsOf } from '../document.js';
import type { DiffRule } from '../types.js';

export const webhookAdded: DiffRule = {
  id: 'webhook.added',
  title: 'A webhook added: warning (new events may reach your endpoint)',
  on: 'contract',
  check(sides) {
    const before = operationsOf(sides.old.document);
    return [...operationsOf(sides.new.document)]
      .filter(([key, o]) => o.subject.kind === 'webhook' && !before.has(key))
      .map(([, o]) => ({
        severity: 'warning' as const,
        message: `webhook ${o.subject.key} (${o.subject.method}) added`,
        new: o.pointer,
        subjects: [o.subject],
      }));
  },
};

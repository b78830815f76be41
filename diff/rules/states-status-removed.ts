import type { DiffRule } from '../types.js';

export const statusRemoved: DiffRule = {
  id: 'states.status-removed',
  title: 'A payment status removed from the state table: warning (your branch for it goes dead)',
  on: 'state-table',
  check(old, next) {
    const kept = new Set(next.statuses.map((s) => s.name));
    return old.statuses.flatMap((s, i) =>
      kept.has(s.name)
        ? []
        : [
            {
              severity: 'warning' as const,
              message: `payment status ${s.name} removed`,
              old: `/statuses/${i}`,
              new: '/statuses',
            },
          ],
    );
  },
};

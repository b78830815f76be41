import type { DiffRule } from '../types.js';

export const statusAdded: DiffRule = {
  id: 'states.status-added',
  title: 'A payment status added to the state table: breaking (your state machine has no branch for it)',
  on: 'state-table',
  check(old, next) {
    const known = new Set(old.statuses.map((s) => s.name));
    return next.statuses.flatMap((s, i) =>
      known.has(s.name)
        ? []
        : [
            {
              severity: 'breaking' as const,
              message: `payment status ${s.name} added`,
              old: '/statuses',
              new: `/statuses/${i}`,
            },
          ],
    );
  },
};

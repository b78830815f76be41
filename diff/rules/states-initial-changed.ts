import type { DiffRule } from '../types.js';

export const initialChanged: DiffRule = {
  id: 'states.initial-changed',
  title: 'A new first status of a payment: breaking; one no longer first: warning',
  on: 'state-table',
  check(old, next) {
    const a = new Set(old.initial.map((s) => s.status));
    const b = new Set(next.initial.map((s) => s.status));
    return [
      ...next.initial.flatMap((s, i) =>
        a.has(s.status)
          ? []
          : [
              {
                severity: 'breaking' as const,
                message: `a payment may now start in ${s.status}`,
                old: '/initial',
                new: `/initial/${i}`,
              },
            ],
      ),
      ...old.initial.flatMap((s, i) =>
        b.has(s.status)
          ? []
          : [
              {
                severity: 'warning' as const,
                message: `a payment no longer starts in ${s.status}`,
                old: `/initial/${i}`,
                new: '/initial',
              },
            ],
      ),
    ];
  },
};

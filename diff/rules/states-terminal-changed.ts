import type { DiffRule } from '../types.js';

export const terminalChanged: DiffRule = {
  id: 'states.terminal-changed',
  title: 'A status becomes terminal or stops being terminal: breaking (your consumer stops or keeps waiting)',
  on: 'state-table',
  check(old, next) {
    const before = new Map(
      old.statuses.map((s, i) => [s.name, { terminal: s.terminal === true, pointer: `/statuses/${i}` }]),
    );
    return next.statuses.flatMap((s, i) => {
      const o = before.get(s.name);
      if (!o || o.terminal === (s.terminal === true)) return [];
      return [
        {
          severity: 'breaking' as const,
          message: `payment status ${s.name} ${s.terminal === true ? 'now terminal' : 'no longer terminal'}`,
          old: o.pointer,
          new: `/statuses/${i}`,
        },
      ];
    });
  },
};

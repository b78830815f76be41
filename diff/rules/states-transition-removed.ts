import { movesOf } from './transitions.js';
import type { DiffRule } from '../types.js';

export const transitionRemoved: DiffRule = {
  id: 'states.transition-removed',
  title: 'A transition removed: breaking (a move your code waits for never comes)',
  on: 'state-table',
  check(old, next) {
    const after = movesOf(next);
    return [...movesOf(old)]
      .filter(([move]) => !after.has(move))
      .map(([move, o]) => ({
        severity: 'breaking' as const,
        message: `transition ${move} removed`,
        old: o.pointer,
        new: '/transitions',
      }));
  },
};

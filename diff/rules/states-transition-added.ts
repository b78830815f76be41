import { movesOf } from './transitions.js';
import type { DiffRule } from '../types.js';

export const transitionAdded: DiffRule = {
  id: 'states.transition-added',
  title: 'A transition added: breaking (a move your state machine refuses or never expects)',
  on: 'state-table',
  check(old, next) {
    const before = movesOf(old);
    return [...movesOf(next)]
      .filter(([move]) => !before.has(move))
      .map(([move, n]) => ({
        severity: 'breaking' as const,
        message: `transition ${move} added (${n.t.trigger})`,
        old: '/transitions',
        new: n.pointer,
      }));
  },
};

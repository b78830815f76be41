/** Transitions matched by their move (from -> to), which is what a consumer's state machine encodes. */
import type { StateTable } from '../../kits/payments/state-table/index.js';

export const moveOf = (t: StateTable['transitions'][number]) => `${t.from ?? '(start)'} -> ${t.to}`;

export function movesOf(table: StateTable) {
  return new Map(table.transitions.map((t, i) => [moveOf(t), { t, pointer: `/transitions/${i}` }]));
}

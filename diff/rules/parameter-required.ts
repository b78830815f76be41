import { child } from '../document.js';
import type { DiffRule } from '../types.js';

export const parameterRequired: DiffRule = {
  id: 'parameter.required',
  title: 'A request parameter becomes required, or a webhook header optional: breaking; the other way: additive',
  on: 'parameter',
  check(pair) {
    const a = pair.old.required === true;
    const b = pair.new.required === true;
    if (a === b) return [];
    const breaking = pair.direction === 'request' ? b : a;
    return [
      {
        severity: breaking ? 'breaking' : 'additive',
        message: `${String(pair.new.in)} parameter ${JSON.stringify(pair.new.name)} ${b ? 'now required' : 'now optional'}`,
        old: a ? child(pair.oldPointer, 'required') : pair.oldPointer,
        new: b ? child(pair.newPointer, 'required') : pair.newPointer,
      },
    ];
  },
};

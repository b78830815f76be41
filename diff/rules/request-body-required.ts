import { child } from '../document.js';
import type { DiffRule } from '../types.js';

export const requestBodyRequired: DiffRule = {
  id: 'request-body.required',
  title: 'A request body becomes required: breaking',
  on: 'operation',
  check(pair, ctx) {
    if (pair.kind !== 'operation') return [];
    const a = ctx.resolve('old', pair.old.requestBody, child(pair.oldPointer, 'requestBody'));
    const b = ctx.resolve('new', pair.new.requestBody, child(pair.newPointer, 'requestBody'));
    if (b.value.required !== true || a.value.required === true) return [];
    return [
      {
        severity: 'breaking',
        message: pair.old.requestBody === undefined ? 'a required request body added' : 'request body now required',
        old: pair.old.requestBody === undefined ? pair.oldPointer : a.pointer,
        new: child(b.pointer, 'required'),
      },
    ];
  },
};

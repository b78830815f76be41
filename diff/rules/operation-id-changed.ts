import { child } from '../document.js';
import type { DiffRule } from '../types.js';

export const operationIdChanged: DiffRule = {
  id: 'operation.id-changed',
  title: "operationId changed: breaking (the generated client's method is renamed)",
  on: 'operation',
  check(pair, ctx) {
    void ctx;
    const a = pair.old.operationId;
    const b = pair.new.operationId;
    if (a === b || a === undefined) return [];
    return [
      {
        severity: 'breaking',
        message: `operationId ${String(a)} -> ${b === undefined ? '(none)' : String(b)}: the generated client's method is renamed`,
        old: child(pair.oldPointer, 'operationId'),
        new: b === undefined ? pair.newPointer : child(pair.newPointer, 'operationId'),
      },
    ];
  },
};

import { child, isObj } from '../document.js';
import type { DiffRule } from '../types.js';

export const requestMediaTypeRemoved: DiffRule = {
  id: 'request-body.media-type-removed',
  title: 'A media type of the request body (or of a webhook payload) removed: breaking',
  on: 'operation',
  check(pair, ctx) {
    const a = ctx.resolve('old', pair.old.requestBody, child(pair.oldPointer, 'requestBody'));
    const b = ctx.resolve('new', pair.new.requestBody, child(pair.newPointer, 'requestBody'));
    if (!isObj(a.value.content) || !isObj(b.value.content)) return [];
    const kept = b.value.content;
    return Object.keys(a.value.content)
      .filter((t) => !(t in kept))
      .map((t) => ({
        severity: 'breaking' as const,
        message: `${pair.kind === 'webhook' ? 'webhook payload' : 'request body'} media type ${t} removed`,
        old: child(a.pointer, 'content', t),
        new: child(b.pointer, 'content'),
      }));
  },
};

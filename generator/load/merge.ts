/**
 * The merge of an Overlay `update` (OpenAPI Overlay 1.0, "Action Object"): objects merge
 * recursively, primitives replace, arrays are appended to. Two refinements make applying the same
 * overlay twice a no-op (we re-run generation constantly):
 *  - an appended object with an `id` that an element already has replaces that element;
 *  - an appended value deep-equal to an element already present is not added again.
 */
import { isDeepStrictEqual } from 'node:util';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets an own property even for `__proto__`, so a document can never change a prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function mergeInto(target: Record<string, unknown>, update: Record<string, unknown>): void {
  for (const key of Object.keys(update)) {
    const next = update[key];
    const current = Object.hasOwn(target, key) ? target[key] : undefined;
    if (isPlainObject(current) && isPlainObject(next)) mergeInto(current, next);
    else if (Array.isArray(current) && Array.isArray(next)) for (const item of next) appendTo(current, item);
    else setOwn(target, key, structuredClone(next));
  }
}

export function appendTo(target: unknown[], item: unknown): void {
  const id = isPlainObject(item) ? item.id : undefined;
  if (typeof id === 'string' || typeof id === 'number') {
    const at = target.findIndex((el) => isPlainObject(el) && el.id === id);
    if (at >= 0) {
      target[at] = structuredClone(item);
      return;
    }
  }
  if (target.some((el) => isDeepStrictEqual(el, item))) return;
  target.push(structuredClone(item));
}

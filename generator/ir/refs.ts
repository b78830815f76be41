/**
 * Local `$ref` resolution for the bundled document (after bundling every $ref is internal).
 * Parameter, response, request body and header objects are resolved; schemas keep their $refs.
 */
import { parseFragmentPointer } from 'cross-border-payments-runtime/validators';
import { CbpError } from '../../lib/errors.js';

export type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function getPointer(doc: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '#') return doc;
  const tokens = parseFragmentPointer(pointer);
  let node: unknown = doc;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObj(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

/** Follows `$ref` chains (bounded, so a cycle cannot hang us). */
export function deref(doc: unknown, value: unknown, file: string, at: string): unknown {
  let node = value;
  for (let hops = 0; isObj(node) && typeof node.$ref === 'string'; hops++) {
    const ref = node.$ref;
    if (hops > 32 || !ref.startsWith('#')) {
      throw new CbpError('E_SPEC_INVALID', `cannot resolve $ref ${JSON.stringify(ref)}`, { file, pointer: at });
    }
    const next = getPointer(doc, ref);
    if (next === undefined)
      throw new CbpError('E_SPEC_INVALID', `$ref ${JSON.stringify(ref)} points to nothing`, { file, pointer: at });
    node = next;
  }
  return node;
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function extensions(node: Obj): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(node)) if (key.startsWith('x-')) out[key] = node[key];
  return out;
}

/** `target[key] = value` that stays a plain own key even for `__proto__` (document keys are data). */
export function setKey<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

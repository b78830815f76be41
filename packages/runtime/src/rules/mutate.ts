/** Helpers for `violate()`: find where a rule applies in a valid value and change one spot. */
import { parsePointerPattern, walk } from './pointer.js';

export interface Location {
  pointer: string;
  value: unknown;
  present: boolean;
}

export function locations(data: unknown, pointers: string | readonly string[]): Location[] {
  const out: Location[] = [];
  for (const p of typeof pointers === 'string' ? [pointers] : pointers) {
    walk(data, parsePointerPattern(p), (value, pointer, present) => out.push({ pointer, value, present }));
  }
  return out;
}

function parentOf(root: unknown, pointer: string): [Record<string, unknown> | unknown[], string] | undefined {
  const tokens = parsePointerPattern(pointer);
  let node: unknown = root;
  for (const t of tokens.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[t];
  }
  if (node === null || typeof node !== 'object') return undefined;
  return [node as Record<string, unknown>, tokens[tokens.length - 1]!];
}

/** A copy of `data` with the value at a plain pointer replaced (parents created as objects). */
export function withValue(data: unknown, pointer: string, value: unknown): unknown {
  const copy = structuredClone(data);
  const tokens = parsePointerPattern(pointer);
  let node = copy as Record<string, unknown>;
  for (const t of tokens.slice(0, -1)) {
    if (node[t] === null || typeof node[t] !== 'object') node[t] = {};
    node = node[t] as Record<string, unknown>;
  }
  node[tokens[tokens.length - 1]!] = value;
  return copy;
}

/** A copy of `data` without the member at a plain pointer. */
export function without(data: unknown, pointer: string): unknown {
  const copy = structuredClone(data);
  const parent = parentOf(copy, pointer);
  if (parent !== undefined && !Array.isArray(parent[0])) delete (parent[0] as Record<string, unknown>)[parent[1]];
  return copy;
}

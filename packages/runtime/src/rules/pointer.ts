/**
 * RFC 6901 pointers with one extension used by x-cbp-rules: a `*` token means "every
 * element of this array" (e.g. /items/*\/name).
 * Parsed once when a rule is created, walked per call without allocating on the success path.
 */

import { escapeToken, unescapeToken } from './json-pointer.js';

export { escapeToken };

export type PointerPattern = readonly string[];

export function parsePointerPattern(pointer: string): PointerPattern {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`rule pointer must start with "/": ${JSON.stringify(pointer)}`);
  return pointer.slice(1).split('/').map(unescapeToken);
}

/**
 * `node[token]` if it is the node's own member, else undefined. A plain keyed read is much
 * faster than hasOwnProperty; inherited members of Object.prototype are functions (never JSON
 * values) or `__proto__`, so those two cases are the only ones that need the slow check.
 */
export function member(node: object, token: string): unknown {
  const v = (node as Record<string, unknown>)[token];
  if (v === undefined) return undefined;
  if (typeof v === 'function' || (token === '__proto__' && !Object.hasOwn(node, token))) return undefined;
  return v;
}

/** Is the value at a location acceptable? `present` is false when the last token is absent
 * from an existing parent. Created once per rule, so the success path allocates nothing. */
export type Test = (value: unknown, present: boolean) => boolean;

export interface Found {
  pointer: string;
  value: unknown;
}

/** Every location the pattern reaches where `test` fails; null when there is none. Pointers
 * are only built for failures. */
export function scan(data: unknown, pattern: PointerPattern, test: Test, out: Found[] | null): Found[] | null {
  if (!pattern.includes('*')) {
    // Plain pointer: one lookup, no recursion.
    let node = data;
    for (let i = 0; i < pattern.length; i++) {
      if (node === null || typeof node !== 'object' || Array.isArray(node))
        return scanStep(data, pattern, 0, test, out, INDICES);
      const next = member(node, pattern[i]!);
      if (next === undefined)
        return i === pattern.length - 1 && !test(undefined, false) ? push(out, pattern, undefined) : out;
      node = next;
    }
    return test(node, true) ? out : push(out, pattern, node);
  }
  return scanStep(data, pattern, 0, test, out, INDICES);
}

/** Array indices of the `*` tokens being visited; balanced after every scan (scans are synchronous). */
const INDICES: number[] = [];

function scanStep(
  node: unknown,
  pattern: PointerPattern,
  i: number,
  test: Test,
  out: Found[] | null,
  idx: number[],
): Found[] | null {
  for (; i < pattern.length; i++) {
    const token = pattern[i]!;
    if (token === '*') {
      if (!Array.isArray(node)) return out;
      for (let k = 0; k < node.length; k++) {
        idx.push(k);
        out = scanStep(node[k], pattern, i + 1, test, out, idx);
        idx.pop();
      }
      return out;
    }
    if (node === null || typeof node !== 'object') return out;
    if (!Object.hasOwn(node, token) || (Array.isArray(node) && !/^(0|[1-9][0-9]*)$/.test(token))) {
      if (i === pattern.length - 1 && !test(undefined, false))
        (out ??= []).push({ pointer: render(pattern, idx), value: undefined });
      return out;
    }
    node = (node as Record<string, unknown>)[token];
  }
  if (!test(node, true)) (out ??= []).push({ pointer: render(pattern, idx), value: node });
  return out;
}

function push(out: Found[] | null, pattern: PointerPattern, value: unknown): Found[] {
  (out ??= []).push({ pointer: render(pattern, INDICES), value });
  return out;
}

function render(pattern: PointerPattern, idx: readonly number[]): string {
  let s = '';
  let k = 0;
  for (const t of pattern) s += `/${t === '*' ? String(idx[k++]) : escapeToken(t)}`;
  return s;
}

/** Called for every location the pattern reaches; `present` is false when the last token is
 * absent from an existing parent object (so rules can tell "missing" from "null"). */
export type Visit = (value: unknown, pointer: string, present: boolean) => void;

export function walk(data: unknown, pattern: PointerPattern, visit: Visit): void {
  step(data, pattern, 0, '', visit);
}

function step(node: unknown, pattern: PointerPattern, i: number, at: string, visit: Visit): void {
  if (i === pattern.length) {
    visit(node, at, true);
    return;
  }
  const token = pattern[i]!;
  if (token === '*') {
    if (!Array.isArray(node)) return;
    for (let k = 0; k < node.length; k++) step(node[k], pattern, i + 1, `${at}/${k}`, visit);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const here = `${at}/${escapeToken(token)}`;
  if (
    Array.isArray(node) ? !/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= node.length : !Object.hasOwn(node, token)
  ) {
    if (i === pattern.length - 1) visit(undefined, here, false);
    return;
  }
  step((node as Record<string, unknown>)[token], pattern, i + 1, here, visit);
}

/** Value at a plain pointer (no `*`), or undefined. */
export function getAt(data: unknown, pattern: PointerPattern): unknown {
  let node = data;
  for (let i = 0; i < pattern.length; i++) {
    if (node === null || typeof node !== 'object') return undefined;
    node = member(node, pattern[i]!);
  }
  return node;
}

/** Does the plain pointer exist in data? */
export function hasAt(data: unknown, pattern: PointerPattern): boolean {
  let node = data;
  for (const token of pattern) {
    if (node === null || typeof node !== 'object') return false;
    if (!Object.hasOwn(node, token)) return false;
    node = (node as Record<string, unknown>)[token];
  }
  return true;
}

export { formatPointer as toPointer } from './json-pointer.js';

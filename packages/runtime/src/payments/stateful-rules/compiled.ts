/**
 * Rule params are fixed data (generated from the overlay), but the rules used to re-parse their
 * pointers and `when` conditions on every request: ~5% of the mock's time per POST payment.
 * Parsed once per distinct pointer / condition object here. Both caches are
 * bounded by the rules' own params (pointer strings and condition objects of the overlay).
 */
import { compileWhen } from '../../rules/condition.js';
import { parsePointerPattern, toPointer, type PointerPattern } from '../../rules/pointer.js';
import type { WhenCondition } from '../../rules/types.js';

const patterns = new Map<string, PointerPattern>();
const normalized = new Map<string, string>();
const conditions = new WeakMap<WhenCondition, (data: unknown) => boolean>();
const always = (): boolean => true;

/** parsePointerPattern(pointer), parsed once (it throws the same error for a bad pointer). */
export function pattern(pointer: string): PointerPattern {
  let p = patterns.get(pointer);
  if (p === undefined) {
    p = parsePointerPattern(pointer);
    patterns.set(pointer, p);
  }
  return p;
}

/** toPointer(parsePointerPattern(pointer)): the pointer as the rules report it. */
export function pointerText(pointer: string): string {
  let t = normalized.get(pointer);
  if (t === undefined) {
    t = toPointer(pattern(pointer));
    normalized.set(pointer, t);
  }
  return t;
}

/** compileWhen(when), compiled once per condition object. */
export function condition(when: WhenCondition | undefined): (data: unknown) => boolean {
  if (when === undefined) return always;
  let f = conditions.get(when);
  if (f === undefined) {
    f = compileWhen(when);
    conditions.set(when, f);
  }
  return f;
}

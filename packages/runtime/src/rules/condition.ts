import { getAt, parsePointerPattern } from './pointer.js';
import type { WhenCondition } from './types.js';

/** Compiles `when: {pointer, equals | in}` into a predicate over the checked value. */
export function compileWhen(when: WhenCondition | undefined): (data: unknown) => boolean {
  if (when === undefined) return () => true;
  const at = parsePointerPattern(when.pointer);
  if (when.in !== undefined) {
    const allowed = when.in;
    return (data) => allowed.includes(getAt(data, at));
  }
  const expected = when.equals;
  return (data) => getAt(data, at) === expected;
}

export function describeWhen(when: WhenCondition): string {
  return when.in !== undefined
    ? `${when.pointer} is one of ${when.in.map((v) => JSON.stringify(v)).join(', ')}`
    : `${when.pointer} is ${JSON.stringify(when.equals)}`;
}

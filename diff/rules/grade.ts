/** What the rules share: grading by who writes the data, and how a value is shown in a message. */
import type { Direction, Finding, SchemaPair, Severity } from '../types.js';

/** The severity when the partner writes the data (`request`) or reads it (`response`). */
export const by = (direction: Direction, request: Severity, response: Severity): Severity =>
  direction === 'request' ? request : response;

export const show = (v: unknown): string =>
  typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));

/** Who writes it, for messages. */
export const whose = (direction: Direction): string => (direction === 'request' ? 'what you send' : 'what you receive');

/** A numeric bound rule (maximum, maxLength, ...): tightened where the partner writes is
 * breaking, loosened where the partner reads is a warning (a value larger than before may arrive). */
export function boundRule(keyword: string, kind: 'max' | 'min') {
  return ({ old, new: next, direction }: SchemaPair): Finding[] => {
    const a = old.get(keyword);
    const b = next.get(keyword);
    const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
    const [x, y] = [num(a), num(b)];
    if (x === y) return [];
    // Tighter: a bound appears, or moves inwards.
    const tighter = x === undefined ? true : y === undefined ? false : kind === 'max' ? y < x : y > x;
    const severity: Severity = tighter ? by(direction, 'breaking', 'additive') : by(direction, 'additive', 'warning');
    const what =
      x === undefined ? `now ${keyword} ${y}` : y === undefined ? `${keyword} ${x} removed` : `${keyword} ${x} -> ${y}`;
    return [
      {
        severity,
        message: `${keyword} ${tighter ? 'tightened' : 'loosened'} in ${whose(direction)}: ${what}`,
        ...(x !== undefined ? { old: old.at(keyword) } : { old: old.pointer }),
        ...(y !== undefined ? { new: next.at(keyword) } : { new: next.pointer }),
      },
    ];
  };
}

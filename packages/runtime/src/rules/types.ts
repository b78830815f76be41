/** What a stateless rule check reports: where (pointer into the checked value) and why. */
export interface RuleHit {
  pointer: string;
  message: string;
}

/** A compiled stateless rule: null when the value passes (no allocation on success). */
export type RuleCheck = (data: unknown) => RuleHit[] | null;

/** A condition on one value (`when` of required-when and of the stateful rules). */
export interface WhenCondition {
  pointer: string;
  equals?: unknown;
  in?: unknown[];
}

export function toList(at: string | readonly string[]): readonly string[] {
  return typeof at === 'string' ? [at] : at;
}

export function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'string')
    return value === '' ? 'an empty string' : JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : 'an array';
  return typeof value === 'object' ? 'an object' : String(value);
}

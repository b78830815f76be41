/** Small, prototype-safe helpers for reading untrusted JSON (own properties only). */

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a list of tokens, own members only (RFC 6901's walk: the runtime's one module). */
export { getAt } from 'cross-border-payments-runtime/validators';

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** JSON.parse that drops `__proto__` keys, so a body can never reach an object's prototype. */
export function parseJsonSafe(text: string): unknown {
  return JSON.parse(text, (key, v) => (key === '__proto__' ? undefined : v));
}

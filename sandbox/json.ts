/** Small, prototype-safe helpers for reading untrusted JSON (own properties only). */

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function getAt(value: unknown, path: ReadonlyArray<string | number>): unknown {
  let node: unknown = value;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    if (!Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key as string];
  }
  return node;
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** JSON.parse that drops `__proto__` keys, so a body can never reach an object's prototype. */
export function parseJsonSafe(text: string): unknown {
  return JSON.parse(text, (key, v) => (key === '__proto__' ? undefined : v));
}

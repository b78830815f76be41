/**
 * JSON parsing that refuses prototype-poisoning keys (`__proto__`, and `constructor` holding a
 * `prototype`), the way secure-json-parse does: a cheap text scan first, a tree walk only when
 * the text could contain such a key (including `\u` escapes that spell one).
 */
export type SafeParseResult = { ok: true; value: unknown } | { ok: false; reason: 'malformed' | 'forbidden-key'; message: string; pointer?: string };

const SUSPECT = /"__proto__"|"constructor"|\\u/;

export function isForbiddenKey(key: string, value: unknown): boolean {
  return key === '__proto__' || (key === 'constructor' && value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, 'prototype'));
}

function findForbidden(value: unknown, path: string): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    const pointer = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (isForbiddenKey(key, child)) return pointer;
    const nested = findForbidden(child, pointer);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

export function safeJsonParse(text: string): SafeParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'malformed', message: `Malformed JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!SUSPECT.test(text)) return { ok: true, value };
  const pointer = findForbidden(value, '');
  if (pointer !== undefined) return { ok: false, reason: 'forbidden-key', message: 'The body contains a key that could poison prototypes', pointer };
  return { ok: true, value };
}

/**
 * JSON parsing that refuses prototype-poisoning keys (`__proto__`, and `constructor` holding a
 * `prototype`), the way secure-json-parse does: a cheap text scan first, a tree walk only when
 * the text could contain such a key (including `\u` escapes that spell one). Nesting is bounded
 * on the raw text before JSON.parse, so nothing recursive downstream (validators, handlers,
 * JSON.stringify of an echo) ever sees an attacker-chosen depth. Nothing here recurses.
 */
export type SafeParseResult =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'malformed' | 'forbidden-key' | 'too-deep'; message: string; pointer?: string };

/** Default deepest accepted nesting of arrays/objects in a JSON body. */
export const DEFAULT_MAX_JSON_DEPTH = 64;

const SUSPECT = /"__proto__"|"constructor"|\\u/;

export function isForbiddenKey(key: string, value: unknown): boolean {
  return (
    key === '__proto__' ||
    (key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype'))
  );
}

function moreOpeningsThan(text: string, max: number): boolean {
  let n = 0;
  for (let i = text.indexOf('{'); i !== -1; i = text.indexOf('{', i + 1)) if (++n > max) return true;
  for (let i = text.indexOf('['); i !== -1; i = text.indexOf('[', i + 1)) if (++n > max) return true;
  return false;
}

/**
 * True when `text` nests arrays/objects deeper than `max` (`[]` is depth 1). Brackets inside
 * strings do not count. Linear, allocation-free, and stops at the first level past `max`.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  // Reaching depth max+1 takes at least max+1 opening brackets: counting them with indexOf is
  // ~15x faster than the scan below and settles the question for ordinary bodies.
  if (text.length <= max || !moreOpeningsThan(text, max)) return false;
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // Skip the string; a backslash escapes the next character (RFC 8259 §7).
      for (i++; i < n; i++) {
        const s = text.charCodeAt(i);
        if (s === 92 /* \ */) i++;
        else if (s === 34) break;
      }
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      depth--;
    }
  }
  return false;
}

const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Pre-order walk with an explicit stack: the JSON pointer of the first forbidden key. */
function findForbidden(root: unknown): string | undefined {
  const stack: Array<{ key: string | undefined; value: unknown; pointer: string }> = [
    { key: undefined, value: root, pointer: '' },
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { key, value, pointer } = item;
    if (key !== undefined && isForbiddenKey(key, value)) return pointer;
    if (value === null || typeof value !== 'object') continue;
    const keys = Object.keys(value);
    // Pushed in reverse so that keys are visited in document order.
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k]!;
      stack.push({ key, value: (value as Record<string, unknown>)[key], pointer: `${pointer}/${escapePointer(key)}` });
    }
  }
  return undefined;
}

export function safeJsonParse(text: string, maxDepth: number = DEFAULT_MAX_JSON_DEPTH): SafeParseResult {
  if (jsonDepthExceeds(text, maxDepth)) {
    return {
      ok: false,
      reason: 'too-deep',
      message: `The JSON body nests arrays/objects deeper than the limit of ${maxDepth} levels`,
      pointer: '',
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      reason: 'malformed',
      message: `Malformed JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!SUSPECT.test(text)) return { ok: true, value };
  const pointer = findForbidden(value);
  if (pointer !== undefined)
    return {
      ok: false,
      reason: 'forbidden-key',
      message: 'The body contains a key that could poison prototypes',
      pointer,
    };
  return { ok: true, value };
}

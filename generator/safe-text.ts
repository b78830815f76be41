/**
 * Turning document strings into text that is safe inside generated TypeScript: string literals,
 * comments, identifiers and object keys. Nothing a document says can end a literal or comment
 * and become code (ARCHITECTURE.md, "Templates").
 */
import { isBarePropertyKey, toIdentifier } from './ir/names.js';

/** JSON.stringify, plus escapes that matter in JS source: U+2028/U+2029 (line terminators in
 * older engines and tooling) and `</` (so output can be inlined in HTML <script>). */
export function jsLiteral(value: unknown, indent = 0): string {
  return forJs(JSON.stringify(value === undefined ? null : value, null, indent || undefined));
}

/**
 * A JSON literal laid out as a table: the members of the outer object and the items (or
 * members) of its values one per line, each of those on one line. As readable as an indented
 * block for tables of operations, at a fraction of its size on large documents.
 */
export function jsonRows(value: unknown): string {
  const plain: unknown = JSON.parse(JSON.stringify(value === undefined ? null : value));
  return forJs(rows(plain, 0));
}

function rows(value: unknown, depth: number): string {
  if (depth >= 2 || value === null || typeof value !== 'object') return JSON.stringify(value);
  const pad = '  '.repeat(depth + 1);
  const end = '  '.repeat(depth);
  const lines = Array.isArray(value)
    ? value.map((item) => `${pad}${rows(item, depth + 1)}`)
    : Object.entries(value).map(([key, item]) => `${pad}${JSON.stringify(key)}: ${rows(item, depth + 1)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return lines.length === 0 ? `${open}${close}` : `${open}\n${lines.join(',\n')}\n${end}${close}`;
}

function forJs(json: string): string {
  return (
    json
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029')
      .replace(/<\//g, '<\\/')
      // In an object literal `"__proto__": v` sets the prototype instead of a key; the computed
      // form is a plain key. (An unescaped `"` never occurs inside a JSON string, so this only
      // matches keys.)
      .replace(/([{,]\s*)"__proto__":/g, '$1["__proto__"]:')
  );
}

export function stringLiteral(value: unknown): string {
  return jsLiteral(value === undefined || value === null ? '' : String(value));
}

/** One line of text safe inside `//` and `/* *\/` comments: no line terminators, no `*\/`. */
export function commentText(value: unknown): string {
  return String(value ?? '')
    .replace(/[\r\n\u2028\u2029\u0085\v\f]+/g, ' ')
    .replace(/\*\//g, '*\\/')
    .replace(/\/\*/g, '/\\*')
    .trim();
}

/** A complete JSDoc block (or '' for empty text); lines kept, each made comment-safe. */
export function jsdocBlock(value: unknown, indent = 0): string {
  const text = String(value ?? '').trim();
  if (text === '') return '';
  const pad = ' '.repeat(indent);
  const lines = text.split(/\r\n|[\r\n\u2028\u2029\u0085]/).map((l) => commentText(l).replace(/\s+$/, ''));
  return `${pad}/**\n${lines.map((l) => `${pad} *${l ? ` ${l}` : ''}`).join('\n')}\n${pad} */`;
}

export function identifier(value: unknown): string {
  return toIdentifier(String(value ?? ''));
}

/** An object key: bare when it is a valid identifier name, otherwise a quoted literal. */
export function propertyKey(value: unknown): string {
  const s = String(value ?? '');
  return isBarePropertyKey(s) ? s : stringLiteral(s);
}

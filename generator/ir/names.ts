/**
 * Turning document strings (operationIds, paths, parameter and webhook names) into valid,
 * unique TypeScript identifiers. Pure functions: the same input always gives the same names,
 * so generated output is stable (ARCHITECTURE.md, "Generated output").
 */

/** ECMAScript reserved words, strict-mode reserved words and TS names that cannot be bindings. */
const RESERVED = new Set([
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'implements',
  'interface',
  'let',
  'package',
  'private',
  'protected',
  'public',
  'static',
  'yield',
  'await',
  'arguments',
  'eval',
  'undefined',
  'NaN',
  'Infinity',
  'constructor',
  'prototype',
  '__proto__',
  'any',
  'boolean',
  'never',
  'number',
  'object',
  'string',
  'symbol',
  'unknown',
  'type',
  // Not reserved, but an object with a `then` method is thenable: `await client` would call it.
  'then',
]);

export function isReservedWord(name: string): boolean {
  return RESERVED.has(name);
}

/** Splits on anything that is not an ASCII letter or digit, and on lower→upper case changes. */
export function words(input: string): string[] {
  return input
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
}

export function camelCase(input: string): string {
  return words(input)
    .map((w, i) => {
      const lower = /^[A-Z0-9]+$/.test(w) ? w.toLowerCase() : w;
      return i === 0 ? lower.charAt(0).toLowerCase() + lower.slice(1) : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join('');
}

/** camelCase output, `_`-prefixed digits, `_`-suffixed reserved words. */
const OWN_SHAPE = /^(?:[a-z][A-Za-z0-9]*|_[0-9][A-Za-z0-9]*|[a-z][A-Za-z0-9]*_)$/;

/** A valid TS identifier for any string: camelCase, `_` prefix before a digit, `_` suffix for
 * reserved words, `_` when nothing usable is left. */
export function toIdentifier(input: string): string {
  // Already in the shape this function produces: kept, so that applying it again (templates
  // name members from ids) never re-cases `getN27ByAB` into a different `getN27ByAb`.
  if (OWN_SHAPE.test(input) && !isReservedWord(input)) return input;
  let id = camelCase(input);
  if (id === '') return '_';
  if (/^[0-9]/.test(id)) id = `_${id}`;
  if (isReservedWord(id)) id = `${id}_`;
  return id;
}

/** True when `operationId` yields an identifier on its own (starts with a letter after camelCase). */
export function usableOperationId(operationId: unknown): operationId is string {
  return typeof operationId === 'string' && /^[a-zA-Z]/.test(camelCase(operationId));
}

/** `get /v1/customers/{customer_id}/sessions` → `getV1CustomersByCustomerIdSessions`. */
export function identifierFromRoute(method: string, path: string): string {
  const parts = path
    .split('/')
    .filter((s) => s.length > 0)
    .map((seg) => {
      const param = /^\{(.+)\}$/.exec(seg);
      return param ? `By ${param[1]}` : seg;
    });
  return toIdentifier([method, ...parts].join(' '));
}

/**
 * Hands out unique names: the first claim of a base name gets it as is, later claims get
 * `base2`, `base3`, ... Deterministic for a given order of claims.
 */
export class NameRegistry {
  private readonly used = new Set<string>();

  claim(base: string): string {
    let name = base;
    for (let n = 2; this.used.has(name); n++) name = `${base}${n}`;
    this.used.add(name);
    return name;
  }

  has(name: string): boolean {
    return this.used.has(name);
  }
}

/** Valid as a bare object key / property name in TS (reserved words are allowed there). */
export function isBarePropertyKey(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

/**
 * RFC 6901 JSON pointers, the one module the conformance side uses for them: building pointers
 * for findings, reading and replacing a value in a (cloned) request body.
 */

/** RFC 6901 §3: `~` is written `~0` and `/` is written `~1` inside a reference token. */
export function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function toPointer(tokens: ReadonlyArray<string | number>): string {
  return tokens.map((t) => `/${escapeToken(t)}`).join('');
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`a JSON pointer starts with "/": ${JSON.stringify(pointer)}`);
  return pointer.slice(1).split('/').map(unescapeToken);
}

/** The value at the pointer, or undefined; only own members are followed. */
export function getAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const token of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** A clone of body with the value at the pointer set, creating missing objects on the way. */
export function setAt(body: unknown, pointer: string, value: unknown): unknown {
  const clone = structuredClone(body) as Record<string, unknown>;
  const tokens = parsePointer(pointer);
  let node: Record<string, unknown> = clone;
  for (const t of tokens.slice(0, -1)) {
    if (node[t] === null || typeof node[t] !== 'object') node[t] = {};
    node = node[t] as Record<string, unknown>;
  }
  node[tokens[tokens.length - 1]] = value;
  return clone;
}

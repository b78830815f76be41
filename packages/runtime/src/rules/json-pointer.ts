/**
 * RFC 6901 JSON Pointers, the one implementation of the repository: the generator, the kits, the
 * sandbox and the runtime itself (schema errors, rule pointers) escape, format, parse and read
 * them here. A module of its own, with no import, so that schema errors can build pointers
 * without the rule pointer walker (pointer.ts) in every output.
 */

/** RFC 6901 §3: `~` is written `~0` and `/` is written `~1` inside a reference token. */
export function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** RFC 6901 §4: `~1` before `~0`, so `~01` becomes `~1`, not `/`. */
export function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The pointer of a list of reference tokens (`''` for none: the whole document). */
export function formatPointer(tokens: ReadonlyArray<string | number>): string {
  let s = '';
  for (const t of tokens) s += `/${escapeToken(t)}`;
  return s;
}

/** The reference tokens of a pointer; throws on a pointer that does not start with `/`. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`a JSON pointer starts with "/": ${JSON.stringify(pointer)}`);
  return pointer.slice(1).split('/').map(unescapeToken);
}

/** The reference tokens of a URI fragment (`#/components/schemas/A%20B`, RFC 6901 §6): each token
 * percent-decoded, then unescaped. */
export function parseFragmentPointer(fragment: string): string[] {
  return fragment
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((t) => unescapeToken(decodeURIComponent(t)));
}

/** The value at the tokens (or a pointer), following own members only; undefined when absent. */
export function getAt(data: unknown, at: string | ReadonlyArray<string | number>): unknown {
  let node = data;
  for (const token of typeof at === 'string' ? parsePointer(at) : at) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string | number, unknown>)[token];
  }
  return node;
}

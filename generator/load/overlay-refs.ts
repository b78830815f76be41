/**
 * An overlay fetched by URL is judged by the rule of its own origin (ref-origins.ts), before its
 * actions are applied. Once applied, its `update` values are part of the local document, and the
 * `$ref` guard would take their `$ref`s for the local document's own: an absolute path, a
 * `file:` URL or a `../` path out of the project would be read and copied into the output. So a
 * fetched overlay may carry only
 *
 * - internal references (`#/...`), which point into the document it is applied to;
 * - absolute http(s) references on its own origin or an allowed one (that origin is then allowed
 *   while bundling, as it is for a document fetched from there).
 *
 * A relative reference is refused too: after merging it resolves against the local document, so
 * it names a local file whatever the overlay meant. Discriminator mapping values are references
 * (OpenAPI 3.x, Discriminator Object) and are judged the same way. A local overlay is the user's
 * own file and adds nothing here: its references are the document's.
 */
import path from 'node:path';
import { CbpError, toPointer } from '../../lib/errors.js';
import { REF_ORIGIN_RULE } from './ref-origins.js';
import { isBareName } from './mapping-refs.js';
import { isUrl } from './read-document.js';

export interface OverlayRefOptions {
  /** Where the overlay came from: a URL or a path. */
  location: string;
  /** Its name as users see it. */
  shown: string;
  /** http(s) origins any document may reach (parseOrigin-normalized). */
  allowOrigins?: readonly string[];
}

/** Throws E_REF_REFUSED at the first reference a fetched overlay may not carry. Returns the http(s)
 * origins its references reach (to be allowed while bundling). */
export function checkOverlayRefs(overlay: unknown, options: OverlayRefOptions): string[] {
  if (!isUrl(options.location)) return [];
  const own = new URL(options.location).origin;
  const allowed = new Set([own, ...(options.allowOrigins ?? [])]);
  const reached = new Set<string>();
  const stack: Array<{ node: unknown; path: string[] }> = [{ node: overlay, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const entries = Array.isArray(node)
      ? node.map((v, i) => [String(i), v] as const)
      : Object.entries(node as Record<string, unknown>);
    const mapping = path.at(-1) === 'mapping' && path.at(-2) === 'discriminator';
    for (const [key, value] of entries) {
      const isRef = (key === '$ref' || mapping) && typeof value === 'string';
      if (isRef && !value.startsWith('#') && !(mapping && isBareName(value))) {
        const origin = judge(value, [...path, key], allowed, options);
        reached.add(origin);
      }
      if (value !== null && typeof value === 'object') stack.push({ node: value, path: [...path, key] });
    }
  }
  return [...reached];
}

/** The http(s) origin the reference reaches, or a refusal. */
function judge(ref: string, tokens: string[], allowed: Set<string>, options: OverlayRefOptions): string {
  let url: URL | undefined;
  try {
    url = new URL(ref);
  } catch {
    url = undefined;
  }
  const http = url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:');
  if (http && allowed.has(url!.origin)) return url!.origin;
  const reason = http
    ? `an overlay fetched by URL may reference only its own origin${allowed.size > 1 ? ' and the allowed ones' : ''}`
    : url === undefined && !path.isAbsolute(ref)
      ? 'a relative reference in an overlay fetched by URL resolves against the local document, and ' +
        'an overlay fetched by URL may not reference local files'
      : 'an overlay fetched by URL may not reference local files';
  throw new CbpError('E_REF_REFUSED', `$ref to ${shown(ref, url)} refused: ${reason}`, {
    file: options.shown,
    pointer: toPointer(tokens),
    rule: REF_ORIGIN_RULE,
    hint: http
      ? `if you trust ${url!.origin}, allow it: --allow-ref-origin ${url!.origin} (config: "allowRefOrigins")`
      : 'write the schema into the overlay, or make it an absolute URL on the overlay’s own origin',
  });
}

/** The reference without any query (it might carry a token) or credentials. */
function shown(ref: string, url: URL | undefined): string {
  if (url === undefined) return ref;
  const copy = new URL(url.href);
  copy.search = '';
  copy.hash = '';
  copy.username = '';
  copy.password = '';
  return copy.href;
}

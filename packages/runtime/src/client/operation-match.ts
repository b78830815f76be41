/**
 * Which operation a request URL belongs to, for the client's transport (the credentials an
 * operation's security asks for), without the router's route table when the document makes
 * that trivial: every path segment is a literal or a whole `{param}`, and no two paths could
 * match the same URL (OpenAPI 3.1 §4.8.8: a concrete path wins over a templated one, which only
 * matters when two paths overlap). Then at most one path fits a URL, so a segment-by-segment
 * comparison gives what server/route-table.ts's tree gives (test/runtime/client/operation-match.test.ts
 * checks it against the table). Any other document returns undefined here, and the client
 * loads the route table itself.
 */

export interface OperationRoute<T> {
  method: string;
  path: string;
  value: T;
}

export type OperationMatcher<T> = (method: string, pathname: string) => T | undefined;

const WHOLE = /^\{[^{}]+\}$/;

/** The matcher, or undefined when the document needs the route table (a segment with text
 * around a parameter, or two paths one URL could fit). */
export function simpleOperationMatcher<T>(routes: ReadonlyArray<OperationRoute<T>>): OperationMatcher<T> | undefined {
  // Segments with every parameter written `{}`: `/a/{x}` and `/a/{y}` are one path (one tree node).
  const paths = new Map<string, { segments: string[]; methods: Map<string, T> }>();
  for (const route of routes) {
    const segments = route.path.split('/').slice(1);
    const shape: string[] = [];
    for (const s of segments) {
      if (!s.includes('{')) shape.push(s);
      else if (WHOLE.test(s)) shape.push('{}');
      else return undefined;
    }
    const key = shape.join('/');
    let entry = paths.get(key);
    if (!entry) paths.set(key, (entry = { segments: shape, methods: new Map() }));
    // First route wins, as in the route table.
    const method = route.method.toUpperCase();
    if (!entry.methods.has(method)) entry.methods.set(method, route.value);
  }
  const all = [...paths.values()];
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const a = all[i]!.segments;
      const b = all[j]!.segments;
      if (a.length === b.length && a.every((s, k) => s === b[k] || s === '{}' || b[k] === '{}')) return undefined;
    }
  }
  return (method, pathname) => {
    const segments = pathname.split('/').slice(1);
    for (const entry of all) {
      if (entry.segments.length !== segments.length) continue;
      // A parameter is a non-empty, validly percent-encoded segment (RFC 3986 §2.1).
      if (
        entry.segments.every((s, k) => (s === '{}' ? segments[k] !== '' && decodes(segments[k]!) : s === segments[k]))
      )
        return entry.methods.get(method.toUpperCase());
    }
    return undefined;
  };
}

function decodes(segment: string): boolean {
  if (segment.indexOf('%') === -1) return true;
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

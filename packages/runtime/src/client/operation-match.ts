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

/** The operation of a request URL sent without one (`client.raw`): its path under one of the
 * service URLs, matched with no length limit, so a long id still gets its credentials. The
 * client loads this module with the first such request; documents this module cannot match
 * load the route table too. */
export function urlResolver<T extends { method: string; path: string }>(
  operations: readonly T[],
  serviceUrls: readonly string[],
): (method: string, url: string) => Promise<T | undefined> {
  const routes = operations.map((op) => ({ method: op.method, path: op.path, value: op }));
  const bases = serviceUrls.map((url) => {
    try {
      return new URL(url).pathname.replace(/\/+$/, '');
    } catch {
      return '';
    }
  });
  let matcher: Promise<OperationMatcher<T>> | undefined;
  const load = async (): Promise<OperationMatcher<T>> => {
    const simple = simpleOperationMatcher(routes);
    if (simple) return simple;
    const table = (await import('../server/route-table.js')).compileRoutes(routes, {
      maxPathLength: Number.POSITIVE_INFINITY,
    });
    return (method, pathname) => {
      const found = table.match(method, pathname);
      return found.kind === 'found' ? found.value : undefined;
    };
  };
  return async (method, url) => {
    let pathname: string;
    try {
      pathname = new URL(url).pathname;
    } catch {
      return undefined;
    }
    const match = await (matcher ??= load());
    for (const base of bases) {
      if (!pathname.startsWith(base)) continue;
      const op = match(method, pathname.slice(base.length) || '/');
      if (op !== undefined) return op;
    }
    return undefined;
  };
}

/**
 * Routes compiled once into a segment tree. At every level static segments are tried before
 * `{param}` segments, so `/pets/mine` beats `/pets/{id}` whatever the
 * document order. Path parameters are percent-decoded per segment (RFC 3986 §2.1).
 */
export interface RouteInput<T> {
  method: string;
  path: string;
  value: T;
}

/** `params` are percent-decoded; `rawParams` are the captured text as sent, for styles whose
 * delimiters must be found before decoding (OpenAPI `label`, `matrix`, `simple` arrays). */
export type RouteMatch<T> =
  | { kind: 'found'; value: T; params: Record<string, string>; rawParams: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

/** A route at its last segment: the value, and the names of its parameters in path order (names
 * belong to the route, not to the tree: `/a/{id}/b` and `/a/{x}/c` share the node of `{id}`). */
interface Leaf<T> {
  value: T;
  names: string[];
}

interface Node<T> {
  statics: Map<string, Node<T>>;
  /** Segments with parameters, whole (`{id}`) before mixed (`{name}.json`). */
  dynamics: Array<{ whole: boolean; regex: RegExp; node: Node<T> }>;
  methods: Map<string, Leaf<T>>;
}

const newNode = <T>(): Node<T> => ({ statics: new Map(), dynamics: [], methods: new Map() });

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function dynamicSegment(segment: string): { names: string[]; regex: RegExp; whole: boolean } {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const m of segment.matchAll(/\{([^{}]+)\}/g)) {
    source += `${escapeRegex(segment.slice(last, m.index))}([^/]+?)`;
    names.push(m[1] ?? '');
    last = (m.index ?? 0) + m[0].length;
  }
  source += escapeRegex(segment.slice(last));
  return { names, regex: new RegExp(`^${source}$`), whole: source === '([^/]+?)' };
}

/** Percent-decoding of one captured value; undefined when the encoding is invalid. */
function decode(raw: string): string | undefined {
  if (raw.indexOf('%') === -1) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

export interface RouteTable<T> {
  match(method: string, pathname: string): RouteMatch<T>;
}

export function compileRoutes<T>(routes: ReadonlyArray<RouteInput<T>>): RouteTable<T> {
  const root = newNode<T>();
  for (const route of routes) {
    let node = root;
    const names: string[] = [];
    for (const segment of route.path.split('/').slice(1)) {
      if (!segment.includes('{')) {
        let next = node.statics.get(segment);
        if (!next) node.statics.set(segment, (next = newNode()));
        node = next;
        continue;
      }
      const dyn = dynamicSegment(segment);
      names.push(...dyn.names);
      let entry = node.dynamics.find((d) => d.regex.source === dyn.regex.source);
      if (!entry) {
        entry = { whole: dyn.whole, regex: dyn.regex, node: newNode() };
        node.dynamics.push(entry);
        node.dynamics.sort((a, b) => Number(!a.whole) - Number(!b.whole));
      }
      node = entry.node;
    }
    // First route wins: documented paths are listed before aliases (router.ts).
    const method = route.method.toUpperCase();
    if (!node.methods.has(method)) node.methods.set(method, { value: route.value, names });
  }

  /** Depth-first, statics before parameters, backtracking; `captured` holds the raw text of
   * values that decode. */
  const walk = (node: Node<T>, segments: string[], i: number, captured: string[]): Node<T> | undefined => {
    if (i === segments.length) return node.methods.size > 0 ? node : undefined;
    const segment = segments[i] ?? '';
    const fixed = node.statics.get(segment);
    const found = fixed && walk(fixed, segments, i + 1, captured);
    if (found) return found;
    const before = captured.length;
    for (const dyn of node.dynamics) {
      if (dyn.whole) {
        // Any non-empty segment matches a whole-segment parameter: no regex needed.
        if (segment === '' || decode(segment) === undefined) continue;
        captured.push(segment);
      } else {
        const m = dyn.regex.exec(segment);
        if (!m) continue;
        let k = 1;
        for (; k < m.length; k++) {
          const raw = m[k] ?? '';
          if (decode(raw) === undefined) break;
          captured.push(raw);
        }
        if (k < m.length) {
          captured.length = before;
          continue;
        }
      }
      const result = walk(dyn.node, segments, i + 1, captured);
      if (result) return result;
      captured.length = before;
    }
    return undefined;
  };

  return {
    match(method, pathname) {
      const captured: string[] = [];
      // pathname starts with '/': segment 0 is the empty string before it.
      const node = walk(root, pathname.split('/'), 1, captured);
      if (!node) return { kind: 'not-found' };
      const leaf = node.methods.get(method.toUpperCase());
      if (leaf === undefined) return { kind: 'method-not-allowed', allow: [...node.methods.keys()].sort() };
      const params: Record<string, string> = {};
      const rawParams: Record<string, string> = {};
      for (let k = 0; k < leaf.names.length; k++) {
        const name = leaf.names[k] ?? '';
        const raw = captured[k] ?? '';
        rawParams[name] = raw;
        params[name] = decode(raw) ?? raw;
      }
      return { kind: 'found', value: leaf.value, params, rawParams };
    },
  };
}

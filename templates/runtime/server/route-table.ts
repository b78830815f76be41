/**
 * Routes compiled once into a segment tree. At every level static segments are tried before
 * `{param}` segments, so `/payments/pending` beats `/payments/{payment_id}` whatever the
 * document order. Path parameters are percent-decoded per segment (RFC 3986 §2.1).
 */
export interface RouteInput<T> {
  method: string;
  path: string;
  value: T;
}

export type RouteMatch<T> =
  | { kind: 'found'; value: T; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

interface Node<T> {
  statics: Map<string, Node<T>>;
  /** Segments with parameters, whole (`{id}`) before mixed (`{name}.json`). */
  dynamics: Array<{ names: string[]; regex: RegExp; node: Node<T> }>;
  methods: Map<string, T>;
}

const newNode = <T>(): Node<T> => ({ statics: new Map(), dynamics: [], methods: new Map() });

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function dynamicSegment(segment: string): { names: string[]; regex: RegExp; key: string } {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const m of segment.matchAll(/\{([^{}]+)\}/g)) {
    source += escapeRegex(segment.slice(last, m.index)) + '([^/]+?)';
    names.push(m[1]);
    last = (m.index ?? 0) + m[0].length;
  }
  source += escapeRegex(segment.slice(last));
  return { names, regex: new RegExp(`^${source}$`), key: source };
}

export interface RouteTable<T> {
  match(method: string, pathname: string): RouteMatch<T>;
}

export function compileRoutes<T>(routes: ReadonlyArray<RouteInput<T>>): RouteTable<T> {
  const root = newNode<T>();
  for (const route of routes) {
    let node = root;
    for (const segment of route.path.split('/').slice(1)) {
      if (!segment.includes('{')) {
        let next = node.statics.get(segment);
        if (!next) node.statics.set(segment, (next = newNode()));
        node = next;
        continue;
      }
      const dyn = dynamicSegment(segment);
      let entry = node.dynamics.find((d) => d.regex.source === dyn.regex.source);
      if (!entry) {
        entry = { names: dyn.names, regex: dyn.regex, node: newNode() };
        node.dynamics.push(entry);
        node.dynamics.sort((a, b) => Number(a.regex.source !== '^([^/]+?)$') - Number(b.regex.source !== '^([^/]+?)$'));
      }
      node = entry.node;
    }
    node.methods.set(route.method.toUpperCase(), route.value);
  }

  const walk = (node: Node<T>, segments: string[], i: number, params: Record<string, string>): Node<T> | undefined => {
    if (i === segments.length) return node.methods.size > 0 ? node : undefined;
    const segment = segments[i];
    const fixed = node.statics.get(segment);
    const found = fixed && walk(fixed, segments, i + 1, params);
    if (found) return found;
    for (const dyn of node.dynamics) {
      const m = dyn.regex.exec(segment);
      if (!m) continue;
      const decoded: string[] = [];
      try {
        for (let k = 1; k < m.length; k++) decoded.push(decodeURIComponent(m[k]));
      } catch {
        continue;
      }
      const result = walk(dyn.node, segments, i + 1, params);
      if (result) {
        dyn.names.forEach((name, k) => (params[name] = decoded[k]));
        return result;
      }
    }
    return undefined;
  };

  return {
    match(method, pathname) {
      const params: Record<string, string> = {};
      const node = walk(root, pathname.split('/').slice(1), 0, params);
      if (!node) return { kind: 'not-found' };
      const value = node.methods.get(method.toUpperCase());
      if (value === undefined) return { kind: 'method-not-allowed', allow: [...node.methods.keys()].sort() };
      return { kind: 'found', value, params };
    },
  };
}

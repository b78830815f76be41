/**
 * Routes compiled once into a segment tree. At every level static segments are tried before
 * `{param}` segments, so `/pets/mine` beats `/pets/{id}` whatever the
 * document order. Path parameters are percent-decoded per segment (RFC 3986 §2.1).
 *
 * Matching never uses a regular expression, so no path can make it backtrack (the
 * path-to-regexp CVE-2024-45296 class: `/b/{x}.{y}.{z}.json` compiled to lazy groups took
 * seconds on one 4 KB segment of dots). The path is split on `/`; literal segments are map
 * look-ups; a segment with several parameters (OpenAPI 3.1 §4.8.2 allows `{name}.{ext}`) is
 * read left to right with indexOf, by one rule that settles every ambiguity:
 * a parameter is at least one character long and ends at the first occurrence of the literal
 * that follows it, so it never contains that literal; the last parameter of a segment takes
 * everything up to the segment's literal suffix. (`{name}.{ext}` reads `a.b.c` as `a` + `b.c`.)
 * Each node of the tree is visited at most once per match, so a match costs
 * O(path length × route-tree size), and paths longer than MAX_PATH_LENGTH are not matched at all.
 */

/** Longest path matched, in UTF-16 code units of the request target's path (percent-encoded, as
 * sent): RFC 9112 §3 recommends supporting request lines of at least 8000 octets. */
export const MAX_PATH_LENGTH = 8000;

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
  | { kind: 'not-found' }
  /** The path is longer than the table's limit (RFC 9110 §15.5.15 414 URI Too Long). */
  | { kind: 'too-long'; limit: number };

/** A route at its last segment: the value, and the names of its parameters in path order (names
 * belong to the route, not to the tree: `/a/{id}/b` and `/a/{x}/c` share the node of `{id}`). */
interface Leaf<T> {
  value: T;
  names: string[];
}

/** A segment with parameters, as the literals around them: `{x}.{y}.json` is
 * `['', '.', '.json']`, one more literal than parameters. */
interface Dynamic<T> {
  /** `{id}`: the whole segment is the parameter. */
  whole: boolean;
  literals: string[];
  /** The segment template, to merge routes that share it. */
  key: string;
  node: Node<T>;
}

interface Node<T> {
  statics: Map<string, Node<T>>;
  /** Segments with parameters, whole (`{id}`) before mixed (`{name}.json`). */
  dynamics: Array<Dynamic<T>>;
  methods: Map<string, Leaf<T>>;
}

const newNode = <T>(): Node<T> => ({ statics: new Map(), dynamics: [], methods: new Map() });

function dynamicSegment(segment: string): { names: string[]; literals: string[] } {
  const names: string[] = [];
  const literals: string[] = [];
  let last = 0;
  for (const m of segment.matchAll(/\{([^{}]+)\}/g)) {
    literals.push(segment.slice(last, m.index));
    names.push(m[1] ?? '');
    last = (m.index ?? 0) + m[0].length;
  }
  literals.push(segment.slice(last));
  return { names, literals };
}

/**
 * The raw values of a mixed segment's parameters, appended to `out`; false when the segment does
 * not fit. Linear in the segment's length: every indexOf starts where the previous one ended.
 */
function readMixed(literals: readonly string[], segment: string, out: string[]): boolean {
  const prefix = literals[0] ?? '';
  const suffix = literals[literals.length - 1] ?? '';
  if (!segment.startsWith(prefix)) return false;
  const end = segment.length - suffix.length;
  if (end < prefix.length || !segment.endsWith(suffix)) return false;
  let start = prefix.length;
  for (let k = 1; k < literals.length - 1; k++) {
    const literal = literals[k] ?? '';
    // At least one character, then the first occurrence of the literal that follows.
    const at = segment.indexOf(literal, start + 1);
    if (at === -1 || at + literal.length > end) return false;
    out.push(segment.slice(start, at));
    start = at + literal.length;
  }
  if (start >= end) return false;
  out.push(segment.slice(start, end));
  return true;
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

/** Every value captured from index `from` on is validly percent-encoded. */
function decodesFrom(captured: readonly string[], from: number): boolean {
  for (let k = from; k < captured.length; k++) if (decode(captured[k] ?? '') === undefined) return false;
  return true;
}

export interface RouteTable<T> {
  match(method: string, pathname: string): RouteMatch<T>;
}

export interface RouteTableOptions {
  /** Longest path matched; a longer one is `too-long`. Default MAX_PATH_LENGTH (8000). */
  maxPathLength?: number | undefined;
}

export function compileRoutes<T>(routes: ReadonlyArray<RouteInput<T>>, options: RouteTableOptions = {}): RouteTable<T> {
  const maxPathLength = options.maxPathLength ?? MAX_PATH_LENGTH;
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
      // Routes whose segments differ only in parameter names share the node.
      const key = dyn.literals.join('{}');
      let entry = node.dynamics.find((d) => d.key === key);
      if (!entry) {
        entry = { whole: key === '{}', literals: dyn.literals, key, node: newNode() };
        node.dynamics.push(entry);
        node.dynamics.sort((a, b) => Number(!a.whole) - Number(!b.whole));
      }
      node = entry.node;
    }
    // First route wins: documented paths are listed before aliases (router.ts).
    const method = route.method.toUpperCase();
    if (!node.methods.has(method)) node.methods.set(method, { value: route.value, names });
  }

  /** Depth-first, statics before parameters, trying the next branch when one leads nowhere (each
   * tree node at most once: a node sits at one depth); `captured` holds the raw text of values
   * that decode. */
  const walk = (node: Node<T>, segments: string[], i: number, captured: string[]): Node<T> | undefined => {
    if (i === segments.length) return node.methods.size > 0 ? node : undefined;
    const segment = segments[i] ?? '';
    const fixed = node.statics.get(segment);
    const found = fixed && walk(fixed, segments, i + 1, captured);
    if (found) return found;
    const before = captured.length;
    for (const dyn of node.dynamics) {
      if (dyn.whole) {
        // Any non-empty segment matches a whole-segment parameter.
        if (segment === '' || decode(segment) === undefined) continue;
        captured.push(segment);
      } else {
        if (!readMixed(dyn.literals, segment, captured) || !decodesFrom(captured, before)) {
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
      if (pathname.length > maxPathLength) return { kind: 'too-long', limit: maxPathLength };
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

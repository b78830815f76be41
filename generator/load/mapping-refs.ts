/**
 * Cross-file `discriminator.mapping` values survive bundling. A mapping value is a reference
 * relative to the file that holds it (OpenAPI 3.x, Discriminator Object), but it is not a `$ref`,
 * so a bundler leaves it as written. Before bundling, each such value is copied beside the mapping
 * as a `$ref` (the bundler then resolves and re-points it like any other); after bundling, the
 * re-pointed `$ref` is written back into the mapping. A target only the mapping reaches (the
 * usual allOf-inheritance layout: subtypes name the base, only the base's mapping names them) is
 * inlined by the bundler at the copy: it is moved to components.schemas and every `$ref` into it
 * re-pointed.
 */
import { parseDocumentText } from './read-document.js';
import { escapeToken, unescapeToken } from 'cross-border-payments-runtime/validators';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const COPY = 'x-cbp-mapping-refs';
const COMPONENT = '#/components/schemas/';

/** Adds the `$ref` copies to one parsed file. In the root file, values that are `#/...` already
 * resolve and bare names name components, so only other-file values are copied there. */
export function copyMappingRefs(node: unknown, rootFile: boolean): void {
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const n = stack.pop();
    if (Array.isArray(n)) stack.push(...n);
    else if (isObj(n)) {
      const d = n.discriminator;
      if (isObj(d) && isObj(d.mapping)) {
        const copies: Obj = {};
        for (const [key, value] of Object.entries(d.mapping)) {
          if (typeof value !== 'string' || isBareName(value) || (rootFile && value.startsWith('#'))) continue;
          copies[key] = { $ref: value };
        }
        if (Object.keys(copies).length > 0) d[COPY] = copies;
      }
      for (const [k, v] of Object.entries(n))
        if (k !== 'example' && k !== 'examples' && v !== null && typeof v === 'object') stack.push(v);
    }
  }
}

/** A json-schema-ref-parser parser plugin: parses an external YAML/JSON file and adds the copies. */
export const mappingRefsParser = {
  order: 1,
  canParse: /\.(ya?ml|json)$/i,
  parse(file: { url: string; data: Buffer | string }): unknown {
    const text = typeof file.data === 'string' ? file.data : file.data.toString('utf8');
    const parsed = parseDocumentText(text, file.url);
    copyMappingRefs(parsed, false);
    return parsed;
  },
};

/** After bundling: writes each re-pointed copy back into its mapping and removes the copies. */
export function restoreMappingRefs(doc: Obj): void {
  const found: Array<{ discriminator: Obj; path: string[] }> = [];
  collect(doc, [], found, new Set());
  if (found.length === 0) return;
  const components = (isObj(doc.components) ? doc.components : (doc.components = {})) as Obj;
  const schemas = (isObj(components.schemas) ? components.schemas : (components.schemas = {})) as Obj;
  const moved: Array<{ from: string[]; to: string }> = [];
  for (const { discriminator, path } of found) {
    const copies = discriminator[COPY] as Obj;
    const mapping = discriminator.mapping as Obj;
    for (const [key, copy] of Object.entries(copies)) {
      if (isObj(copy) && typeof copy.$ref === 'string' && Object.keys(copy).length === 1) {
        mapping[key] = copy.$ref;
        continue;
      }
      // The bundler inlined the target here: it becomes a component.
      const base = nameFrom(String(mapping[key]));
      let name = base;
      for (let n = 2; Object.hasOwn(schemas, name); n++) name = `${base}${n}`;
      Object.defineProperty(schemas, name, { value: copy, enumerable: true, writable: true, configurable: true });
      const to = COMPONENT + escapeToken(name);
      moved.push({ from: [...path, COPY, key], to });
      mapping[key] = to;
    }
    delete discriminator[COPY];
  }
  if (moved.length > 0) repoint(doc, moved, new Set());
  for (const { discriminator } of found) {
    const mapping = discriminator.mapping as Obj;
    for (const [key, value] of Object.entries(mapping))
      if (typeof value === 'string') mapping[key] = repointed(value, moved) ?? value;
  }
}

function collect(
  node: unknown,
  path: string[],
  out: Array<{ discriminator: Obj; path: string[] }>,
  seen: Set<object>,
): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) collect(node[i], [...path, String(i)], out, seen);
    return;
  }
  const o = node as Obj;
  if (isObj(o.discriminator) && isObj(o.discriminator[COPY]) && isObj(o.discriminator.mapping))
    out.push({ discriminator: o.discriminator, path: [...path, 'discriminator'] });
  for (const [k, v] of Object.entries(o)) if (k !== 'example' && k !== 'examples') collect(v, [...path, k], out, seen);
}

function repoint(node: unknown, moved: Array<{ from: string[]; to: string }>, seen: Set<object>): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const v of node) repoint(v, moved, seen);
    return;
  }
  const o = node as Obj;
  if (typeof o.$ref === 'string') o.$ref = repointed(o.$ref, moved) ?? o.$ref;
  for (const [k, v] of Object.entries(o)) if (k !== 'example' && k !== 'examples') repoint(v, moved, seen);
}

function repointed(ref: string, moved: Array<{ from: string[]; to: string }>): string | undefined {
  const tokens = tokensOf(ref);
  if (tokens === undefined) return undefined;
  // Longest first: a target moved from inside another moved one.
  for (const { from, to } of [...moved].sort((a, b) => b.from.length - a.from.length)) {
    if (tokens.length >= from.length && from.every((t, i) => tokens[i] === t))
      return [to, ...tokens.slice(from.length).map(escapeToken)].join('/');
  }
  return undefined;
}

function tokensOf(ref: string): string[] | undefined {
  if (!ref.startsWith('#/')) return undefined;
  try {
    return ref
      .slice(2)
      .split('/')
      .map((t) => unescapeToken(decodeURIComponent(t)));
  } catch {
    return undefined;
  }
}

export function isBareName(value: string): boolean {
  return !/[/#]|\.(ya?ml|json)$/i.test(value);
}

/** A component name from a mapping value: the file's base name or the pointer's last token. */
function nameFrom(value: string): string {
  const [file = '', pointer] = value.split('#');
  const token = pointer ? (pointer.split('/').pop() ?? '') : (file.split('/').pop() ?? '');
  const clean = token.replace(/\.(ya?ml|json)$/i, '').replace(/[^A-Za-z0-9_.-]/g, '_');
  return clean === '' ? 'Schema' : clean;
}

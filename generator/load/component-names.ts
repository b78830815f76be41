/**
 * Component names outside `^[a-zA-Z0-9._-]+$` (OpenAPI 3.x, Components Object: "All the fixed
 * fields declared above are objects that MUST use keys that match the regular expression"), e.g.
 * `Odd Name-With.Dots`, are common in generated documents and openapi-typescript types them as
 * written. Each is renamed (every other character becomes `_`, a clash gets `2`, `3`, ...), and
 * every `$ref` to it or into it, every `discriminator.mapping` value naming it (pointer or bare
 * name) and, for a security scheme, every Security Requirement key is re-pointed.
 */
import type { SlipContext } from './normalize-slips.js';
import { escapeToken, unescapeToken } from 'cross-border-payments-runtime/validators';
import { SUBSCHEMA_MAPS } from '../ir/subschemas.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const VALID = /^[a-zA-Z0-9._-]+$/;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function repairComponentNames(ctx: SlipContext): void {
  const components = ctx.doc.components;
  if (!isObj(components)) return;
  /** Section → old name → new name. */
  const renamed = new Map<string, Map<string, string>>();
  for (const section of Object.keys(components)) {
    const map = components[section];
    if (section.startsWith('x-') || !isObj(map) || Object.keys(map).every((k) => VALID.test(k))) continue;
    const names = new Map<string, string>();
    const taken = new Set(Object.keys(map).filter((k) => VALID.test(k)));
    const rebuilt: Obj = {};
    for (const key of Object.keys(map)) {
      let name = key;
      if (!VALID.test(key)) {
        const base = key.replace(/[^a-zA-Z0-9._-]/g, '_');
        name = base;
        for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
        taken.add(name);
        names.set(key, name);
        ctx.warn(
          ['components', section, key],
          'a component name has characters outside ^[a-zA-Z0-9._-]+$',
          `\`${name}\`, references re-pointed`,
        );
      }
      Object.defineProperty(rebuilt, name, { value: map[key], enumerable: true, writable: true, configurable: true });
    }
    components[section] = rebuilt;
    renamed.set(section, names);
  }
  if (renamed.size === 0) return;
  repointRefs(ctx.doc, renamed, new Set());
  const schemes = renamed.get('securitySchemes');
  if (schemes !== undefined && schemes.size > 0) renameSecurity(ctx.doc, schemes);
}

/** `#/components/<section>/<name>[/...]`, the name decoded, or undefined. */
function parse(ref: string): { section: string; name: string; rest: string } | undefined {
  const m = /^#\/components\/([^/]+)\/([^/]+)(\/.*)?$/.exec(ref);
  if (m === null) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(m[2]);
  } catch {
    name = m[2];
  }
  return { section: m[1], name: unescapeToken(name), rest: m[3] ?? '' };
}

function repointed(ref: string, renamed: Map<string, Map<string, string>>): string | undefined {
  const p = parse(ref);
  const to = p && renamed.get(p.section)?.get(p.name);
  return p && to !== undefined ? `#/components/${p.section}/${escapeToken(to)}${p.rest}` : undefined;
}

function repointRefs(
  node: unknown,
  renamed: Map<string, Map<string, string>>,
  seen: Set<object>,
  parentKey = '',
): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const v of node) repointRefs(v, renamed, seen);
    return;
  }
  const o = node as Obj;
  if (typeof o.$ref === 'string') o.$ref = repointed(o.$ref, renamed) ?? o.$ref;
  const mapping = isObj(o.discriminator) ? o.discriminator.mapping : undefined;
  if (isObj(mapping)) {
    const schemas = renamed.get('schemas');
    for (const [key, value] of Object.entries(mapping)) {
      if (typeof value !== 'string') continue;
      // A bare schema name is a component name (OpenAPI 3.x, Discriminator Object).
      mapping[key] = repointed(value, renamed) ?? schemas?.get(value) ?? value;
    }
  }
  for (const [k, v] of Object.entries(o)) {
    // Example values are data (a schema's `examples` is a list of values; a map holds Example
    // Objects), unless `example` is a property's name.
    if (!SUBSCHEMA_MAPS.has(parentKey) && (k === 'example' || (k === 'examples' && Array.isArray(v)))) continue;
    repointRefs(v, renamed, seen, k);
  }
}

/** Security Requirement Objects name schemes by key: the document's and every operation's. */
function renameSecurity(doc: Obj, schemes: Map<string, string>): void {
  const fix = (holder: unknown) => {
    if (!isObj(holder) || !Array.isArray(holder.security)) return;
    holder.security = holder.security.map((req: unknown) =>
      isObj(req) ? Object.fromEntries(Object.entries(req).map(([k, v]) => [schemes.get(k) ?? k, v])) : req,
    );
  };
  fix(doc);
  for (const group of [doc.paths, doc.webhooks]) {
    if (!isObj(group)) continue;
    for (const item of Object.values(group)) if (isObj(item)) for (const m of METHODS) fix(item[m]);
  }
}

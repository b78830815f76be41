/**
 * Bundling re-points a shared external schema at its first use, which may be anywhere
 * (`#/paths/~1pets/get/responses/200/...`). Validators and openapi-typescript's named types
 * work from components.schemas: each such target is moved there under a free name and every
 * schema `$ref` to it (or into it) is re-pointed.
 */
import type { SlipContext } from './normalize-slips.js';
import { resolveLocal } from './normalize-slips.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const COMPONENT = '#/components/schemas/';
const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export function hoistSchemaRefs(ctx: SlipContext): void {
  const refs: Obj[] = [];
  collectRefs(ctx.doc, refs, new Set());
  const outside = refs.filter((r) => {
    const ref = r.$ref as string;
    return ref.startsWith('#/') && !ref.startsWith(COMPONENT) && !ref.startsWith('#/components/') && isSchemaLike(resolveLocal(ctx.doc, ref));
  });
  if (outside.length === 0) return;
  const components = (isObj(ctx.doc.components) ? ctx.doc.components : (ctx.doc.components = {})) as Obj;
  const schemas = (isObj(components.schemas) ? components.schemas : (components.schemas = {})) as Obj;
  const moved = new Map<string, string>();
  // Shortest first: a target inside an already moved one is reached through it.
  const targets = [...new Set(outside.map((r) => r.$ref as string))].sort((a, b) => a.length - b.length);
  for (const target of targets) {
    if ([...moved.keys()].some((m) => target.startsWith(`${m}/`))) continue;
    const base = nameFor(target);
    let name = base;
    for (let n = 2; Object.hasOwn(schemas, name); n++) name = `${base}${n}`;
    Object.defineProperty(schemas, name, { value: resolveLocal(ctx.doc, target), enumerable: true, writable: true, configurable: true });
    moved.set(target, COMPONENT + esc(name));
    ctx.warn(
      target
        .slice(2)
        .split('/')
        .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~')),
      'a schema referenced from elsewhere lives outside components.schemas',
      `components.schemas.${name} (the same schema, moved by reference)`,
    );
  }
  for (const r of outside) {
    const ref = r.$ref as string;
    for (const [from, to] of moved) {
      if (ref === from || ref.startsWith(`${from}/`)) {
        r.$ref = to + ref.slice(from.length);
        break;
      }
    }
  }
}

function collectRefs(node: unknown, out: Obj[], seen: Set<object>): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const v of node) collectRefs(v, out, seen);
    return;
  }
  const o = node as Obj;
  if (typeof o.$ref === 'string') out.push(o);
  for (const k of Object.keys(o)) if (k !== 'example' && k !== 'examples') collectRefs(o[k], out, seen);
}

function isSchemaLike(v: unknown): boolean {
  if (typeof v === 'boolean') return true;
  if (!isObj(v)) return false;
  return ['type', 'properties', 'items', 'allOf', 'oneOf', 'anyOf', 'enum', '$ref', 'additionalProperties', 'format', 'const', 'not'].some((k) => k in v);
}

/** A readable component name from the last meaningful pointer token. */
function nameFor(ref: string): string {
  const tokens = ref
    .slice(2)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    .filter((t) => !['schema', 'content', 'properties', 'items', 'responses', 'requestBody', 'parameters', 'paths'].includes(t) && !t.includes('/'));
  const last = tokens.pop() ?? 'Schema';
  const clean = last.replace(/[^A-Za-z0-9_.-]/g, '_');
  return clean === '' ? 'Schema' : clean;
}

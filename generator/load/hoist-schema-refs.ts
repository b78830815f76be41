/**
 * Bundling re-points a shared external schema at its first use, which may be anywhere
 * (`#/paths/~1pets/get/responses/200/...`). Validators and openapi-typescript's named types
 * work from components.schemas: each such target is moved there under a free name and every
 * schema `$ref` to it (or into it), and every `discriminator.mapping` value, is re-pointed.
 */
import type { SlipContext } from './normalize-slips.js';
import { fileComponentName, resolveLocal } from './normalize-slips.js';
import { escapeToken, unescapeToken } from 'cross-border-payments-runtime/validators';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const COMPONENT = '#/components/schemas/';
const WHOLE_COMPONENT = /^#\/components\/[^/]+\/[^/]+$/;

/** Where a reference is written: a `$ref` or a discriminator mapping value. */
interface RefSite {
  holder: Obj;
  key: string;
}

export function hoistSchemaRefs(ctx: SlipContext): void {
  const refs: RefSite[] = [];
  collectRefs(ctx.doc, refs, new Set());
  const outside = refs.filter((r) => {
    const ref = r.holder[r.key] as string;
    // Anything but a whole component: also a schema inside one (`#/components/schemas/A/anyOf/0/...`),
    // which openapi-typescript would otherwise type as an index into A's `anyOf` tuple.
    return ref.startsWith('#/') && !WHOLE_COMPONENT.test(ref) && isSchemaLike(resolveLocal(ctx.doc, ref));
  });
  const hadComponents = isObj(ctx.doc.components);
  const components = (hadComponents ? ctx.doc.components : (ctx.doc.components = {})) as Obj;
  const hadSchemas = isObj(components.schemas);
  const schemas = (hadSchemas ? components.schemas : (components.schemas = {})) as Obj;
  if (outside.length > 0) hoist(ctx, schemas, outside);
  nameMappingTargets(ctx, schemas, refs);
  // A reference re-pointed into the middle of a moved schema (bundling wrote it into a part of a
  // shared schema) becomes a component of its own as well: openapi-typescript would type
  // `#/components/schemas/A/properties/p` as an index into A (`components["schemas"]["A"]["p"]`),
  // which fails through an optional property and, written inside A, names A's own type (TS2502).
  // Each round moves the outermost of them; one inside those is re-pointed into it, moved next.
  for (;;) {
    const inside = refs.filter(
      (r) =>
        r.key === '$ref' &&
        intoComponentSchema(r.holder.$ref as string) &&
        isSchemaLike(resolveLocal(ctx.doc, r.holder.$ref as string)),
    );
    if (inside.length === 0) break;
    hoist(ctx, schemas, inside);
  }
  // Nothing moved: leave the document as it was (an added empty `components` would hide the
  // 3.1 rule that a document has paths, components or webhooks).
  if (!hadSchemas && Object.keys(schemas).length === 0) delete components.schemas;
  if (!hadComponents && Object.keys(components).length === 0) delete ctx.doc.components;
}

function hoist(ctx: SlipContext, schemas: Obj, outside: RefSite[]): void {
  const moved = new Map<string, string>();
  // Every target gets a component of its own, a target inside another moved one too: reached
  // through its parent instead (`components["schemas"]["X"]["root"]["tags"]`), a schema that
  // refers to itself becomes a type that indexes its own annotation (TS2502), and an optional
  // property indexes as `| undefined` (TS2339). Shortest first, so names follow document order.
  const targets = [...new Set(outside.map((r) => r.holder[r.key] as string))].sort((a, b) => a.length - b.length);
  // A target inside a moved one that only discriminator mappings name is left to
  // nameMappingTargets, which names it after its mapping key.
  const byRef = new Set(outside.filter((r) => r.key === '$ref').map((r) => r.holder.$ref as string));
  for (const target of targets) {
    if (!byRef.has(target) && [...moved.keys()].some((m) => target.startsWith(`${m}/`))) continue;
    // A file's whole content, written by bundling at its first use, is where a multi-file
    // description keeps a shared schema: moved under the file's name, there is nothing to report.
    const fromFile = fileComponentName(ctx, resolveLocal(ctx.doc, target));
    const base = fromFile ?? nameFor(ctx.doc, target);
    let name = base;
    for (let n = 2; Object.hasOwn(schemas, name); n++) name = `${base}${n}`;
    Object.defineProperty(schemas, name, {
      value: resolveLocal(ctx.doc, target),
      enumerable: true,
      writable: true,
      configurable: true,
    });
    moved.set(target, COMPONENT + escapeToken(name));
    if (fromFile === undefined)
      ctx.warn(
        target.slice(2).split('/').map(unescapeToken),
        'a schema referenced from elsewhere lives outside components.schemas (or inside another schema)',
        `components.schemas.${name} (the same schema, moved by reference)`,
      );
  }
  for (const r of outside) {
    const ref = r.holder[r.key] as string;
    // The innermost moved target the reference reaches (every target was moved: itself).
    let best: [string, string] | undefined;
    for (const [from, to] of moved)
      if ((ref === from || ref.startsWith(`${from}/`)) && (best === undefined || from.length > best[0].length))
        best = [from, to];
    if (best !== undefined) r.holder[r.key] = best[1] + ref.slice(best[0].length);
  }
}

/** A mapping value must name a schema of its own (openapi-typescript and the validators name
 * the member by it): a target inside another component becomes a component named by its key. */
function nameMappingTargets(ctx: SlipContext, schemas: Obj, refs: RefSite[]): void {
  const named = new Map<string, string>();
  for (const r of refs) {
    if (r.key === '$ref') continue;
    const ref = r.holder[r.key] as string;
    if (!ref.startsWith(COMPONENT) || !ref.slice(COMPONENT.length).includes('/')) continue;
    const target = resolveLocal(ctx.doc, ref);
    if (!isSchemaLike(target)) continue;
    let to = named.get(ref);
    if (to === undefined) {
      const base = r.key.replace(/[^A-Za-z0-9_.-]/g, '_') || 'Schema';
      let name = base;
      for (let n = 2; Object.hasOwn(schemas, name); n++) name = `${base}${n}`;
      Object.defineProperty(schemas, name, { value: target, enumerable: true, writable: true, configurable: true });
      to = COMPONENT + escapeToken(name);
      named.set(ref, to);
      ctx.warn(
        pointerTokens(ref),
        'a discriminator mapping names a schema inside another',
        `components.schemas.${name} (the same schema, named by its mapping key)`,
      );
    }
    r.holder[r.key] = to;
  }
  for (const r of refs)
    if (r.key === '$ref' && named.has(r.holder.$ref as string)) r.holder.$ref = named.get(r.holder.$ref as string);
}

function intoComponentSchema(ref: string): boolean {
  return ref.startsWith(COMPONENT) && ref.slice(COMPONENT.length).includes('/');
}

function pointerTokens(ref: string): string[] {
  return ref.slice(2).split('/').map(unescapeToken);
}

function collectRefs(node: unknown, out: RefSite[], seen: Set<object>): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const v of node) collectRefs(v, out, seen);
    return;
  }
  const o = node as Obj;
  if (typeof o.$ref === 'string') out.push({ holder: o, key: '$ref' });
  const mapping = isObj(o.discriminator) ? o.discriminator.mapping : undefined;
  if (isObj(mapping))
    for (const k of Object.keys(mapping)) if (typeof mapping[k] === 'string') out.push({ holder: mapping, key: k });
  for (const k of Object.keys(o)) if (k !== 'example' && k !== 'examples') collectRefs(o[k], out, seen);
}

function isSchemaLike(v: unknown): boolean {
  if (typeof v === 'boolean') return true;
  if (!isObj(v)) return false;
  return [
    'type',
    'properties',
    'items',
    'allOf',
    'oneOf',
    'anyOf',
    'enum',
    '$ref',
    'additionalProperties',
    'format',
    'const',
    'not',
  ].some((k) => k in v);
}

const STRUCTURAL = new Set([
  'schema',
  'content',
  'properties',
  'items',
  'responses',
  'requestBody',
  'parameters',
  'paths',
  'default',
  'allOf',
  'anyOf',
  'oneOf',
]);
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** A readable component name: the last meaningful pointer token, else the operation's id with
 * what the schema is to it (a status code, a method or a media type names nothing). */
function nameFor(doc: Obj, ref: string): string {
  const all = ref.slice(2).split('/').map(unescapeToken);
  const tokens = all.filter(
    (t) => !STRUCTURAL.has(t) && !METHODS.has(t) && !/^([1-5]\d\d|[1-5]XX|\d+)$/i.test(t) && !t.includes('/'),
  );
  let last = tokens.pop();
  if (last === undefined && all[0] === 'paths' && all.length > 2) {
    const operation = resolveLocal(doc, `#/paths/${ref.slice(2).split('/').slice(1, 3).join('/')}`);
    const id = isObj(operation) && typeof operation.operationId === 'string' ? operation.operationId : undefined;
    const part =
      all[3] === 'requestBody'
        ? 'Body'
        : all[3] === 'responses'
          ? `Response${all[4] === 'default' ? '' : all[4]}`
          : 'Parameter';
    if (id !== undefined) last = `${id}${part}`;
  }
  last ??= 'Schema';
  const clean = last.replace(/[^A-Za-z0-9_.-]/g, '_');
  return clean === '' ? 'Schema' : clean;
}

/**
 * Slips that published documents commonly contain, repaired on the bundled document before it is
 * validated and handed to the emitters, each with a one-line warning: what, where (JSON pointer)
 * and what was assumed. Only schema positions are visited (Schema Objects under
 * components.schemas and under every `schema` key, then their subschemas), so a property named
 * `required` or `$ref` stays data.
 */
import { escapeToken, unescapeToken } from 'cross-border-payments-runtime/validators';
import { toPointer } from '../../lib/errors.js';
import { repairComponentNames } from './component-names.js';
import { repairDiscriminator } from './discriminator-mapping.js';
import { hoistParameterRefs } from './hoist-parameter-refs.js';
import { hoistSchemaRefs } from './hoist-schema-refs.js';
import { SUBSCHEMA_LISTS, SUBSCHEMA_MAPS, SUBSCHEMA_ONE } from '../ir/subschemas.js';

type Obj = Record<string, unknown>;
type Path = Array<string | number>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface SlipContext {
  doc: Obj;
  openapi30: boolean;
  warn(path: Path, what: string, assumed: string): void;
  /** The file each external file's content came from (the parsed object is what bundling wrote
   * at its first use): a component moved there is named after its file, as openapi-typescript's
   * bundler (and redocly bundle) name it. */
  fileOf?: WeakMap<object, string>;
}

/** Repairs `doc` in place and returns the warnings. */
export function normalizeSlips(doc: Obj, file: string, fileOf?: WeakMap<object, string>): string[] {
  const warnings: string[] = [];
  const ctx: SlipContext = {
    doc,
    fileOf,
    openapi30: typeof doc.openapi === 'string' && doc.openapi.startsWith('3.0'),
    warn: (path, what, assumed) => warnings.push(`${file}#${toPointer(path)}: ${what}; assumed ${assumed}`),
  };
  // First: the other repairs name components (mapping values, hoisted schemas) by their new names.
  repairComponentNames(ctx);
  const components = isObj(doc.components) ? doc.components : undefined;
  const schemas = components && isObj(components.schemas) ? components.schemas : undefined;
  const seen = new Set<object>();
  if (schemas)
    for (const name of Object.keys(schemas))
      visitSchema(ctx, schemas[name], ['components', 'schemas', name], name, seen);
  findSchemaKeys(doc, [], (schema, path) => visitSchema(ctx, schema, path, undefined, seen), ctx);
  hoistSchemaRefs(ctx);
  hoistParameterRefs(ctx);
  return warnings;
}

/** Every value under a `schema` key outside components.schemas (parameters, media types, headers). */
function findSchemaKeys(
  node: unknown,
  path: Path,
  onSchema: (schema: unknown, path: Path) => void,
  ctx: SlipContext,
): void {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) findSchemaKeys(node[i], [...path, i], onSchema, ctx);
    return;
  }
  if (!isObj(node)) return;
  for (const key of Object.keys(node)) {
    if (path.length === 0 && key === 'components') {
      const c = node[key];
      if (isObj(c))
        for (const k of Object.keys(c)) if (k !== 'schemas') findSchemaKeys(c[k], ['components', k], onSchema, ctx);
      continue;
    }
    if (key === 'schema' && node[key] === null && path.length > 0) {
      // `schema: null` (seen in generated documents): a Media Type or Parameter without a schema.
      ctx.warn([...path, key], '`schema` is null', 'no schema (any value)');
      delete node[key];
    } else if (key === 'schema' && (isObj(node[key]) || typeof node[key] === 'boolean'))
      onSchema(node[key], [...path, key]);
    else if (key !== 'example' && key !== 'examples' && !key.startsWith('x-'))
      findSchemaKeys(node[key], [...path, key], onSchema, ctx);
  }
}

function visitSchema(
  ctx: SlipContext,
  schema: unknown,
  path: Path,
  component: string | undefined,
  seen: Set<object>,
): void {
  if (!isObj(schema) || seen.has(schema)) return;
  seen.add(schema);
  repairKeywords(ctx, schema, path, component);
  for (const key of SUBSCHEMA_MAPS) {
    const map = schema[key];
    if (isObj(map))
      for (const name of Object.keys(map)) visitSchema(ctx, map[name], [...path, key, name], component, seen);
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list))
      for (let i = 0; i < list.length; i++) visitSchema(ctx, list[i], [...path, key, i], component, seen);
  }
  for (const key of SUBSCHEMA_ONE) {
    const one = schema[key];
    if (Array.isArray(one))
      for (let i = 0; i < one.length; i++) visitSchema(ctx, one[i], [...path, key, i], component, seen);
    else visitSchema(ctx, one, [...path, key], component, seen);
  }
}

function repairKeywords(ctx: SlipContext, s: Obj, path: Path, component: string | undefined): void {
  if (Array.isArray(s.required)) {
    const unique = [...new Set(s.required)];
    if (unique.length !== s.required.length) {
      ctx.warn([...path, 'required'], 'duplicate entries in `required`', 'each name once');
      s.required = unique;
    }
  }
  if (Array.isArray(s.enum)) {
    const keys = s.enum.map((v) => JSON.stringify(v));
    if (new Set(keys).size !== keys.length) {
      ctx.warn([...path, 'enum'], 'duplicate entries in `enum`', 'each value once');
      s.enum = s.enum.filter((_, i) => keys.indexOf(keys[i]) === i);
    }
  }
  if (!ctx.openapi30) {
    // Draft 4 / OpenAPI 3.0 boolean bounds in a 2020-12 schema.
    for (const [bound, limit] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof s[bound] !== 'boolean') continue;
      if (s[bound] === true && typeof s[limit] === 'number') {
        ctx.warn(
          [...path, bound],
          `boolean \`${bound}\` is OpenAPI 3.0 syntax`,
          `\`${bound}: ${s[limit]}\` (the value of \`${limit}\`)`,
        );
        s[bound] = s[limit];
        delete s[limit];
      } else {
        ctx.warn([...path, bound], `boolean \`${bound}\` is OpenAPI 3.0 syntax`, `no exclusive bound`);
        delete s[bound];
      }
    }
  } else if (s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null'))) {
    // `type: 'null'` is JSON Schema 2020-12 (OpenAPI 3.1); 3.0 says `nullable: true`.
    const rest = Array.isArray(s.type) ? s.type.filter((t) => t !== 'null') : [];
    ctx.warn(
      [...path, 'type'],
      '`type: null` is not OpenAPI 3.0',
      rest.length === 1 ? `\`type: ${rest[0]}\` with \`nullable: true\`` : '`nullable: true`',
    );
    if (rest.length === 1) s.type = rest[0];
    else delete s.type;
    s.nullable = true;
  }
  for (const [old, now] of [
    ['$recursiveRef', '$ref'],
    ['$recursiveAnchor', undefined],
  ] as const) {
    if (!(old in s)) continue;
    if (now === undefined) {
      ctx.warn([...path, old], `\`${old}\` is draft 2019-09, not OpenAPI 3.1`, 'no dynamic scope (removed)');
      delete s[old];
      continue;
    }
    const target = component === undefined ? undefined : `#/components/schemas/${escapeToken(component)}`;
    if (s[old] === '#' && target !== undefined && s.$ref === undefined) {
      ctx.warn(
        [...path, old],
        `\`${old}\` is draft 2019-09, not OpenAPI 3.1`,
        `\`$ref: ${target}\` (the enclosing component, no dynamic scope)`,
      );
      s.$ref = target;
    } else {
      ctx.warn([...path, old], `\`${old}\` is draft 2019-09, not OpenAPI 3.1`, 'any value (removed)');
    }
    delete s[old];
  }
  if (typeof s.$ref === 'string') {
    // A schema $ref naming a Parameter or Header Object (whose own `schema` is what was meant):
    // openapi-typescript follows it to the parameter's type; a schema cannot be a parameter.
    const target = resolveLocal(ctx.doc, s.$ref);
    if (
      isObj(target) &&
      isObj(target.schema) &&
      (typeof target.in === 'string' || /^#\/components\/(parameters|headers)\/[^/]+$/.test(s.$ref))
    ) {
      ctx.warn(
        [...path, '$ref'],
        `a schema $ref names a ${typeof target.in === 'string' ? 'Parameter' : 'Header'} Object`,
        `its \`schema\` (${s.$ref}/schema)`,
      );
      s.$ref = `${s.$ref}/schema`;
    }
  }
  const props = s.properties;
  if (isObj(props) && typeof props.$ref === 'string') {
    // A JSON Reference standing for the whole properties map: not allowed (a property schema
    // named `$ref` would have to be an object), but openapi-typescript follows it.
    const target = resolveLocal(ctx.doc, props.$ref);
    if (isObj(target) && Object.values(target).every((v) => isObj(v) || typeof v === 'boolean')) {
      ctx.warn(
        [...path, 'properties'],
        '`properties` is a $ref to a map of schemas',
        `the map at ${props.$ref} inlined`,
      );
      s.properties = { ...target };
    } else {
      ctx.warn(
        [...path, 'properties'],
        '`properties` is a $ref that does not resolve to a map of schemas',
        'no properties',
      );
      delete s.properties;
    }
  }
  if (isObj(s.discriminator)) repairDiscriminator(ctx, s, path);
}

/** A `#/...` pointer in `doc`, or undefined. */
export function resolveLocal(doc: Obj, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    let token: string;
    try {
      token = unescapeToken(decodeURIComponent(raw));
    } catch {
      return undefined;
    }
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObj(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

/** The name a component moved out of another file takes: that file's name without its extension
 * (`components/schemas/simple-user.yaml` -> `simple-user`); undefined when `value` is not a whole
 * file's content. */
export function fileComponentName(ctx: SlipContext, value: unknown): string | undefined {
  const url = value !== null && typeof value === 'object' ? ctx.fileOf?.get(value) : undefined;
  if (url === undefined) return undefined;
  const last = url.replace(/[?#].*$/, '').replace(/^.*[/\\]/, '');
  let base = last;
  try {
    base = decodeURIComponent(last);
  } catch {
    // A malformed %-escape: the name as written.
  }
  const clean = base.replace(/\.(ya?ml|json)$/i, '').replace(/[^A-Za-z0-9_.-]/g, '_');
  return clean === '' ? undefined : clean;
}

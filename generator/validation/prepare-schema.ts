/**
 * Makes a schema of the model compilable by ajv: component `$ref`s point into one registered
 * components schema, and OpenAPI 3.0's dialect is rewritten to draft-07 (nullable, boolean
 * exclusiveMinimum/Maximum). Walks schema positions only, so a property named `nullable` or
 * `$ref` is data, not a keyword.
 */
import { escapeToken, unescapeToken } from 'cross-border-payments-runtime/validators';
import { CbpError } from '../../lib/errors.js';
import type { JSONSchema } from '../ir/json-schema.js';
import { setKey } from '../ir/refs.js';
import { SUBSCHEMA_LISTS, SUBSCHEMA_MAPS, SUBSCHEMA_ONE } from '../ir/subschemas.js';

export const COMPONENTS_ID = 'https://cbp.invalid/components.json';
const COMPONENT_REF = '#/components/schemas/';

/** Recorded when a property is named like an Object.prototype member (`valueOf`, `constructor`):
 * ajv must then look properties up on the object itself (its `ownProperties` option, which costs
 * ~15% of throughput), or an inherited member satisfies `required` and gets validated. */
export const OWN_PROPERTIES = 'ownProperties';
const PROTOTYPE_MEMBERS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));
const namesPrototypeMember = (key: string, value: unknown): boolean =>
  (key === 'properties' && isPlainObject(value) && Object.keys(value).some((k) => PROTOTYPE_MEMBERS.has(k))) ||
  (key === 'required' && Array.isArray(value) && value.some((k) => typeof k === 'string' && PROTOTYPE_MEMBERS.has(k)));
const FEATURES = new Set([
  'unevaluatedProperties',
  'unevaluatedItems',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
]);

export interface PrepareOptions {
  openapi30: boolean;
  /** Where this schema sits in the document, for error messages (JSON pointer). */
  at: string;
  /** Collects every `format` and `pattern` seen (unknown formats are registered as no-ops). */
  formats: Set<string>;
  patterns: Set<string>;
  /** Where each pattern (and `patternProperties` name) was first seen, as a JSON pointer. */
  patternAt?: Map<string, string>;
  /** Collects the 2020-12 keywords that need ajv's costlier machinery when present. */
  features?: Set<string>;
  /** components.schemas: small, non-recursive ones are inlined where referenced (a $ref costs a
   * function call and two allocations per validated value in ajv's output). */
  components?: Record<string, JSONSchema>;
  /** Largest component expansion (JSON characters) inlined; 0 disables inlining. Default 4000. */
  inlineLimit?: number;
  /** Drop what does not affect validation (descriptions, examples, x- extensions other than the
   * rule keywords in `keep`): the schemas are emitted as data, and these are most of their size. */
  stripAnnotations?: boolean;
  /** Extension keywords ajv evaluates (the rule keywords): never stripped. */
  keep?: ReadonlySet<string>;
  /** Identity under which expansions are cached between calls (the plan passes one object for
   * all its parts). Default: the options object itself. */
  expansions?: object;
}

/** Components larger than this (JSON characters) stay behind a $ref, so big documents do not
 * blow up the generated code. */
const INLINE_LIMIT = 4000;
const ANNOTATIONS = new Set([
  'description',
  'title',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  'default',
  '$comment',
]);
/** Keywords no validator reads (ajv's own `discriminator` support is off): dropped with
 * `stripAnnotations`. */
const NOT_VALIDATED = new Set([...ANNOTATIONS, 'externalDocs', 'xml', 'discriminator']);

/** Expansions per components map and options object (the same plan reuses them across parts). */
const expansions = new WeakMap<object, Map<string, JSONSchema | null>>();
function expansionCache(opts: PrepareOptions): Map<string, JSONSchema | null> {
  const key = opts.expansions ?? opts;
  let cache = expansions.get(key);
  if (cache === undefined) expansions.set(key, (cache = new Map()));
  return cache;
}

export function prepareSchema(schema: JSONSchema, opts: PrepareOptions): JSONSchema {
  const inlining: string[] = [];
  return node(schema, opts.at);

  function inlineRef(s: Record<string, unknown>, at: string): JSONSchema | undefined {
    const ref = s.$ref as string;
    if (!ref.startsWith(COMPONENT_REF) || opts.components === undefined) return undefined;
    const name = unescapeToken(ref.slice(COMPONENT_REF.length));
    if (!Object.hasOwn(opts.components, name) || inlining.includes(name)) return undefined;
    const inlined = expanded(name, ref);
    if (inlined === undefined) return undefined;
    // OpenAPI 3.0 ignores $ref siblings; in 3.1 they apply too (annotations aside).
    const siblings = opts.openapi30
      ? []
      : Object.keys(s).filter((k) => k !== '$ref' && !ANNOTATIONS.has(k) && !k.startsWith('x-'));
    if (siblings.length === 0) return inlined;
    const rest: Record<string, unknown> = {};
    for (const k of siblings) rest[k] = s[k];
    const restPrepared = node(rest, at) as Record<string, unknown>;
    return { ...restPrepared, allOf: [...((restPrepared.allOf as JSONSchema[] | undefined) ?? []), inlined] };
  }

  /** A component with its own small references inlined, when the whole expansion stays within
   * the limit: measuring the expansion, not the component, keeps a chain of small components
   * that reference each other from multiplying (ajv then compiles each copy). */
  function expanded(name: string, ref: string): JSONSchema | undefined {
    const limit = opts.inlineLimit ?? INLINE_LIMIT;
    if (limit <= 0) return undefined;
    const cache = expansionCache(opts);
    // A copy per use: ajv keys compiled functions by schema object, and one object in two places
    // of a standalone module would be declared twice.
    if (cache.has(name)) {
      const hit = cache.get(name);
      return hit == null ? undefined : structuredClone(hit);
    }
    const target = (opts.components as Record<string, JSONSchema>)[name];
    if (JSON.stringify(target).length > limit) {
      cache.set(name, null);
      return undefined;
    }
    inlining.push(name);
    try {
      const prepared = node(target, `/components/schemas/${ref.slice(COMPONENT_REF.length)}`);
      const fits = JSON.stringify(prepared).length <= limit;
      // Inside a cycle the expansion depends on where it started: cache only outside one.
      if (inlining.length === 1) cache.set(name, fits ? structuredClone(prepared) : null);
      return fits ? prepared : undefined;
    } finally {
      inlining.pop();
    }
  }

  function node(s: unknown, at: string): JSONSchema {
    if (typeof s === 'boolean') return s;
    if (s === null || typeof s !== 'object' || Array.isArray(s)) {
      throw new CbpError('E_SPEC_INVALID', 'a schema must be an object or a boolean', {
        pointer: at,
        rule: 'JSON Schema',
      });
    }
    if (typeof (s as Record<string, unknown>).$ref === 'string') {
      const inlined = inlineRef(s as Record<string, unknown>, at);
      if (inlined !== undefined) return inlined;
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(s)) {
      const here = `${at}/${escapeToken(key)}`;
      // Recorded whatever branch the value takes below: `unevaluatedProperties: false` is a
      // sub-schema, and ajv tracks evaluated properties only when told the feature is in use.
      if (FEATURES.has(key)) opts.features?.add(key);
      if (namesPrototypeMember(key, value)) opts.features?.add(OWN_PROPERTIES);
      if (SUBSCHEMA_MAPS.has(key) && isPlainObject(value)) {
        if (key === 'patternProperties')
          for (const name of Object.keys(value))
            if (!opts.patternAt?.has(name)) opts.patternAt?.set(name, `${here}/${escapeToken(name)}`);
        out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, node(v, `${here}/${escapeToken(k)}`)]));
      } else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) {
        out[key] = value.map((v, i) => node(v, `${here}/${i}`));
      } else if (SUBSCHEMA_ONE.has(key) && (typeof value === 'boolean' || isPlainObject(value))) {
        out[key] = node(value, here);
      } else if (key === 'items' && Array.isArray(value)) {
        out[key] = value.map((v, i) => node(v, `${here}/${i}`));
      } else if (key === '$ref' && typeof value === 'string') {
        out[key] = rewriteRef(value, here, opts.components);
      } else if (opts.stripAnnotations && (NOT_VALIDATED.has(key) || (key.startsWith('x-') && !opts.keep?.has(key)))) {
        // Not validated: left out of the emitted data.
      } else {
        if (key === 'format' && typeof value === 'string') opts.formats.add(value);
        if (key === 'pattern' && typeof value === 'string') {
          opts.patterns.add(value);
          if (!opts.patternAt?.has(value)) opts.patternAt?.set(value, here);
        }
        setKey(out, key, value);
      }
    }
    if (opts.openapi30) return fromOpenApi30(out);
    // `nullable` is not a 2020-12 keyword: in a 3.1 document it is an unknown annotation (ajv
    // would otherwise apply its own OpenAPI 3.0 meaning, and refuse it without `type`).
    delete out.nullable;
    return out;
  }
}

function rewriteRef(ref: string, at: string, components?: Record<string, JSONSchema>): string {
  if (ref.startsWith(COMPONENT_REF)) {
    // Checked here because validators may compile only at run time, where a dangling reference
    // would surface far from the document.
    const name = componentName(ref.slice(COMPONENT_REF.length));
    if (components !== undefined && !Object.hasOwn(components, name)) {
      throw new CbpError(
        'E_SPEC_INVALID',
        `schema $ref ${JSON.stringify(ref)} points to no schema under #/components/schemas`,
        { pointer: at, rule: 'JSON Schema' },
      );
    }
    return `${COMPONENTS_ID}#/$defs/${ref.slice(COMPONENT_REF.length)}`;
  }
  throw new CbpError('E_SPEC_INVALID', `schema $ref ${JSON.stringify(ref)} does not point into #/components/schemas`, {
    pointer: at,
    hint: 'move the referenced schema under components.schemas',
  });
}

/** The component a `#/components/schemas/<token>[/...]` reference starts in (RFC 6901 token in a
 * URI fragment, RFC 3986 percent-encoding). */
function componentName(pointer: string): string {
  const token = pointer.split('/')[0]!;
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // Not percent-encoded: the token as written.
  }
  return unescapeToken(decoded);
}

/** OpenAPI 3.0 Schema Object → draft-07. */
function fromOpenApi30(s: Record<string, unknown>): Record<string, unknown> {
  for (const [bound, limit] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof s[bound] === 'boolean') {
      if (s[bound] === true && typeof s[limit] === 'number') {
        s[bound] = s[limit];
        delete s[limit];
      } else {
        delete s[bound];
      }
    }
  }
  if (s.nullable !== true) {
    delete s.nullable;
    return s;
  }
  delete s.nullable;
  if (Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...s.enum, null];
  if (typeof s.type === 'string') {
    s.type = [s.type, 'null'];
    return s;
  }
  if (Array.isArray(s.type)) {
    if (!s.type.includes('null')) s.type = [...s.type, 'null'];
    return s;
  }
  return { anyOf: [s, { type: 'null' }] };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The schema every component `$ref` points into. */
export function componentsSchema(schemas: Record<string, JSONSchema>, opts: PrepareOptions): JSONSchema {
  const defs: Record<string, JSONSchema> = {};
  for (const name of Object.keys(schemas)) {
    // setKey: a component named `__proto__` is a definition, not the object's prototype.
    setKey(defs, name, prepareSchema(schemas[name], { ...opts, at: `/components/schemas/${escapeToken(name)}` }));
  }
  return { $id: COMPONENTS_ID, $defs: defs };
}

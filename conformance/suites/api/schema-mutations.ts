/**
 * Minimal changes to a valid value that break exactly one schema constraint (required,
 * lengths, patterns, minItems, case of enums, null for a non-empty value), generated from the schema rather than listed
 * by hand. Walks only what the valid value contains, so every mutation is one edit away from it.
 */
import type { JSONSchema } from '../../../generator/ir/json-schema.js';
import { toPointer, unescapeToken } from '../../engine/json-pointer.js';

export interface SchemaMutation {
  value: unknown;
  pointer: string;
  /** `schema.<keyword>`, as in the shared error model (packages/runtime/src/rule-types.ts). */
  rule: string;
  /** The seed rule this keyword implements, when its schema is tagged `x-cbp-rule: <id>` in spec/openapi.yaml. */
  implements?: string;
  description: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export function schemaMutations(
  schema: JSONSchema,
  valid: unknown,
  schemas: Record<string, JSONSchema>,
): SchemaMutation[] {
  const out: SchemaMutation[] = [];
  walk(
    schema,
    valid,
    [],
    (tokens, value, rule, description, implemented) => {
      out.push({
        value: replaceAt(valid, tokens, value),
        pointer: ptr(tokens),
        rule,
        ...(implemented ? { implements: implemented } : {}),
        description,
      });
    },
    schemas,
    0,
  );
  return out;
}

type Emit = (
  tokens: Array<string | number>,
  value: unknown,
  rule: string,
  description: string,
  implemented?: string,
) => void;
const REMOVE = Symbol('remove');

function resolve(schema: unknown, schemas: Record<string, JSONSchema>): Obj {
  let s = isObj(schema) ? schema : {};
  for (let i = 0; i < 20 && typeof s.$ref === 'string'; i++) {
    const m = /^#\/components\/schemas\/(.+)$/.exec(s.$ref);
    const target = m ? schemas[unescapeToken(decodeURIComponent(m[1]))] : undefined;
    const { $ref: _ref, ...siblings } = s;
    s = { ...(isObj(target) ? target : {}), ...siblings };
  }
  return s;
}

function walk(
  raw: unknown,
  value: unknown,
  at: Array<string | number>,
  emit: Emit,
  schemas: Record<string, JSONSchema>,
  depth: number,
): void {
  if (depth > 12) return;
  const s = resolve(raw, schemas);
  // A keyword of a schema tagged `x-cbp-rule: <id>` implements that seed rule (a `$ref`'s sibling tag wins).
  const tag = typeof s['x-cbp-rule'] === 'string' ? s['x-cbp-rule'] : undefined;
  const own: Emit = (t, v, r, d) => emit(t, v, r, d, tag);
  for (const part of Array.isArray(s.allOf) ? s.allOf : []) walk(part, value, at, emit, schemas, depth + 1);
  if (isObj(value)) {
    for (const name of Array.isArray(s.required) ? (s.required as string[]) : []) {
      if (name in value) emit([...at, name], REMOVE, 'schema.required', `required ${name} left out`);
    }
    const props = isObj(s.properties) ? s.properties : {};
    for (const [name, sub] of Object.entries(props))
      if (name in value) walk(sub, value[name], [...at, name], emit, schemas, depth + 1);
  } else if (Array.isArray(value)) {
    nullMutation(s, 'array', at, own);
    if (typeof s.minItems === 'number' && s.minItems > 0 && value.length >= s.minItems) {
      own(at, value.slice(0, s.minItems - 1), 'schema.minItems', `${s.minItems - 1} items (at least ${s.minItems})`);
    }
    if (value.length > 0 && s.items !== undefined) walk(s.items, value[0], [...at, 0], emit, schemas, depth + 1);
  } else if (typeof value === 'string') {
    nullMutation(s, 'string', at, own);
    stringMutations(s, value, at, own);
  }
}

/**
 * "cannot be null or empty" (Payment request table) is said in JSON Schema by `type` plus a
 * non-empty bound; a value the schema bounds that way is also sent as null.
 */
function nullMutation(s: Obj, type: 'string' | 'array', at: Array<string | number>, emit: Emit): void {
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const bound = type === 'string' ? s.minLength : s.minItems;
  if (types.includes(type) && !types.includes('null') && typeof bound === 'number' && bound > 0)
    emit(at, null, 'schema.type', `null (a non-empty ${type})`);
}

function stringMutations(s: Obj, value: string, at: Array<string | number>, emit: Emit): void {
  if (typeof s.maxLength === 'number') {
    const longer = value.padEnd(s.maxLength + 1, value.length > 0 ? value[value.length - 1] : 'A');
    emit(at, longer, 'schema.maxLength', `${longer.length} characters (at most ${s.maxLength})`);
  }
  if (typeof s.minLength === 'number' && s.minLength > 0)
    emit(
      at,
      value.slice(0, s.minLength - 1),
      'schema.minLength',
      `${s.minLength - 1} characters (at least ${s.minLength})`,
    );
  if (typeof s.pattern === 'string') {
    const re = new RegExp(s.pattern, 'u');
    const bad = [value.toLowerCase(), value.toUpperCase(), `${value} !`, `!${value}`].find(
      (c) => c !== value && !re.test(c),
    );
    if (bad !== undefined) emit(at, bad, 'schema.pattern', `${JSON.stringify(bad)} does not match ${s.pattern}`);
  }
  const allowed = Array.isArray(s.enum) ? s.enum : s.const !== undefined ? [s.const] : undefined;
  if (allowed?.includes(value)) {
    // Enums are case sensitive (Payment request table: purpose_of_transaction).
    const other = [value.toLowerCase(), value.toUpperCase()].find((c) => c !== value && !allowed.includes(c));
    if (other !== undefined)
      emit(
        at,
        other,
        Array.isArray(s.enum) ? 'schema.enum' : 'schema.const',
        `${JSON.stringify(other)}: enum values are case sensitive`,
      );
  }
}

function replaceAt(root: unknown, tokens: Array<string | number>, value: unknown): unknown {
  if (tokens.length === 0) return value === REMOVE ? undefined : value;
  const copy = structuredClone(root) as Obj;
  let node: Obj | unknown[] = copy;
  for (const t of tokens.slice(0, -1)) node = (node as Obj)[t as string] as Obj;
  const last = tokens[tokens.length - 1];
  if (value === REMOVE) delete (node as Obj)[last as string];
  else (node as Obj)[last as string] = value;
  return copy;
}

const ptr = toPointer;

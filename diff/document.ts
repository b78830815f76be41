/**
 * Reading one side of a contract the way the rules need it: local `$ref`s followed, operations
 * and webhooks indexed by a key that survives renamed path parameters, parameters merged from the
 * path item, and schemas seen through their `allOf` members. Nothing here compares.
 */
import { escapePointerToken, toPointer } from '../lib/errors.js';
import type { Obj, SchemaView, Subject } from './types.js';

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const child = (pointer: string, ...tokens: Array<string | number>): string =>
  tokens.reduce<string>((p, t) => `${p}/${escapePointerToken(t)}`, pointer);

const EMPTY: Obj = {};

/** Follows local `$ref`s (OpenAPI 3.1 siblings of a `$ref` are ignored, as 3.0 says) to the value. */
export function resolve(doc: Obj, value: unknown, pointer: string): { value: Obj; pointer: string } {
  let at = pointer;
  let current = value;
  for (let hops = 0; hops < 32 && isObj(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#')) break;
    at = ref.slice(1);
    current = lookup(doc, at);
  }
  return { value: isObj(current) ? current : EMPTY, pointer: at };
}

function lookup(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObj(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** `/v3/customers/{customer_id}/payments` → `/v3/customers/{}/payments`: a renamed path parameter
 * is the same URL to a client. */
export const pathKey = (p: string): string => p.replace(/\{[^}]*\}/g, '{}');

export interface IndexedOperation {
  subject: Subject;
  operation: Obj;
  pointer: string;
  /** The path item's parameters overridden by the operation's, by `in` + `name`. */
  parameters: Map<string, { parameter: Obj; pointer: string }>;
  servers: unknown;
}

/** Every operation (`paths`) and webhook operation (`webhooks`) of a document, by key. */
export function operationsOf(doc: Obj): Map<string, IndexedOperation> {
  const out = new Map<string, IndexedOperation>();
  const add = (kind: 'operation' | 'webhook', group: 'paths' | 'webhooks') => {
    const items = doc[group];
    if (!isObj(items)) return;
    for (const [name, rawItem] of Object.entries(items)) {
      const item = resolve(doc, rawItem, toPointer([group, name]));
      for (const method of METHODS) {
        const operation = item.value[method];
        if (!isObj(operation)) continue;
        const pointer = child(item.pointer, method);
        const upper = method.toUpperCase();
        const key = kind === 'operation' ? `${upper} ${pathKey(name)}` : `webhook ${name} ${upper}`;
        const id = typeof operation.operationId === 'string' ? operation.operationId : undefined;
        const subject: Subject =
          kind === 'operation'
            ? { kind, key, method: upper, path: name, ...(id ? { id } : {}) }
            : { kind, key: name, method: upper, ...(id ? { id } : {}) };
        const parameters = new Map<string, { parameter: Obj; pointer: string }>();
        for (const [list, base] of [
          [item.value.parameters, child(item.pointer, 'parameters')],
          [operation.parameters, child(pointer, 'parameters')],
        ] as const) {
          if (!Array.isArray(list)) continue;
          list.forEach((p, i) => {
            const r = resolve(doc, p, child(base, i));
            if (typeof r.value.name === 'string' && typeof r.value.in === 'string')
              parameters.set(`${r.value.in}:${r.value.in === 'header' ? r.value.name.toLowerCase() : r.value.name}`, {
                parameter: r.value,
                pointer: r.pointer,
              });
          });
        }
        out.set(key, { subject, operation, pointer, parameters, servers: operation.servers ?? item.value.servers });
      }
    }
  };
  add('operation', 'paths');
  add('webhook', 'webhooks');
  return out;
}

/** The schema of a parameter (its `schema`, or the first media type of its `content`). */
export function parameterSchema(parameter: Obj, pointer: string): { schema: unknown; pointer: string } | undefined {
  if (parameter.schema !== undefined) return { schema: parameter.schema, pointer: child(pointer, 'schema') };
  if (isObj(parameter.content)) {
    const [type, media] = Object.entries(parameter.content)[0] ?? [];
    if (type !== undefined && isObj(media) && media.schema !== undefined)
      return { schema: media.schema, pointer: child(pointer, 'content', type, 'schema') };
  }
  return undefined;
}

/** A schema seen through its `$ref`s and `allOf` members (merged: properties, required, types). */
export function schemaView(doc: Obj, value: unknown, pointer: string): SchemaView {
  const root = resolve(doc, value, pointer);
  const parts: Array<{ value: Obj; pointer: string }> = [];
  const seen = new Set<Obj>();
  const collect = (s: { value: Obj; pointer: string }) => {
    if (seen.has(s.value)) return;
    seen.add(s.value);
    parts.push(s);
    if (Array.isArray(s.value.allOf))
      for (const [i, m] of s.value.allOf.entries()) collect(resolve(doc, m, child(s.pointer, 'allOf', i)));
  };
  collect(root);
  const types = new Set<string>();
  let nullable = false;
  const properties = new Map<string, { schema: unknown; pointer: string }>();
  const required = new Set<string>();
  let enumValues: Set<string> | undefined;
  for (const { value: s, pointer: p } of parts) {
    const t = s.type;
    for (const one of Array.isArray(t) ? t : t === undefined ? [] : [t]) {
      if (one === 'null') nullable = true;
      else if (typeof one === 'string') types.add(one);
    }
    if (s.nullable === true) nullable = true;
    if (isObj(s.properties))
      for (const [name, schema] of Object.entries(s.properties))
        if (!properties.has(name)) properties.set(name, { schema, pointer: child(p, 'properties', name) });
    if (Array.isArray(s.required)) for (const r of s.required) if (typeof r === 'string') required.add(r);
    if (Array.isArray(s.enum) && enumValues === undefined) {
      enumValues = new Set();
      for (const e of s.enum) {
        if (e === null) nullable = true;
        else enumValues.add(JSON.stringify(e));
      }
    }
    if (s.const !== undefined && enumValues === undefined && s.const !== null)
      enumValues = new Set([JSON.stringify(s.const)]);
  }
  const owner = (keyword: string) => parts.find((x) => x.value[keyword] !== undefined);
  return {
    pointer: root.pointer,
    raw: root.value,
    types,
    nullable,
    properties,
    required,
    ...(enumValues !== undefined ? { enum: enumValues } : {}),
    get: (keyword) => owner(keyword)?.value[keyword],
    at: (keyword) => child(owner(keyword)?.pointer ?? root.pointer, keyword),
  };
}

/** The label reports print for an operation or webhook: `createPayment (POST /v3/…)`. */
export function subjectLabel(s: Subject): string {
  if (s.kind === 'webhook') return `webhook ${s.key}${s.id ? ` (${s.id})` : ''}`;
  const where = `${s.method} ${s.path}`;
  return s.id ? `${s.id} (${where})` : where;
}

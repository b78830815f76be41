/**
 * Every example a (bundled) OpenAPI document carries, with where it sits and what it must be
 * valid against: media-type `example`/`examples` of request bodies, responses, webhooks and
 * callbacks; parameter and header `example`/`examples`; schema-level `example` (3.0) and
 * `examples` arrays (3.1), in components and inline. Example Objects behind a `$ref` into
 * `#/components/examples` are followed; `externalValue` is not fetched (counted as skipped).
 */
type Obj = Record<string, any>;

export type ExampleTarget =
  | { kind: 'request-body'; operationId: string }
  | { kind: 'response'; operationId: string; status: number; mediaType: string }
  | { kind: 'parameter'; operationId: string; in: 'path' | 'query' | 'header' | 'cookie'; name: string }
  | { kind: 'webhook'; webhook: string }
  /** A schema with no generated entry point of its own (component, inline, header, callback). */
  | { kind: 'schema' };

export interface ExampleSite {
  /** JSON pointer of the example value in the document. */
  where: string;
  /** JSON pointer of the schema the example must satisfy. */
  schemaPointer: string;
  value: unknown;
  target: ExampleTarget;
}

export interface ExampleInventory {
  sites: ExampleSite[];
  /** Examples given only as `externalValue` (never fetched). */
  external: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_ONES = [
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
];

export const esc = (t: string) => t.replace(/~/g, '~0').replace(/\//g, '~1');
const unesc = (t: string) => t.replace(/~1/g, '/').replace(/~0/g, '~');

/** The node at a `#/...` pointer (tokens percent-decoded, RFC 6901 unescaped). */
export function at(doc: Obj, pointer: string): any {
  return pointer
    .slice(2)
    .split('/')
    .filter((t, i) => i > 0 || t !== '')
    .reduce((n: any, t: string) => n?.[unesc(decodeURIComponent(t))], doc);
}

/** Follows internal `$ref`s: the node and the pointer where it really sits. */
/** What a Reference Object may carry beside `$ref` (OpenAPI 3.1 §4.8.23). */
const REFERENCE_KEYS = new Set(['$ref', 'summary', 'description']);

function resolve(doc: Obj, node: any, pointer: string): [any, string] {
  // In 3.1 a $ref's sibling keywords apply too (JSON Schema 2020-12 §8.2.3.1): such a schema is
  // judged where it stands, not at its target.
  const siblingsApply = String(doc.openapi).startsWith('3.1');
  for (let i = 0; i < 20 && node && typeof node.$ref === 'string' && node.$ref.startsWith('#/'); i++) {
    if (siblingsApply && Object.keys(node).some((k) => !REFERENCE_KEYS.has(k))) break;
    pointer = node.$ref;
    node = at(doc, pointer);
  }
  return [node, pointer];
}

export function collectExamples(
  doc: Obj,
  operationIds: Map<string, string>,
  webhookIds: Map<string, string>,
): ExampleInventory {
  const sites: ExampleSite[] = [];
  const external: string[] = [];
  const seenSchemas = new Set<string>();
  const seen = new Set<string>();
  const add = (site: ExampleSite) => {
    const key = `${site.where} ${site.schemaPointer}`;
    if (seen.has(key)) return;
    seen.add(key);
    sites.push(site);
  };

  /** `example` and the Example Objects of `examples` of a media type, parameter or header. */
  const exampleValues = (holder: Obj, pointer: string): Array<[string, unknown]> => {
    const out: Array<[string, unknown]> = [];
    if (holder.example !== undefined) out.push([`${pointer}/example`, holder.example]);
    for (const [k, raw] of Object.entries((holder.examples ?? {}) as Obj)) {
      const [ex] = resolve(doc, raw, `${pointer}/examples/${esc(k)}`);
      if (ex?.value !== undefined) out.push([`${pointer}/examples/${esc(k)}`, ex.value]);
      else if (ex?.externalValue !== undefined) external.push(`${pointer}/examples/${esc(k)}`);
    }
    return out;
  };

  /** Schema-level examples of a schema and of every schema inside it (not behind a `$ref`). */
  const walkSchema = (schema: any, pointer: string): void => {
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema) || seenSchemas.has(pointer)) return;
    seenSchemas.add(pointer);
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) {
      const [target, targetPointer] = resolve(doc, schema, pointer);
      walkSchema(target, targetPointer);
    }
    if (schema.example !== undefined)
      add({ where: `${pointer}/example`, schemaPointer: pointer, value: schema.example, target: { kind: 'schema' } });
    if (Array.isArray(schema.examples)) {
      for (const [i, value] of (schema.examples as unknown[]).entries())
        add({ where: `${pointer}/examples/${i}`, schemaPointer: pointer, value, target: { kind: 'schema' } });
    }
    for (const key of SCHEMA_MAPS)
      for (const [k, s] of Object.entries((schema[key] ?? {}) as Obj)) walkSchema(s, `${pointer}/${key}/${esc(k)}`);
    for (const key of SCHEMA_LISTS)
      if (Array.isArray(schema[key]))
        for (const [i, s] of (schema[key] as unknown[]).entries()) walkSchema(s, `${pointer}/${key}/${i}`);
    for (const key of SCHEMA_ONES) walkSchema(schema[key], `${pointer}/${key}`);
    if (Array.isArray(schema.items))
      for (const [i, s] of (schema.items as unknown[]).entries()) walkSchema(s, `${pointer}/items/${i}`);
  };

  /** A map of media types: JSON ones get their examples checked against `target`. */
  const walkContent = (
    content: Obj | undefined,
    pointer: string,
    target: (mediaType: string) => ExampleTarget,
  ): void => {
    for (const [mediaType, media] of Object.entries(content ?? {})) {
      if (!media?.schema) continue;
      const mediaPointer = `${pointer}/${esc(mediaType)}`;
      walkSchema(media.schema, `${mediaPointer}/schema`);
      if (!/json/i.test(mediaType)) continue;
      const [, schemaPointer] = resolve(doc, media.schema, `${mediaPointer}/schema`);
      for (const [where, value] of exampleValues(media, mediaPointer))
        add({ where, schemaPointer, value, target: target(mediaType) });
    }
  };

  /** Parameter or header: its own examples against its schema (or its one media type's). */
  const walkParameterLike = (raw: any, pointer: string, target: ExampleTarget): void => {
    const [p, where] = resolve(doc, raw, pointer);
    if (!p || typeof p !== 'object') return;
    if (p.schema) {
      walkSchema(p.schema, `${where}/schema`);
      const [, schemaPointer] = resolve(doc, p.schema, `${where}/schema`);
      for (const [w, value] of exampleValues(p, where)) add({ where: w, schemaPointer, value, target });
    }
    if (p.content) walkContent(p.content, `${where}/content`, () => ({ kind: 'schema' }));
  };

  const walkOperation = (
    op: Obj,
    pointer: string,
    pathParams: Array<[any, string]>,
    target: { operationId?: string; webhook?: string },
  ) => {
    const params = [
      ...pathParams,
      ...((op.parameters ?? []) as unknown[]).map((p, i): [any, string] => [p, `${pointer}/parameters/${i}`]),
    ];
    for (const [raw, p] of params) {
      const [param] = resolve(doc, raw, p);
      const site: ExampleTarget =
        target.operationId !== undefined && param?.in !== undefined && param?.name !== undefined
          ? { kind: 'parameter', operationId: target.operationId, in: param.in, name: param.name }
          : { kind: 'schema' };
      walkParameterLike(raw, p, site);
    }
    const [body, bodyPointer] = resolve(doc, op.requestBody, `${pointer}/requestBody`);
    if (body) {
      walkContent(body.content, `${bodyPointer}/content`, () =>
        target.operationId !== undefined
          ? { kind: 'request-body', operationId: target.operationId }
          : target.webhook !== undefined
            ? { kind: 'webhook', webhook: target.webhook }
            : { kind: 'schema' },
      );
    }
    for (const [status, raw] of Object.entries((op.responses ?? {}) as Obj)) {
      const [response, responsePointer] = resolve(doc, raw, `${pointer}/responses/${esc(status)}`);
      if (!response) continue;
      const code = /^[1-5]\d\d$/.test(status)
        ? Number(status)
        : /^[1-5]XX$/i.test(status)
          ? Number(status[0]) * 100 + 99
          : undefined;
      for (const [name, header] of Object.entries((response.headers ?? {}) as Obj))
        walkParameterLike(header, `${responsePointer}/headers/${esc(name)}`, { kind: 'schema' });
      walkContent(response.content, `${responsePointer}/content`, (mediaType) =>
        target.operationId !== undefined && code !== undefined
          ? { kind: 'response', operationId: target.operationId, status: code, mediaType }
          : { kind: 'schema' },
      );
    }
    for (const [name, rawCallback] of Object.entries((op.callbacks ?? {}) as Obj)) {
      const [callback, callbackPointer] = resolve(doc, rawCallback, `${pointer}/callbacks/${esc(name)}`);
      for (const [expression, item] of Object.entries((callback ?? {}) as Obj))
        walkPathItem(item, `${callbackPointer}/${esc(expression)}`, () => ({}));
    }
  };

  const walkPathItem = (
    rawItem: any,
    pointer: string,
    targetOf: (method: string) => { operationId?: string; webhook?: string },
  ) => {
    const [item, itemPointer] = resolve(doc, rawItem, pointer);
    if (!item) return;
    const pathParams = ((item.parameters ?? []) as unknown[]).map((p, i): [any, string] => [
      p,
      `${itemPointer}/parameters/${i}`,
    ]);
    for (const method of METHODS)
      if (item[method]) walkOperation(item[method], `${itemPointer}/${method}`, pathParams, targetOf(method));
  };

  for (const [p, item] of Object.entries((doc.paths ?? {}) as Obj)) {
    walkPathItem(item, `#/paths/${esc(p)}`, (method) => ({ operationId: operationIds.get(`${method} ${p}`) }));
  }
  for (const [name, item] of Object.entries((doc.webhooks ?? {}) as Obj)) {
    walkPathItem(item, `#/webhooks/${esc(name)}`, () => ({ webhook: webhookIds.get(name) }));
  }
  const components = (doc.components ?? {}) as Obj;
  for (const [name, schema] of Object.entries((components.schemas ?? {}) as Obj))
    walkSchema(schema, `#/components/schemas/${esc(name)}`);
  // Components no operation references: their examples still have to be valid.
  for (const [name, p] of Object.entries((components.parameters ?? {}) as Obj))
    walkParameterLike(p, `#/components/parameters/${esc(name)}`, { kind: 'schema' });
  for (const [name, h] of Object.entries((components.headers ?? {}) as Obj))
    walkParameterLike(h, `#/components/headers/${esc(name)}`, { kind: 'schema' });
  for (const [name, b] of Object.entries((components.requestBodies ?? {}) as Obj))
    walkContent(b?.content, `#/components/requestBodies/${esc(name)}/content`, () => ({ kind: 'schema' }));
  for (const [name, r] of Object.entries((components.responses ?? {}) as Obj))
    walkContent(r?.content, `#/components/responses/${esc(name)}/content`, () => ({ kind: 'schema' }));
  return { sites: dropShadowed(sites), external };
}

/** A component reached first through an operation keeps its operation's (stricter) target:
 * the same example found again from the component alone is not checked twice. */
function dropShadowed(sites: ExampleSite[]): ExampleSite[] {
  const byWhere = new Map<string, ExampleSite[]>();
  for (const s of sites) byWhere.set(s.where, [...(byWhere.get(s.where) ?? []), s]);
  return sites.filter(
    (s) => s.target.kind !== 'schema' || (byWhere.get(s.where) ?? []).every((o) => o.target.kind === 'schema'),
  );
}

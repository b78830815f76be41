/**
 * The tool profile: the normative document rewritten for tools that cannot read what the seed
 * honestly leaves open. The seed shows no success status codes (§Other operations: "Success status
 * codes of all operations: not shown") and lists only some error codes, so spec/openapi.yaml keeps
 * the ranges 2XX/4XX/5XX (OAS 3.1 §4.8.16.2). Specmatic ("status has to be a number"), Dredd and
 * openapi-to-postman read explicit codes only. Here every range becomes explicit codes, each
 * tagged with the assumption it rests on, and named examples are also given as the singular
 * `example` some tools read. Pure: document in, document out.
 */

import { mergeAllOf, openObjects, pairExamples } from './pair-examples.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface ToolProfileOptions {
  /** Success code per operationId; operations not listed get `defaultSuccess`. The CLI passes the
   * tables of its registry's plugins (Plugin.toolProfile): the codes the service they serve answers. */
  successStatus?: Record<string, string>;
  defaultSuccess?: string;
  /** Codes a `4XX` / `5XX` range stands for. */
  clientErrors?: string[];
  serverErrors?: string[];
}

/** RFC 9110 §15.5 / RFC 6585 codes a gateway or service commonly answers. */
export const CLIENT_ERRORS = ['400', '401', '403', '404', '409', '422', '429'];
export const SERVER_ERRORS = ['500', '502', '503'];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function deriveToolProfile(document: Obj, options: ToolProfileOptions = {}): Obj {
  const doc = structuredClone(document);
  const success = { ...options.successStatus };
  const ranges: Record<string, string[]> = {
    '4XX': options.clientErrors ?? CLIENT_ERRORS,
    '5XX': options.serverErrors ?? SERVER_ERRORS,
  };
  info(doc);
  for (const item of [
    ...Object.values(isObj(doc.paths) ? doc.paths : {}),
    ...Object.values(isObj(doc.webhooks) ? doc.webhooks : {}),
  ]) {
    if (!isObj(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    delete item.parameters;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op)) continue;
      // Parameters inlined per operation, each carrying an example under every name the operation's
      // body and response examples use: Specmatic builds one request per example name.
      pairExamples(op);
      const names = exampleNames(op);
      const parameters = [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])].map((p) =>
        namedParameter(resolveParameter(p, doc), names),
      );
      for (const p of parameters) singleExample(p);
      op.parameters = parameters;
      if (isObj(op.requestBody)) {
        formExamples(op.requestBody, doc);
        mediaExamples(op.requestBody);
      }
      if (isObj(op.responses)) {
        const code = success[String(op.operationId)] ?? options.defaultSuccess ?? '200';
        op.responses = explicitResponses(op.responses, code, ranges);
      }
    }
  }
  const components = isObj(doc.components) ? doc.components : {};
  for (const r of Object.values(isObj(components.responses) ? components.responses : {}))
    if (isObj(r)) mediaExamples(r);
  if (isObj(components.schemas)) mergeAllOf(components.schemas);
  for (const part of [doc.paths, doc.webhooks, components.schemas, components.responses, components.parameters])
    openObjects(part);
  return doc;
}

function info(doc: Obj): void {
  const i = isObj(doc.info) ? doc.info : {};
  doc.info = {
    ...i,
    'x-cbp-tool-profile': {
      derivedFrom: 'spec/openapi.yaml',
      note:
        'Success and error ranges replaced by explicit codes (A-SUCCESS-STATUS, ' +
        'A-ERROR-STATUS); the normative document keeps the ranges.',
    },
  };
}

function explicitResponses(responses: Obj, successCode: string, ranges: Record<string, string[]>): Obj {
  const out: Obj = {};
  const explicit = new Set(Object.keys(responses).filter((k) => /^\d{3}$/.test(k)));
  for (const [key, response] of Object.entries(responses)) {
    const upper = key.toUpperCase();
    if (upper === '2XX') {
      if (!explicit.has(successCode))
        out[successCode] = tag(
          response,
          'A-SUCCESS-STATUS',
          `Success status not shown; ${successCode} is what the sandbox answers.`,
        );
    } else if (ranges[upper]) {
      for (const code of ranges[upper])
        if (!explicit.has(code) && out[code] === undefined)
          out[code] = tag(response, 'A-ERROR-STATUS', `One of the codes the ${upper} range stands for.`);
    } else out[key] = response;
  }
  for (const r of Object.values(out)) if (isObj(r)) mediaExamples(r);
  // Tools read responses in key order: numeric order, as in most published documents.
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

function tag(response: unknown, id: string, note: string): unknown {
  if (!isObj(response)) return response;
  if (typeof response.$ref === 'string') return { ...response };
  return { ...response, 'x-assumption': { id, note } };
}

/**
 * `examples` (named) → also `example` (the first): Dredd reads only the singular form. OAS 3.1
 * §4.8.12.1 makes the two mutually exclusive; the profile is for tools, and each reads the one it knows.
 */
function singleExample(node: unknown): void {
  if (!isObj(node) || node.example !== undefined || !isObj(node.examples)) return;
  const first = Object.values(node.examples)[0];
  if (isObj(first) && 'value' in first) node.example = first.value;
}

function exampleNames(op: Obj): string[] {
  const holders = [op.requestBody, ...Object.values(isObj(op.responses) ? op.responses : {})];
  const names = holders
    .flatMap((h) => (isObj(h) && isObj(h.content) ? Object.values(h.content) : []))
    .flatMap((m) => (isObj(m) && isObj(m.examples) ? Object.keys(m.examples) : []));
  return [...new Set(names)];
}

function resolveParameter(p: unknown, doc: Obj): Obj {
  if (!isObj(p)) return {};
  const m = typeof p.$ref === 'string' ? /^#\/components\/parameters\/([^/]+)$/.exec(p.$ref) : null;
  const components = isObj(doc.components) && isObj(doc.components.parameters) ? doc.components.parameters : {};
  const target = m ? components[m[1] as string] : p;
  return isObj(target) ? structuredClone(target) : {};
}

function namedParameter(p: Obj, names: string[]): Obj {
  if (!isObj(p.examples)) return p;
  const first = Object.values(p.examples)[0];
  if (!isObj(first)) return p;
  const examples: Obj = { ...p.examples };
  for (const name of names) if (examples[name] === undefined) examples[name] = first;
  return { ...p, examples };
}

/**
 * Form bodies: tools that build a form (openapi-to-postman) read one example per field, not the
 * body's example, so the first named example is copied onto an inlined copy of the field schemas.
 */
function formExamples(holder: Obj, doc: Obj): void {
  const content = isObj(holder.content) ? holder.content : {};
  for (const [type, media] of Object.entries(content)) {
    if (!/x-www-form-urlencoded/i.test(type) || !isObj(media) || !isObj(media.examples) || !isObj(media.schema))
      continue;
    const first = Object.values(media.examples)[0];
    const value = isObj(first) && isObj(first.value) ? first.value : undefined;
    const schema = resolveSchema(media.schema, doc);
    if (!value || !isObj(schema.properties)) continue;
    const properties: Obj = {};
    for (const [name, sub] of Object.entries(schema.properties))
      properties[name] = name in value && isObj(sub) ? { ...sub, example: value[name] } : sub;
    media.schema = { ...schema, properties };
    // Specmatic 2.x cannot read a form body's example, as an object or as the encoded string ("Expected
    // json value"); it sends generated field values instead, so the token request stays out of its run.
    delete media.examples;
  }
}

function resolveSchema(schema: Obj, doc: Obj): Obj {
  const m = typeof schema.$ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(schema.$ref) : null;
  const components = isObj(doc.components) && isObj(doc.components.schemas) ? doc.components.schemas : {};
  const target = m ? components[m[1] as string] : schema;
  return isObj(target) ? structuredClone(target) : {};
}

/**
 * Media types keep their named `examples`: Specmatic pairs a request example with the response
 * example of the same name. Named examples inside `examples` of the schema give the values again
 * for tools that read only schema-level examples.
 */
function mediaExamples(holder: Obj): void {
  const content = isObj(holder.content) ? holder.content : {};
  for (const media of Object.values(content)) {
    if (!isObj(media) || !isObj(media.examples) || !isObj(media.schema) || media.schema.examples !== undefined)
      continue;
    const values = Object.values(media.examples).flatMap((e) => (isObj(e) && 'value' in e ? [e.value] : []));
    if (values.length > 0) media.schema = { ...media.schema, examples: values };
  }
}

/**
 * The tool profile: the normative document rewritten for tools that cannot read what the seed
 * honestly leaves open. The seed shows no success status codes (§Other operations: "Success status
 * codes of all operations: not shown") and lists only some error codes, so spec/openapi.yaml keeps
 * the ranges 2XX/4XX/5XX (OAS 3.1 §4.8.16.2). Specmatic ("status has to be a number"), Dredd and
 * openapi-to-postman read explicit codes only. Here every range becomes explicit codes, each
 * tagged with the assumption it rests on, and named examples are also given as the singular
 * `example` some tools read. Pure: document in, document out.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface ToolProfileOptions {
  /** Success code per operationId; operations not listed get `defaultSuccess`. Defaults: the sandbox's. */
  successStatus?: Record<string, string>;
  defaultSuccess?: string;
  /** Codes a `4XX` / `5XX` range stands for. */
  clientErrors?: string[];
  serverErrors?: string[];
}

/** What `cbp mock` answers: 201 where it creates a record, 200 elsewhere. */
export const SANDBOX_SUCCESS: Readonly<Record<string, string>> = {
  createPayment: '201',
  legacyMakePayment: '201',
  createSession: '201',
  createThirdParty: '201',
};

/** RFC 9110 §15.5 / RFC 6585 codes a gateway or service commonly answers. */
export const CLIENT_ERRORS = ['400', '401', '403', '404', '409', '422', '429'];
export const SERVER_ERRORS = ['500', '502', '503'];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function deriveToolProfile(document: Obj, options: ToolProfileOptions = {}): Obj {
  const doc = structuredClone(document);
  const success = { ...SANDBOX_SUCCESS, ...options.successStatus };
  const ranges: Record<string, string[]> = { '4XX': options.clientErrors ?? CLIENT_ERRORS, '5XX': options.serverErrors ?? SERVER_ERRORS };
  info(doc);
  for (const item of [...Object.values(isObj(doc.paths) ? doc.paths : {}), ...Object.values(isObj(doc.webhooks) ? doc.webhooks : {})]) {
    if (!isObj(item)) continue;
    for (const p of Array.isArray(item.parameters) ? item.parameters : []) singleExample(p);
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op)) continue;
      for (const p of Array.isArray(op.parameters) ? op.parameters : []) singleExample(p);
      if (isObj(op.requestBody)) mediaExamples(op.requestBody);
      if (isObj(op.responses)) {
        const code = success[String(op.operationId)] ?? options.defaultSuccess ?? '200';
        op.responses = explicitResponses(op.responses, code, ranges);
      }
    }
  }
  const components = isObj(doc.components) ? doc.components : {};
  for (const p of Object.values(isObj(components.parameters) ? components.parameters : {})) singleExample(p);
  for (const r of Object.values(isObj(components.responses) ? components.responses : {})) if (isObj(r)) mediaExamples(r);
  return doc;
}

function info(doc: Obj): void {
  const i = isObj(doc.info) ? doc.info : {};
  doc.info = {
    ...i,
    'x-cbp-tool-profile': {
      derivedFrom: 'spec/openapi.yaml',
      note: 'Success and error ranges replaced by explicit codes (A-SUCCESS-STATUS, A-ERROR-STATUS); the normative document keeps the ranges.',
    },
  };
}

function explicitResponses(responses: Obj, successCode: string, ranges: Record<string, string[]>): Obj {
  const out: Obj = {};
  const explicit = new Set(Object.keys(responses).filter((k) => /^\d{3}$/.test(k)));
  for (const [key, response] of Object.entries(responses)) {
    const upper = key.toUpperCase();
    if (upper === '2XX') {
      if (!explicit.has(successCode)) out[successCode] = tag(response, 'A-SUCCESS-STATUS', `Success status not shown; ${successCode} is what the sandbox answers.`);
    } else if (ranges[upper]) {
      for (const code of ranges[upper])
        if (!explicit.has(code) && out[code] === undefined) out[code] = tag(response, 'A-ERROR-STATUS', `One of the codes the ${upper} range stands for.`);
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

/** `examples` (named) → also `example` (the first) where a tool reads only the singular form. */
function singleExample(node: unknown): void {
  if (!isObj(node) || node.example !== undefined || !isObj(node.examples)) return;
  const first = Object.values(node.examples)[0];
  // `example` and `examples` are mutually exclusive on a Parameter object (OAS 3.1 §4.8.12.1).
  if (isObj(first) && 'value' in first) {
    node.example = first.value;
    delete node.examples;
  }
}

function mediaExamples(holder: Obj): void {
  const content = isObj(holder.content) ? holder.content : {};
  for (const media of Object.values(content)) {
    if (!isObj(media) || media.example !== undefined || !isObj(media.examples)) continue;
    const first = Object.values(media.examples)[0];
    // OAS: `example` and `examples` are mutually exclusive on a Media Type object; keep the named ones on
    // the schema-level `examples` list instead, which JSON Schema 2020-12 allows next to `$ref`.
    if (isObj(first) && 'value' in first) media.example = first.value;
    if (isObj(media.schema)) media.schema = { ...media.schema, examples: Object.values(media.examples).flatMap((e) => (isObj(e) && 'value' in e ? [e.value] : [])) };
    delete media.examples;
  }
}

/**
 * Specmatic builds one contract test per example name: a request example (body and parameters) is
 * sent and judged against the success response example of the same name; a request example
 * without one is ignored, and a response example without a request body is refused when the body
 * is required. The normative document names examples by what they show (a GBP account, an
 * initiated creation), so here each request body example gets the success response example of
 * its own name, else the first one, and response examples no request sends are dropped.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

const jsonMedia = (holder: unknown): Obj | undefined => {
  const content = isObj(holder) && isObj(holder.content) ? holder.content : {};
  const entry = Object.entries(content).find(
    ([type, media]) => /json/i.test(type) && isObj(media) && isObj(media.examples),
  );
  return entry && isObj(entry[1]) ? entry[1] : undefined;
};

export function pairExamples(op: Obj): void {
  const request = jsonMedia(op.requestBody);
  const responses = isObj(op.responses) ? op.responses : {};
  const success = Object.entries(responses).find(([code]) => /^2/.test(code))?.[1];
  const response = jsonMedia(success);
  if (!request || !response || !isObj(request.examples) || !isObj(response.examples)) return;
  const named = response.examples;
  const first = Object.values(named)[0];
  const paired: Obj = {};
  for (const name of Object.keys(request.examples)) paired[name] = named[name] ?? first;
  response.examples = paired;
}

/**
 * JSON Schema leaves an object open unless `additionalProperties` says otherwise; Specmatic reads a
 * missing `additionalProperties` as closed (R2003 "Unknown property" on every sandbox field the
 * seed does not name). Saying `true` explicitly keeps the meaning and is read the same by every tool.
 */
export function openObjects(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) openObjects(n);
    return;
  }
  if (!isObj(node)) return;
  if (
    (isObj(node.properties) || node.type === 'object') &&
    node.additionalProperties === undefined &&
    node.unevaluatedProperties === undefined
  )
    node.additionalProperties = true;
  for (const [key, value] of Object.entries(node))
    if (key !== 'example' && key !== 'examples' && !key.startsWith('x-')) openObjects(value);
}

/**
 * An `allOf` of object schemas merged into one (properties and required lists joined): Specmatic
 * 2.x drops `additionalProperties` of the parts it merges, closing an open payload. Same meaning
 * for open objects, whose parts only add properties and requirements.
 */
export function mergeAllOf(schemas: Obj): void {
  const resolve = (part: unknown): Obj | undefined => {
    const m = isObj(part) && typeof part.$ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(part.$ref) : null;
    const target = m ? schemas[m[1] as string] : part;
    return isObj(target) ? target : undefined;
  };
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObj(schema) || !Array.isArray(schema.allOf)) continue;
    const parts = schema.allOf.map(resolve);
    if (
      parts.some(
        (p) =>
          !p ||
          p.allOf !== undefined ||
          p.additionalProperties === false ||
          (p.type !== undefined && p.type !== 'object'),
      )
    )
      continue;
    const { allOf: _allOf, ...own } = schema;
    const properties = Object.assign(
      {},
      ...parts.map((p) => (isObj(p?.properties) ? p.properties : {})),
      isObj(own.properties) ? own.properties : {},
    );
    const required = [
      ...new Set([
        ...parts.flatMap((p) => (Array.isArray(p?.required) ? p.required : [])),
        ...(Array.isArray(own.required) ? own.required : []),
      ]),
    ];
    schemas[name] = { ...own, type: 'object', properties, ...(required.length ? { required } : {}) };
  }
}

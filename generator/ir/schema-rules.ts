/**
 * Rules written as plain JSON Schema (`if`/`then` on a component schema, tagged `x-cbp-rule`)
 * become overlay-style rules of the operations and webhooks whose JSON body is that schema, so
 * every generic tool sees the constraint in openapi.yaml while our validators, mock and runner
 * still report it under its rule id. The tagged `if`/`then` is lifted out of the schema the
 * validators compile: one rule, one check, one error entry.
 *
 * Only the shape a value-dependent `required` takes is lifted (seed: "required when
 * is_third_party_payment is true", "mandatory for EUR and GBP", "recipient_id in PAYOUT_*"):
 *   if: { properties: { P: { const: V } | { enum: [...] } }, required: [P] }, then: { required: [...] }
 * Anything else stays in the schema and is checked by ajv as written.
 */
import { escapePointerToken } from '../../lib/errors.js';
import { isObj, type Obj } from './refs.js';

const TAG = 'x-cbp-rule';

interface Lifted {
  schema: string;
  rule: Obj;
}

export function liftSchemaRules(document: Obj): Obj {
  const components = isObj(document.components) ? document.components : undefined;
  const schemas = components && isObj(components.schemas) ? components.schemas : undefined;
  if (!schemas) return document;
  const lifted: Lifted[] = [];
  const nextSchemas: Obj = { ...schemas };
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObj(schema) || !isObj(schema[TAG])) continue;
    const params = requiredWhenParams(schema.if, schema.then);
    if (!params) continue;
    const { if: _if, then: _then, [TAG]: tag, ...rest } = schema;
    nextSchemas[name] = rest;
    lifted.push({ schema: name, rule: { ...(tag as Obj), state: 'stateless', keyword: 'required-when', params } });
  }
  if (lifted.length === 0) return document;
  const doc: Obj = { ...document, components: { ...components, schemas: nextSchemas } };
  if (document.paths !== undefined) doc.paths = attach(document.paths, lifted, 'body');
  if (document.webhooks !== undefined) doc.webhooks = attach(document.webhooks, lifted, 'webhook');
  return doc;
}

function requiredWhenParams(cond: unknown, then: unknown): Obj | undefined {
  if (!isObj(cond) || !isObj(then) || !Array.isArray(then.required) || Object.keys(then).length !== 1) return undefined;
  const props = isObj(cond.properties) ? cond.properties : {};
  const names = Object.keys(props);
  if (names.length !== 1 || Object.keys(cond).some((k) => k !== 'properties' && k !== 'required')) return undefined;
  const name = names[0] as string;
  const subject = props[name];
  if (!isObj(subject) || !Array.isArray(cond.required) || cond.required.length !== 1 || cond.required[0] !== name)
    return undefined;
  const pointer = `/${escapePointerToken(name)}`;
  const when =
    'const' in subject
      ? { pointer, equals: subject.const }
      : Array.isArray(subject.enum)
        ? { pointer, in: subject.enum }
        : undefined;
  if (!when || Object.keys(subject).length !== 1) return undefined;
  return { when, require: then.required.map((r) => `/${escapePointerToken(String(r))}`) };
}

/** Adds the lifted rules to every operation (paths) or webhook whose JSON request body is `$ref` to the schema. */
function attach(items: unknown, lifted: Lifted[], part: 'body' | 'webhook'): unknown {
  if (!isObj(items)) return items;
  const out: Obj = {};
  for (const [key, item] of Object.entries(items)) {
    if (!isObj(item)) {
      out[key] = item;
      continue;
    }
    const next: Obj = { ...item };
    for (const [method, op] of Object.entries(item)) {
      if (!isObj(op) || !isObj(op.requestBody)) continue;
      const content = isObj(op.requestBody.content) ? op.requestBody.content : {};
      const refs = Object.entries(content)
        .filter(([type]) => /json/i.test(type))
        .map(([, media]) => (isObj(media) && isObj(media.schema) ? media.schema.$ref : undefined));
      const rules = lifted
        .filter((l) => refs.includes(`#/components/schemas/${l.schema}`))
        .map((l) => ({ ...l.rule, in: part }));
      if (rules.length === 0) continue;
      const existing = Array.isArray(op['x-cbp-rules']) ? op['x-cbp-rules'] : [];
      next[method] = { ...op, 'x-cbp-rules': [...existing, ...rules] };
    }
    out[key] = next;
  }
  return out;
}

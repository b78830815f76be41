/**
 * A second opinion on an example, with none of our emitters involved: plain ajv on the bundled
 * document itself, the schema found by its JSON pointer. OpenAPI 3.1 schemas are JSON Schema
 * 2020-12 (Ajv2020). OpenAPI 3.0 schemas are the draft-04 dialect (boolean exclusiveMinimum) plus
 * `nullable`, read as OpenAPI 3.0.3 §4.7.24.1 words it: it "adds null to the allowed types
 * specified by the type keyword, only if type is explicitly defined within the same Schema
 * Object" (ajv-draft-04, whose `nullable` support refuses it without `type`: such a `nullable` is
 * dropped, since it has no effect). Returns undefined when the value is valid, else the reason.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import AjvDraft04Module from 'ajv-draft-04';
import { fullFormats } from 'ajv-formats/dist/formats.js';

type Obj = Record<string, any>;
// A CommonJS module: under NodeNext its default import is `module.exports`, the class is `.default`.
const AjvDraft04 = AjvDraft04Module.default;
/** Keys whose values are data, not schemas: copied as they are. */
const DATA = new Set(['enum', 'const', 'default']);
const EXAMPLES = new Set(['example', 'examples', 'x-examples']);
/** Keys whose values map names (property names, media types, status codes) to objects. */
const MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'schemas',
  'paths',
  'content',
  'responses',
]);

export function independentValidator(document: Obj): (schemaPointer: string, value: unknown) => string | undefined {
  const openapi30 = String(document.openapi).startsWith('3.0');
  const options = { strict: false, allErrors: false, validateSchema: false, formats: fullFormats };
  const ajv = openapi30 ? new AjvDraft04(options) : new Ajv2020(options);
  // draft-04 names a schema's identifier `id`, later drafts `$id`.
  ajv.addSchema({ ...forPlainAjv(document, openapi30), [openapi30 ? 'id' : '$id']: 'doc' }, 'doc');
  return (pointer, value) => {
    let validate: ReturnType<typeof ajv.getSchema>;
    try {
      validate = ajv.getSchema(`doc${pointer}`);
    } catch (err) {
      return `unjudged: plain ajv cannot compile the schema (${(err as Error).message})`;
    }
    if (!validate) return 'unjudged: plain ajv finds no schema there';
    if (validate(structuredClone(value))) return undefined;
    const e = validate.errors?.[0];
    const allowed = e?.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : '';
    return (
      `${e?.instancePath || '/'} ${e?.message}${allowed} (the ` +
      `example has ${shown(valueAt(value, e?.instancePath ?? ''))})`
    );
  };
}

/** A copy fit for plain ajv: inert `nullable` dropped (3.0), and examples left out, since ajv
 * walks every key and would read an `id`/`$id` inside an example value as a schema identifier. */
function forPlainAjv(node: unknown, openapi30: boolean, parentKey = ''): any {
  if (Array.isArray(node)) return node.map((v) => forPlainAjv(v, openapi30));
  if (node === null || typeof node !== 'object') return node;
  const out: Obj = {};
  const isMap = MAPS.has(parentKey);
  for (const [k, v] of Object.entries(node as Obj)) {
    if (!isMap && EXAMPLES.has(k)) continue;
    if (!isMap && openapi30 && k === 'nullable' && (node as Obj).type === undefined) continue;
    out[k] = DATA.has(k) && !isMap ? v : forPlainAjv(v, openapi30, k);
  }
  return out;
}

function valueAt(value: unknown, instancePath: string): unknown {
  return instancePath
    .split('/')
    .slice(1)
    .reduce((v: any, t) => v?.[t.replace(/~1/g, '/').replace(/~0/g, '~')], value);
}

function shown(value: unknown): string {
  const kind =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'an array'
        : typeof value === 'object'
          ? 'an object'
          : `a ${typeof value}`;
  const text = JSON.stringify(value) ?? String(value);
  return value !== null && typeof value === 'object'
    ? kind
    : `${kind} ${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
}

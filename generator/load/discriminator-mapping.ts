/**
 * `discriminator.mapping` values are not `$ref`s, so bundling leaves them as written: a value
 * naming another file, or a `#/...` pointer meant inside another file, would be resolved against
 * the working directory later. Each value is made a `#/components/schemas/...` pointer that
 * resolves in the bundled document, or dropped with a warning (OpenAPI 3.x, Discriminator
 * Object: a value is a schema name or a reference).
 */
import { escapeToken, unescapeToken } from 'cross-border-payments-runtime/validators';
import { resolveLocal, type SlipContext } from './normalize-slips.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const COMPONENT = '#/components/schemas/';

export function repairDiscriminator(ctx: SlipContext, schema: Obj, path: Array<string | number>): void {
  const discriminator = schema.discriminator as Obj;
  const mapping = discriminator.mapping;
  if (!isObj(mapping)) return;
  const schemas = (
    isObj(ctx.doc.components) && isObj(ctx.doc.components.schemas) ? ctx.doc.components.schemas : {}
  ) as Obj;
  const members = [...listOf(schema.oneOf), ...listOf(schema.anyOf)]
    .map((m) => (isObj(m) && typeof m.$ref === 'string' ? m.$ref : undefined))
    .filter((r): r is string => r !== undefined);
  for (const key of Object.keys(mapping)) {
    const value = mapping[key];
    const at = [...path, 'discriminator', 'mapping', key];
    if (typeof value !== 'string') {
      ctx.warn(at, 'a mapping value is not a string', 'no mapping for this value');
      delete mapping[key];
      continue;
    }
    if (value.startsWith('#') && resolveLocal(ctx.doc, value) !== undefined) continue;
    // A bare schema name (no `/`, `#` or file extension) names a component.
    if (!/[/#]|\.(ya?ml|json)$/i.test(value) && Object.hasOwn(schemas, value)) {
      mapping[key] = COMPONENT + escapeToken(value);
      continue;
    }
    const match = memberFor(value, members);
    if (match !== undefined) {
      ctx.warn(
        at,
        `mapping value ${JSON.stringify(value)} does not resolve in the bundled document`,
        `${match} (the member with the same name)`,
      );
      mapping[key] = match;
    } else {
      ctx.warn(
        at,
        `mapping value ${JSON.stringify(value)} does not resolve in the bundled document`,
        'no mapping for this value',
      );
      delete mapping[key];
    }
  }
}

function listOf(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** The oneOf/anyOf member whose last name (file base name or last pointer token) is the value's. */
function memberFor(value: string, members: string[]): string | undefined {
  const name = lastName(value);
  const found = members.filter((m) => lastName(m) === name);
  return found.length === 1 ? found[0] : undefined;
}

function lastName(ref: string): string {
  const [file, pointer] = ref.split('#');
  const token = pointer ? pointer.split('/').pop() : file.split('/').pop();
  return unescapeToken((token ?? '').replace(/\.(ya?ml|json)$/i, '')).toLowerCase();
}

/**
 * spec-schema: every response body validates against its documented schema (generated
 * validators). Each violation is graded from the schema keyword's provenance: a field type the
 * seed states fails; a required list or a timestamp format resting on an assumption warns. A
 * status the operation does not document is spec-status's finding, not this one's.
 */
import { getAt, parsePointer, toPointer } from '../../../engine/json-pointer.js';
import { assumption, seed } from '../../../engine/provenance.js';
import type { ConformanceCheck } from '../context.js';
import { matchMediaType, matchStatus } from '../generated-runtime.js';
import { overExchanges } from './spec-common.js';
import type { ValidationOutcome } from '../validators.js';

export const specSchemaCheck: ConformanceCheck = {
  id: 'spec-schema',
  title: 'Every response body validates against its schema',
  source: 'Resources and their fields; OpenAPI response schemas (spec/openapi.yaml)',
  severity: 'error',
  tags: ['spec'],
  /** The rule ids its failures cite that no overlay or event rule defines (`cbp rules`). */
  rules: {
    'schema.<keyword>': {
      title: 'A JSON Schema constraint of spec/openapi.yaml (graded by the x-assumption of its schema)',
      provenance: seed('Resources and their fields'),
    },
  },
  phase: 'after',
  run: async (ctx) =>
    overExchanges(ctx, 'spec-schema', (op, x) => {
      const r = x.response!;
      // An undocumented status has no schema to validate against: spec-status judges it, graded
      // by A-SUCCESS-STATUS / A-ERROR-STATUS (seed: "The exact status for each: not shown").
      const documented = matchStatus(op.responses, r.status);
      if (!documented) return undefined;
      const outcome = ctx.validators.response(op.id, r.status, r.headers['content-type'], r.body);
      if (outcome.valid) return undefined;
      const content = documented.content ?? {};
      const type = matchMediaType(Object.keys(content), r.headers['content-type']);
      const schema = type ? content[type] : undefined;
      const section = String(op.extensions['x-cbp-seed-section'] ?? 'Resources and their fields');
      return outcome.violations.slice(0, 5).flatMap((v) => {
        // An explicit null for an optional property is that property absent (a Jackson-style
        // provider), as the event judge reads webhooks: judged again without it.
        if (
          getAt(r.body, v.pointer) === null &&
          nullIsAbsent(r.body, v.pointer, (body) =>
            ctx.validators.response(op.id, r.status, r.headers['content-type'], body),
          )
        )
          return [];
        // A property the published contract does not declare (this sandbox's own fields,
        // spec/sandbox.overlay.yaml): at most a warning naming the assumption, never a seed fact.
        const unshown = ctx.provenance.unshownProperty(schema, v.pointer);
        const message = `${r.status} body does not match its schema: ${v.pointer || '/'}: ${v.message}`;
        if (unshown)
          return [
            {
              message:
                `${message} (/${unshown.property} is not in the published ` +
                `contract: typed as this project's sandbox answers it)`,
              rule: v.rule,
              provenance: assumption(
                unshown.ids,
                "spec/sandbox.overlay.yaml (fields the provider's service description does not show)",
              ),
            },
          ];
        return [
          {
            message,
            rule: v.rule,
            provenance:
              (v.rule.startsWith('schema.')
                ? ctx.provenance.schemaConstraint(schema, v.pointer, v.rule.slice(7))
                : undefined) ?? seed(section),
          },
        ];
      });
    }),
};

/** Does the body validate at `pointer` once the null there is removed (no violation at it, and it is not required)? */
function nullIsAbsent(body: unknown, pointer: string, validate: (body: unknown) => ValidationOutcome): boolean {
  const tokens = parsePointer(pointer);
  const name = tokens.at(-1);
  const parent = getAt(body, toPointer(tokens.slice(0, -1)));
  if (name === undefined || parent === null || typeof parent !== 'object' || Array.isArray(parent)) return false;
  const copy = structuredClone(body);
  delete (getAt(copy, toPointer(tokens.slice(0, -1))) as Record<string, unknown>)[name];
  return !validate(copy).violations.some(
    (v) =>
      v.pointer === pointer ||
      v.pointer.startsWith(`${pointer}/`) ||
      (v.rule === 'schema.required' && v.message.includes(name)),
  );
}

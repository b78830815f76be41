import type { RuleViolation } from '../rule-types.js';
import { escapeToken } from './json-pointer.js';
import { MAX_VIOLATIONS } from './validation-options.js';

/** The fields of an ajv ErrorObject this module reads. */
export interface AjvErrorLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

export type Part = NonNullable<RuleViolation['in']>;

const RULE_KEYWORD = 'x-cbp-';

/**
 * One error model everywhere (rule-types.ts): rule keywords keep their overlay
 * rule id and source; schema errors become `schema.<keyword>` at the offending value's
 * pointer (plus the missing property for `required`). When a rule and a schema constraint fail
 * at the same pointer only the rule is reported: it carries the description's wording.
 */
export function toViolations(errors: readonly AjvErrorLike[], part: Part, out: RuleViolation[] = []): RuleViolation[] {
  const rulePointers = new Set<string>();
  for (const e of errors) {
    if (!e.keyword.startsWith(RULE_KEYWORD)) continue;
    rulePointers.add(e.instancePath);
    out.push({
      rule: String(e.params['rule']),
      pointer: e.instancePath,
      message: e.message ?? 'rule violated',
      source: String(e.params['source']),
      in: part,
    });
  }
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword.startsWith(RULE_KEYWORD) || COMPOSITE.has(e.keyword)) continue;
    const pointer = schemaPointer(e);
    if (rulePointers.has(pointer)) continue;
    const v: RuleViolation = {
      rule: `schema.${e.keyword}`,
      pointer,
      message: schemaMessage(e, pointer, part),
      source: 'OpenAPI schema',
      in: part,
    };
    const key = `${v.rule} ${v.pointer} ${v.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  // Rules first (they name the business rule), then schema errors, each in ajv's order.
  return out;
}

/** `if`, `allOf` wrappers only repeat what their sub-errors say. */
const COMPOSITE = new Set(['if', 'allOf', '$ref']);

function schemaPointer(e: AjvErrorLike): string {
  const p = e.params;
  const child =
    e.keyword === 'required' || e.keyword === 'dependentRequired' || e.keyword === 'dependencies'
      ? p['missingProperty']
      : e.keyword === 'additionalProperties'
        ? p['additionalProperty']
        : e.keyword === 'unevaluatedProperties'
          ? p['unevaluatedProperty']
          : undefined;
  return typeof child === 'string' ? `${e.instancePath}/${escapeToken(child)}` : e.instancePath;
}

function schemaMessage(e: AjvErrorLike, pointer: string, part: Part): string {
  const where = pointer === '' ? `the ${part}` : pointer;
  switch (e.keyword) {
    case 'required':
    case 'dependentRequired':
    case 'dependencies':
      return `${where} is required`;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return `${where} is not an allowed property`;
    case 'enum':
      return (
        `${where} must be one of ` +
        `${(e.params['allowedValues'] as unknown[] | undefined)?.map((v) => JSON.stringify(v)).join(', ') ?? 'the allowed values'}`
      );
    default:
      return `${where} ${e.message ?? `fails ${e.keyword}`}`;
  }
}

/** The rule id of the entry that counts the violations past MAX_VIOLATIONS. */
export const MORE_VIOLATIONS = 'validation.more-violations';

/**
 * At most MAX_VIOLATIONS violations, the rest counted in one last entry of the same model, so
 * an answer stays small whatever a request holds (a rule check over a long list reports each
 * item). Returns `list` itself when it is short enough.
 */
export function limitViolations(list: RuleViolation[]): RuleViolation[] {
  if (list.length <= MAX_VIOLATIONS) return list;
  const rest = list.length - MAX_VIOLATIONS;
  const kept = list.slice(0, MAX_VIOLATIONS);
  kept.push({
    rule: MORE_VIOLATIONS,
    pointer: '',
    message:
      `${rest} more ${rest === 1 ? 'violation' : 'violations'} ` +
      `not listed (at most ${MAX_VIOLATIONS} are answered)`,
    source: 'cbp validation limits',
    ...(list[MAX_VIOLATIONS]!.in !== undefined ? { in: list[MAX_VIOLATIONS]!.in } : {}),
  });
  return kept;
}

/**
 * Negative cases, generated from the rules (violate()) and schemas rather than hand-listed, so
 * a new rule or constraint is exercised without a new test: for a valid request, every overlay rule's violate() and
 * every schema constraint the request touches yields a request that breaks exactly that one rule.
 */
import type { OperationModel } from '../../../generator/ir/model.js';
import { ruleKeywordsByName } from '../../../kits/payments/keywords/index.js';
import { statefulRules } from './generated-runtime.js';
import type { RunContext } from './context.js';
import { stableJson } from '../../engine/stable-json.js';
import type { RequestCase } from './requests.js';
import { schemaMutations } from './schema-mutations.js';

export interface NegativeCase {
  /** Stable within one base: `<rule> <pointer> <description>`. */
  id: string;
  /** The rule the case breaks: an overlay rule, the seed rule a tagged schema keyword implements, or
   * `schema.<keyword>`. */
  rule: string;
  /** For a schema constraint: `schema.<keyword>` (which keyword of the schema is broken). */
  keyword?: string;
  source: string;
  /** '400' (exactly) or '4XX'. */
  expect: string;
  pointer: string;
  description: string;
  request: RequestCase;
  /** The violation is the request itself sent a second time (e.g. a reused client_reference_id). */
  sendTwice: boolean;
}

const SCHEMA_SOURCE = 'OpenAPI schema (spec/openapi.yaml)';

export function negativeCases(ctx: RunContext, base: RequestCase): NegativeCase[] {
  const op = ctx.model.operations.find((o) => o.id === base.operationId);
  if (!op) return [];
  const out: NegativeCase[] = [];
  const push = (c: Omit<NegativeCase, 'id' | 'sendTwice'>, sameAsBase: boolean) =>
    out.push({ ...c, id: `${c.rule} ${c.pointer} ${c.description}`, sendTwice: sameAsBase });
  const body = base.json ?? base.form;
  const key = base.json !== undefined ? 'json' : 'form';
  const schema = bodySchema(op, key);
  if (body !== undefined && schema !== undefined) {
    // A form-encoded field has no null: every value is text.
    for (const m of schemaMutations(schema, body, ctx.model.schemas).filter(
      (x) => key === 'json' || x.rule !== 'schema.type',
    )) {
      push(
        {
          rule: m.implements ?? m.rule,
          keyword: m.rule,
          source: SCHEMA_SOURCE,
          expect: '4XX',
          pointer: m.pointer,
          description: m.description,
          request: { ...base, [key]: m.value },
        },
        false,
      );
    }
  }
  if (base.json !== undefined) {
    for (const rule of op.rules.filter((r) => r.in === 'body' && r.state !== 'procedure')) {
      const expect = rule.status ?? '4XX';
      if (rule.state === 'stateless') {
        for (const m of ruleKeywordsByName.get(rule.keyword)?.violate(base.json, rule.params) ?? []) {
          push(
            {
              rule: rule.id,
              source: rule.source,
              expect,
              pointer: m.pointer,
              description: m.description,
              request: { ...base, json: m.value },
            },
            false,
          );
        }
      } else {
        for (const m of statefulRules[rule.keyword]?.violate(base.json, rule.params) ?? []) {
          push(
            {
              rule: rule.id,
              source: rule.source,
              expect,
              pointer: m.pointer,
              description: m.description,
              request: { ...base, json: m.body },
            },
            stableJson(m.body) === stableJson(base.json),
          );
        }
      }
    }
  }
  for (const p of op.parameters.filter((x) => x.in === 'query' && x.required && base.query?.[x.name] !== undefined)) {
    const { [p.name]: _dropped, ...rest } = base.query!;
    push(
      {
        rule: 'schema.required',
        keyword: 'schema.required',
        source: SCHEMA_SOURCE,
        expect: '4XX',
        pointer: `/${p.name}`,
        description: `required query parameter ${p.name} left out`,
        request: { ...base, query: rest },
      },
      false,
    );
  }
  const seen = new Set<string>();
  return out.filter((c) => {
    if (seen.has(c.id)) return false;
    seen.add(c.id);
    return true;
  });
}

function bodySchema(op: OperationModel, key: 'json' | 'form') {
  const rb = op.requestBody;
  if (!rb) return undefined;
  const type = rb.contentTypes.find((t) => (key === 'json' ? /json/i.test(t) : /x-www-form-urlencoded/i.test(t)));
  return type ? rb.schemas[type] : undefined;
}

/** Does a status satisfy '400' / '4XX'? */
export function statusMatches(status: number, expect: string): boolean {
  if (/^\d{3}$/.test(expect)) return status === Number(expect);
  if (/^\dXX$/i.test(expect)) return Math.floor(status / 100) === Number(expect[0]);
  return false;
}

/**
 * What to compile, from the model: one validator per request part (path params, query, headers,
 * body),
 * per declared response (status × media type) and per webhook payload, with the stateless rules
 * of the operation attached at the root of the part they read (`in`).
 */
import { escapeToken, type RuleRef } from 'cross-border-payments-runtime/validators';
import type { JSONSchema } from '../ir/json-schema.js';
import type { ApiModel, OperationModel, ParameterModel, RuleDefinition } from '../ir/model.js';
import { checkStatefulRule, checkStatelessRule, unsupportedPart, type RuleVocabulary } from './rule-checks.js';
import { prepareSchema, type PrepareOptions } from './prepare-schema.js';
import type { NamedSchema } from './standalone.js';
import { setKey } from '../ir/refs.js';
import { IGNORED_HEADER_PARAMS } from 'cross-border-payments-runtime/server';

export interface OperationPlan {
  id: string;
  params?: string;
  query?: string;
  headers?: string;
  cookies?: string;
  body?: string;
  bodyRequired: boolean;
  responses: Array<{ status: string; content: Record<string, string | null> }>;
  stateful: RuleRef[];
}

export interface ValidatorPlan {
  schemas: NamedSchema[];
  paramSchemas: NamedSchema[];
  operations: OperationPlan[];
  webhooks: Array<{ name: string; validator: string | null }>;
}

export function planValidators(
  model: ApiModel,
  prep: Omit<PrepareOptions, 'at'>,
  vocabulary: RuleVocabulary,
): ValidatorPlan {
  const plan: ValidatorPlan = { schemas: [], paramSchemas: [], operations: [], webhooks: [] };
  const prepare = (s: JSONSchema, at: string) => prepareSchema(s, { ...prep, at, expansions: prep });

  for (const op of model.operations) {
    const at = `/paths/${escapeToken(op.path)}/${op.method}`;
    const rules = byPart(op.rules, vocabulary);
    const entry: OperationPlan = {
      id: op.id,
      bodyRequired: op.requestBody?.required === true,
      responses: [],
      stateful: statefulRefs(op.rules, vocabulary),
    };
    for (const part of ['path', 'query'] as const) {
      const ps = op.parameters.filter((p) => p.in === part);
      const partRules = rules[part === 'path' ? 'params' : 'query'];
      if (ps.length === 0 && partRules.length === 0) continue;
      const name = `${op.id}_${part === 'path' ? 'params' : 'query'}`;
      plan.paramSchemas.push({
        name,
        at: `${at}/parameters`,
        schema: withRules(paramsObject(ps, at, prepare), partRules),
      });
      entry[part === 'path' ? 'params' : 'query'] = name;
    }
    const headers = op.parameters.filter((p) => p.in === 'header' && !IGNORED_HEADER_PARAMS.has(p.name.toLowerCase()));
    if (headers.length > 0) {
      entry.headers = `${op.id}_headers`;
      // Header names are case-insensitive: the schema uses the lower-case names the server
      // (and the client's pre-flight) hand it.
      const lower = headers.map((p) => ({ ...p, name: p.name.toLowerCase() }));
      plan.paramSchemas.push({ name: entry.headers, at: `${at}/parameters`, schema: paramsObject(lower, at, prepare) });
    }
    const cookies = op.parameters.filter((p) => p.in === 'cookie');
    if (cookies.length > 0) {
      entry.cookies = `${op.id}_cookies`;
      plan.paramSchemas.push({
        name: entry.cookies,
        at: `${at}/parameters`,
        schema: paramsObject(cookies, at, prepare),
      });
    }
    const body = preferredBody(op);
    if (body !== undefined) {
      entry.body = `${op.id}_body`;
      plan.schemas.push({
        name: entry.body,
        at: `${at}/requestBody`,
        schema: withRules(
          prepare(body.schema, `${at}/requestBody/content/${escapeToken(body.type)}/schema`),
          rules.body,
        ),
      });
    } else if (rules.body.length > 0) {
      unsupportedPart(rules.body[0], 'the operation has no request body');
    }
    op.responses.forEach((r, i) => {
      const content: Record<string, string | null> = {};
      Object.keys(r.content).forEach((type, j) => {
        const schema = r.content[type];
        if (schema === undefined) {
          content[type] = null;
          return;
        }
        const name = `${op.id}_res${i}_${j}`;
        plan.schemas.push({
          name,
          at: `${at}/responses/${escapeToken(r.status)}`,
          schema: prepare(schema, `${at}/responses/${escapeToken(r.status)}/content/${escapeToken(type)}/schema`),
        });
        content[type] = name;
      });
      entry.responses.push({ status: r.status, content });
    });
    plan.operations.push(entry);
  }

  for (const wh of model.webhooks) {
    const rules = byPart(wh.rules, vocabulary);
    if (wh.payloadSchema === undefined) {
      if (rules.webhook.length > 0) unsupportedPart(rules.webhook[0], 'the webhook has no payload schema');
      plan.webhooks.push({ name: wh.id, validator: null });
      continue;
    }
    const name = `webhook_${wh.id}`;
    const at = `/webhooks/${escapeToken(wh.name)}/${wh.method}/requestBody`;
    plan.schemas.push({ name, at, schema: withRules(prepare(wh.payloadSchema, at), rules.webhook) });
    plan.webhooks.push({ name: wh.id, validator: name });
  }
  return plan;
}

function byPart(
  rules: RuleDefinition[],
  vocabulary: RuleVocabulary,
): Record<'body' | 'params' | 'query' | 'webhook', RuleDefinition[]> {
  const out = {
    body: [] as RuleDefinition[],
    params: [] as RuleDefinition[],
    query: [] as RuleDefinition[],
    webhook: [] as RuleDefinition[],
  };
  for (const r of rules) {
    if (r.state !== 'stateless') continue;
    checkStatelessRule(r, vocabulary);
    if (r.in === 'response') unsupportedPart(r, 'stateless rules on responses are not supported');
    out[r.in].push(r);
  }
  return out;
}

function statefulRefs(rules: RuleDefinition[], vocabulary: RuleVocabulary): RuleRef[] {
  return rules
    .filter((r) => r.state === 'stateful')
    .map((r) => {
      checkStatefulRule(r, vocabulary);
      if (r.in !== 'body') unsupportedPart(r, 'stateful rules read the request body');
      return { id: r.id, source: r.source, keyword: r.keyword, params: r.params };
    });
}

/** Rule keywords sit next to the part's schema in an allOf, so that a 3.0 `$ref` root (whose
 * siblings draft-07 ignores) still gets them. */
function withRules(schema: JSONSchema, rules: RuleDefinition[]): JSONSchema {
  if (rules.length === 0) return schema;
  return {
    allOf: [
      schema,
      ...rules.map((r) => ({ [`x-cbp-${r.keyword}`]: { id: r.id, source: r.source, params: r.params } })),
    ],
  };
}

function paramsObject(
  ps: ParameterModel[],
  at: string,
  prepare: (s: JSONSchema, at: string) => JSONSchema,
): JSONSchema {
  const properties: Record<string, JSONSchema> = {};
  // setKey: a parameter named `__proto__` must become a property, not the object's prototype.
  for (const p of ps) setKey(properties, p.name, prepare(p.schema, `${at}/parameters/${escapeToken(p.name)}/schema`));
  const required = ps.filter((p) => p.required || p.in === 'path').map((p) => p.name);
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

function preferredBody(op: OperationModel): { type: string; schema: JSONSchema } | undefined {
  const rb = op.requestBody;
  if (rb === undefined || rb.contentTypes.length === 0) return undefined;
  const json = rb.contentTypes.find((t) => /^application\/(.+\+)?json(\s*;|$)/i.test(t));
  const type = json ?? rb.contentTypes[0];
  return { type, schema: rb.schemas[type] ?? {} };
}

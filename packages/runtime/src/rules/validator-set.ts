import type { RuleContext, RuleNotChecked, RuleViolation, ValidationOutcome } from '../rule-types.js';
import { isPromiseLike } from '../maybe-promise.js';
import type { NotChecked, StatefulRequest, StatefulRuleRegistry } from './stateful.js';
import type { RuleHit } from './types.js';
import { matchMediaType, matchStatus, type ResponseEntry } from './response-match.js';
import { limitViolations, toViolations, type AjvErrorLike, type Part } from './schema-errors.js';

/** An ajv (standalone) validate function. */
export interface AjvValidateFn {
  (data: unknown): boolean;
  errors?: AjvErrorLike[] | null;
}

export interface RuleRef {
  id: string;
  source: string;
  keyword: string;
  params: Record<string, unknown>;
  /** Part of the request the rule reads (default body). */
  in?: 'body' | 'params' | 'query';
}

export interface OperationValidators {
  params?: AjvValidateFn;
  query?: AjvValidateFn;
  headers?: AjvValidateFn;
  cookies?: AjvValidateFn;
  body?: AjvValidateFn;
  bodyRequired?: boolean;
  /** null content value: declared media type without a schema. */
  responses: ResponseEntry<AjvValidateFn | null>[];
  stateful: RuleRef[];
}

export interface ValidatorSetSpec {
  operations: Record<string, OperationValidators>;
  webhooks: Record<string, AjvValidateFn | null>;
  /** Stateful rule vocabularies of the plugins that define rules, searched in order. */
  statefulRules?: readonly StatefulRuleRegistry[];
}

export type RequestParts = StatefulRequest;

export interface ValidatorSet {
  validateRequest(operationId: string, req: RequestParts): ValidationOutcome;
  checkStatefulRules(operationId: string, req: RequestParts, ctx?: RuleContext): Promise<ValidationOutcome>;
  /** The same outcome, synchronously when every context answer is synchronous (the mock's store):
   * a Promise only once a context method returned one. Throws what a rule throws. */
  checkStatefulRulesEager(
    operationId: string,
    req: RequestParts,
    ctx?: RuleContext,
  ): ValidationOutcome | Promise<ValidationOutcome>;
  validateResponse(
    operationId: string,
    status: number,
    contentType: string | undefined,
    body: unknown,
  ): ValidationOutcome;
  validateWebhook(webhookName: string, payload: unknown): ValidationOutcome;
}

const EMPTY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;
const NONE = Object.freeze([]) as unknown as never[];
/** Shared, frozen success outcome: the success path allocates nothing. */
export const VALID: ValidationOutcome = Object.freeze({ valid: true, violations: NONE, notChecked: NONE });

export function createValidatorSet(spec: ValidatorSetSpec): ValidatorSet {
  const registries = spec.statefulRules ?? [];
  const implementation = (keyword: string) => {
    for (const r of registries) if (Object.hasOwn(r, keyword)) return r[keyword];
    return undefined;
  };
  const ops = new Map<string, { v: OperationValidators; ok: ValidationOutcome; notChecked: RuleNotChecked[] }>();
  for (const [id, v] of Object.entries(spec.operations)) {
    const notChecked = v.stateful.map((r) =>
      Object.freeze({
        rule: r.id,
        reason: 'stateful rule: run checkStatefulRules with a RuleContext',
        source: r.source,
      }),
    );
    const ok =
      notChecked.length === 0
        ? VALID
        : Object.freeze({ valid: true, violations: NONE, notChecked: Object.freeze(notChecked) as RuleNotChecked[] });
    ops.set(id, { v, ok, notChecked });
  }

  function op(id: string) {
    const o = ops.get(id);
    if (o === undefined)
      throw new Error(`unknown operation id ${JSON.stringify(id)}; known: ${[...ops.keys()].join(', ')}`);
    return o;
  }

  function checkStatefulRulesEager(
    operationId: string,
    req: RequestParts,
    ctx?: RuleContext,
  ): ValidationOutcome | Promise<ValidationOutcome> {
    const o = op(operationId);
    const rules = o.v.stateful;
    if (rules.length === 0) return VALID;
    const violations: RuleViolation[] = [];
    const notChecked: RuleNotChecked[] = [];
    const record = (rule: RuleRef, result: RuleHit[] | NotChecked): void => {
      if (!Array.isArray(result)) notChecked.push({ rule: rule.id, reason: result.notChecked, source: rule.source });
      else
        for (const hit of result)
          violations.push({
            rule: rule.id,
            pointer: hit.pointer,
            message: hit.message,
            source: rule.source,
            in: rule.in ?? 'body',
          });
    };
    // Rules run in order; the loop stays synchronous while the context answers synchronously
    // (the mock's store) and resumes after a promise otherwise: one resolved promise per call
    // instead of one await per rule.
    const from = (start: number): ValidationOutcome | Promise<ValidationOutcome> => {
      for (let i = start; i < rules.length; i++) {
        const rule = rules[i]!;
        const impl = implementation(rule.keyword);
        if (impl === undefined) {
          notChecked.push({
            rule: rule.id,
            reason: `no implementation of keyword ${rule.keyword}`,
            source: rule.source,
          });
          continue;
        }
        const result = impl.check(req, rule.params, ctx);
        if (isPromiseLike(result)) {
          return result.then((r) => {
            record(rule, r);
            return from(i + 1);
          });
        }
        record(rule, result);
      }
      return violations.length === 0 && notChecked.length === 0
        ? VALID
        : { valid: violations.length === 0, violations: limitViolations(violations), notChecked };
    };
    return from(0);
  }

  return {
    validateRequest(operationId, req) {
      const o = op(operationId);
      const v = o.v;
      let out: RuleViolation[] | null = null;
      if (v.params !== undefined && !v.params(req.params ?? EMPTY))
        out = toViolations(v.params.errors ?? [], 'params', out ?? []);
      if (v.query !== undefined && !v.query(req.query ?? EMPTY))
        out = toViolations(v.query.errors ?? [], 'query', out ?? []);
      if (v.headers !== undefined && !v.headers(req.headers ?? {}))
        out = toViolations(v.headers.errors ?? [], 'headers', out ?? []);
      if (v.cookies !== undefined && !v.cookies(req.cookies ?? {}))
        out = toViolations(v.cookies.errors ?? [], 'cookies', out ?? []);
      if (req.body === undefined) {
        if (v.bodyRequired)
          (out ??= []).push({
            rule: 'schema.required',
            pointer: '',
            message: 'the request body is required',
            source: 'OpenAPI schema',
            in: 'body',
          });
      } else if (v.body !== undefined && !v.body(req.body)) {
        out = toViolations(v.body.errors ?? [], 'body', out ?? []);
      }
      return out === null ? o.ok : { valid: false, violations: limitViolations(out), notChecked: o.notChecked };
    },

    checkStatefulRules(operationId, req, ctx) {
      try {
        return Promise.resolve(checkStatefulRulesEager(operationId, req, ctx));
      } catch (e) {
        // A context or rule that throws synchronously still rejects, as the async version did.
        return Promise.reject(e);
      }
    },

    checkStatefulRulesEager,

    validateResponse(operationId, status, contentType, body) {
      const o = op(operationId);
      const response = matchStatus(o.v.responses, status);
      if (response === undefined)
        return invalid('schema.status', `status ${status} is not declared for ${operationId}`);
      const declared = Object.keys(response.content);
      if (declared.length === 0) return VALID;
      const media = matchMediaType(declared, contentType);
      if (media === undefined) {
        return invalid(
          'schema.content-type',
          `content type ${JSON.stringify(contentType ?? '(none)')} is not declared for ` +
            `${operationId} status ${response.status} (declared: ${declared.join(', ')})`,
        );
      }
      const validate = response.content[media];
      if (validate === undefined || validate === null || validate(body)) return VALID;
      return {
        valid: false,
        violations: limitViolations(toViolations(validate.errors ?? [], 'response')),
        notChecked: NONE,
      };
    },

    validateWebhook(webhookName, payload) {
      if (!Object.hasOwn(spec.webhooks, webhookName)) {
        throw new Error(
          `unknown webhook ${JSON.stringify(webhookName)}; known: ${Object.keys(spec.webhooks).join(', ')}`,
        );
      }
      const validate = spec.webhooks[webhookName];
      if (validate === undefined || validate === null || validate(payload)) return VALID;
      return {
        valid: false,
        violations: limitViolations(toViolations(validate.errors ?? [], 'webhook')),
        notChecked: NONE,
      };
    },
  };
}

function invalid(rule: string, message: string, part: Part = 'response'): ValidationOutcome {
  return {
    valid: false,
    violations: [{ rule, pointer: '', message, source: 'OpenAPI schema', in: part }],
    notChecked: NONE,
  };
}

/**
 * Run-time validation of what the provider answers (`validateResponses`): each judged response
 * against its documented schema (the declared status, then the NXX range, then default; error
 * bodies included) and the response rules the plugins hand in, as ContractViolation events that
 * carry the place and the value's JSON type, never the value. Loaded with the first judged
 * response: a client that validates no response never loads it.
 */
import {
  ContractViolationError,
  valueTypeOf,
  type ContractViolation,
  type ContractViolationHandler,
} from '../contract/violation.js';
import type { ValidationOutcome } from '../rule-types.js';
import { getAt } from '../rules/json-pointer.js';
import type { ResponseValidation } from './create-client.js';
import type { ClientLogger } from './logger.js';
import { type CallObservation, observeViolations } from './call-observer.js';
import type { ResponseRuleFactory } from '../contract/response-rule.js';

/** What a client does with a response that breaks the contract: hand each event to the handler
 * (`report`), reject the call with a ContractViolationError (`throw`), or both. */
export type ResponseValidationMode = 'off' | 'report' | 'throw' | 'both';

/** The generated validators' response entry point (validators.ts `validateResponse`). */
export type ResponseValidator = (
  operationId: string,
  status: number,
  contentType: string | undefined,
  body: unknown,
) => ValidationOutcome;

/** What the generated client loads for judging responses: the validators of one document, the
 * hash of that document, and the plugins' response rules. */
export interface ResponseChecks {
  documentHash: string;
  validateResponse: ResponseValidator;
  responseRules?: readonly ResponseRuleFactory[];
}

/** The call a judgement belongs to: where span events can be attached to as well. */
export interface ResponseCallContext {
  operationId: string;
  method: string;
  path: string;
  status: number;
}

/** The client options the guard reads (create-client.ts's ClientBaseOptions). */
export interface ResponseGuardOptions {
  validateResponses?: ResponseValidation | undefined;
  responseSampleRate?: number | undefined;
  responseSampler?: (() => number) | undefined;
  onContractViolation?: ContractViolationHandler | undefined;
  logger?: ClientLogger | undefined;
}

export interface ResponseGuard {
  /** One call's answer, when its operation's mode and the sampling say to judge it: the mode per
   * operation, only bodies read as JSON (a `parseAs` of text, blob or stream keeps its own), one in
   * `responseSampleRate` calls. Decided here, not in the client's first chunk, which only knows
   * that validateResponses is on. */
  checkCall(
    op: { id: string; method: string; path: string },
    given: { parseAs?: string | undefined },
    result: { data?: unknown; error?: unknown; response: Response },
    observation?: CallObservation | undefined,
  ): void;
  /** Judges one call's answer and reports what breaks the contract (reportViolations). Throws a
   * TypeError for a mode that does not exist or a client generated without validators. */
  check(
    op: { id: string; method: string; path: string },
    result: { data?: unknown; error?: unknown; response: Response },
    mode: string,
    observation?: CallObservation | undefined,
  ): void;
  /** The violations of one response (empty when it keeps the contract). */
  judge(call: ResponseCallContext, contentType: string | undefined, body: unknown): ContractViolation[];
  /** The one door every violation a call found goes through: handed to the handler in `report`
   * and `both` modes, then thrown as one ContractViolationError in `throw` and `both` modes. */
  reportViolations(
    call: ResponseCallContext,
    violations: readonly ContractViolation[],
    mode: ResponseValidationMode,
    observation?: CallObservation | undefined,
  ): void;
}

const SCHEMA = 'schema.';

const MODES: ReadonlySet<string> = new Set(['off', 'report', 'throw', 'both']);

export function createResponseGuard(checks: ResponseChecks | undefined, options: ResponseGuardOptions): ResponseGuard {
  const rules = (checks?.responseRules ?? []).map((make) => make());
  const documentHash = checks?.documentHash ?? '';
  const { onContractViolation: onViolation, logger } = options;
  const handler: ContractViolationHandler | undefined =
    onViolation ??
    (logger &&
      ((violation) =>
        logger({
          level: 'warn',
          event: 'contract-violation',
          operationId: violation.operationId,
          status: violation.status,
          message: violation.message,
          violation,
        })));

  const event = (
    call: ResponseCallContext,
    source: ContractViolation['source'],
    ruleId: string,
    pointer: string,
    valueType: ContractViolation['valueType'],
  ): ContractViolation => ({
    source,
    operationId: call.operationId,
    status: call.status,
    ruleId,
    pointer,
    documentHash,
    valueType,
    // Built from the rule and the place only: a validator's or rule's own message may quote the
    // value (an enum miss, a sum), which an event must not carry.
    message:
      `${source === 'state-table' ? 'a status move' : 'the response'} of ${call.operationId} (HTTP ${call.status}) ` +
      `breaks ${ruleId} at '${pointer}' (a ${valueType} there)`,
  });

  const guard: ResponseGuard = {
    checkCall(op, given, result, observation) {
      const setting = options.validateResponses;
      const mode = typeof setting === 'object' ? (setting.operations?.[op.id] ?? setting.default) : setting;
      const rate = options.responseSampleRate ?? 1;
      if (
        mode &&
        mode !== 'off' &&
        (given.parseAs ?? 'json') === 'json' &&
        (rate >= 1 || (options.responseSampler ?? Math.random)() < rate)
      )
        guard.check(op, result, mode, observation);
    },

    check(op, result, mode, observation) {
      if (!MODES.has(mode))
        throw new TypeError(
          `validateResponses: ${JSON.stringify(mode)} is not a mode (use 'off', 'report', 'throw' or 'both')`,
        );
      if (checks === undefined)
        throw new TypeError('validateResponses needs the generated validators (generate with the validators plugin)');
      const { response } = result;
      const call = { operationId: op.id, method: op.method, path: op.path, status: response.status };
      const body = response.ok ? result.data : result.error;
      guard.reportViolations(
        call,
        guard.judge(call, response.headers.get('Content-Type') ?? undefined, body),
        mode as ResponseValidationMode,
        observation,
      );
    },

    judge(call, contentType, body) {
      const out: ContractViolation[] = [];
      if (checks === undefined) return out;
      const outcome = checks.validateResponse(call.operationId, call.status, contentType, body);
      if (!outcome.valid)
        for (const v of outcome.violations) {
          const ruleId = v.rule.startsWith(SCHEMA) ? `schema/${v.rule.slice(SCHEMA.length)}` : v.rule;
          out.push(event(call, 'response', ruleId, v.pointer, valueTypeOf(getAt(body, v.pointer))));
        }
      const judged = { operationId: call.operationId, status: call.status, body };
      for (const rule of rules)
        for (const hit of rule(judged) ?? []) out.push(event(call, hit.source, hit.ruleId, hit.pointer, hit.valueType));
      return out;
    },

    reportViolations(_call, violations, mode, observation) {
      if (violations.length === 0) return;
      observeViolations(observation, violations);
      if (mode === 'report' || mode === 'both')
        for (const violation of violations) {
          try {
            handler?.(violation);
          } catch {
            // A failing handler must not change the outcome of a call in `report` mode.
          }
        }
      if (mode === 'throw' || mode === 'both') throw new ContractViolationError(violations);
    },
  };
  return guard;
}

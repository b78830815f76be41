/**
 * A contract violation found at run time in what the provider sent: a response body or a webhook
 * payload that breaks the provider's document (schema or rule keyword), or a payment status move
 * that the state table does not have. Shared by the generated client (validateResponses) and the
 * webhook consumer (validatePayloads), so one handler serves both.
 *
 * Redaction: an event carries where and which rule, never the value (only its JSON type), the same
 * redaction as the conformance reports, so it can go to a log or a trace without leaking payment data.
 */

/** The JSON type of the offending value: all an event tells about it. */
export type ValueType = 'null' | 'string' | 'number' | 'boolean' | 'object' | 'array' | 'absent';

export interface ContractViolation {
  /** What was judged: an API response, a webhook payload, or a status move against the state table. */
  source: 'response' | 'webhook' | 'state-table';
  /** The operation id (responses) or the webhook event type (payloads and status moves). */
  operationId: string;
  /** HTTP status of the response (absent for webhooks). */
  status?: number | undefined;
  /** The broken rule: a schema keyword as `schema/<keyword>` (e.g. `schema/type`), a rule keyword's
   * id (e.g. `x-cbp-decimal-sum`), or `state-table/transition`. */
  ruleId: string;
  /** RFC 6901 JSON Pointer into the body to the offending place ('' for the whole body). */
  pointer: string;
  /** The provider-contract version the judgement used: the document hash written by `cbp generate`. */
  documentHash: string;
  /** The offending value's JSON type, never the value. */
  valueType: ValueType;
  /** A sentence without any value from the body. */
  message: string;
}

export type ContractViolationHandler = (violation: ContractViolation) => void;

/** Thrown in `throw`/`both` modes; distinct from transport failures and API errors (ApiError). */
export class ContractViolationError extends Error {
  readonly violations: readonly ContractViolation[];

  constructor(violations: readonly ContractViolation[]) {
    const first = violations[0];
    super(
      first === undefined
        ? 'The provider broke its contract'
        : `The provider broke its contract in ${first.source} ${first.operationId}: ${first.ruleId} at '${first.pointer}'` +
            (violations.length > 1 ? ` (and ${violations.length - 1} more)` : ''),
    );
    this.name = 'ContractViolationError';
    this.violations = violations;
  }
}

/** The JSON type of a value, for an event that must not carry the value itself. */
export function valueTypeOf(value: unknown): ValueType {
  if (value === undefined) return 'absent';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' ? type : type === 'bigint' ? 'number' : 'object';
}

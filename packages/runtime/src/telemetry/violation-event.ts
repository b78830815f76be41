/** A contract violation as span event attributes: where and which rule, the value's type, never the value. */
import type { Attributes } from './otel-api.js';
import type { ContractViolation } from '../contract/violation.js';

export function violationEventAttributes(v: ContractViolation): Attributes {
  return {
    'cbp.contract.source': v.source,
    'cbp.contract.rule_id': v.ruleId,
    'cbp.contract.pointer': v.pointer,
    'cbp.contract.value_type': v.valueType,
    'cbp.contract.document_hash': v.documentHash,
  };
}

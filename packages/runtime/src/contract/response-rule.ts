/**
 * A response rule: a check of a response body that JSON Schema cannot state, handed to the
 * generated client by a plugin (a domain kit's sums across fields, a record's status moves), so that the
 * client core stays free of any domain. A hit names the rule and the place, never the value.
 */
import type { ContractViolation, ValueType } from './violation.js';

/** One judged response: its operation, HTTP status and parsed JSON body. */
export interface JudgedResponse {
  operationId: string;
  status: number;
  body: unknown;
}

/** What a response rule found: the rule, where, and the offending value's JSON type only. */
export interface ResponseRuleHit {
  source: ContractViolation['source'];
  ruleId: string;
  /** RFC 6901 JSON Pointer into the body. */
  pointer: string;
  valueType: ValueType;
}

/** Checks one response; returns nothing when it holds. */
export type ResponseRule = (response: JudgedResponse) => readonly ResponseRuleHit[] | undefined;

/** Makes a client's instance of a rule: a rule may remember what earlier responses showed
 * (the last status seen of a record), and that memory belongs to one client. */
export type ResponseRuleFactory = () => ResponseRule;

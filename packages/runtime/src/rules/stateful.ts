/**
 * The stateful rule mechanism: a rule reads the request and asks a RuleContext about the service
 * state. The vocabulary (keyword → rule) comes from the plugins that define rules; the generated
 * validators.ts passes their registries to createValidatorSet.
 */
import type { MaybePromise } from '../maybe-promise.js';
import type { RuleContext } from '../rule-types.js';
import type { RuleHit } from './types.js';

/** The parts of a request a stateful rule reads. */
export interface StatefulRequest {
  params?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  /** Declared header parameters only, by lower-case name (coerced in place when validated). */
  headers?: Record<string, unknown> | undefined;
  /** Declared cookie parameters, by name. */
  cookies?: Record<string, unknown> | undefined;
  body?: unknown;
}

/** Why a rule could not be evaluated (never counted as passed). */
export interface NotChecked {
  notChecked: string;
}

/** A value that breaks the rule for a context that knows the service state (negative cases of a
 * conformance run). `pointer` is where the rule will report it. */
export interface StatefulViolation {
  body: unknown;
  pointer: string;
  description: string;
}

export interface StatefulRule<P = Record<string, unknown>, C extends RuleContext = RuleContext> {
  keyword: string;
  /** Schema of the overlay rule's `params`, checked at generate time (as a stateless keyword's). */
  paramsSchema: Readonly<Record<string, unknown>>;
  /** Context methods the rule needs; when one is missing the rule is "not checked". */
  needs: ReadonlyArray<keyof C>;
  /** Synchronous when every context answer it reads is: a promise per rule per request is a
   * measurable share of a busy server's CPU. */
  check(request: StatefulRequest, params: P, ctx: C | undefined): MaybePromise<RuleHit[] | NotChecked>;
  /** Bodies that break the rule for a context that knows the service state, derived from a valid
   * body (none when the violation needs more than a body, e.g. an earlier failed attempt). */
  violate(validBody: unknown, params: P): StatefulViolation[];
}

// biome-ignore lint/suspicious/noExplicitAny: one registry holds rules of every parameter and context type
export type StatefulRuleRegistry = Readonly<Record<string, StatefulRule<any, any>>>;

export function isNotChecked(r: RuleHit[] | NotChecked): r is NotChecked {
  return !Array.isArray(r);
}

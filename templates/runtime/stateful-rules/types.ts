import type { RuleContext } from '../rule-types.js';
import type { RuleHit } from '../rules/types.js';

/** The parts of a request a stateful rule reads. Customer id comes from params.customer_id. */
export interface StatefulRequest {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** Declared header parameters only, by lower-case name (coerced in place when validated). */
  headers?: Record<string, unknown>;
  body?: unknown;
}

/** Why a rule could not be evaluated (never counted as passed). */
export interface NotChecked {
  notChecked: string;
}

/** A value that breaks the rule for a context that knows the service state (conformance
 * runner's negative checks). `pointer` is where the rule will report it. */
export interface StatefulViolation {
  body: unknown;
  pointer: string;
  description: string;
}

export interface StatefulRule<P = Record<string, unknown>> {
  keyword: string;
  /** Context methods the rule needs; when one is missing the rule is "not checked". */
  needs: ReadonlyArray<keyof RuleContext>;
  /** Synchronous when every context answer it reads is (the mock's store): awaiting ~12 promises
   * per payment was a measurable share of the mock's CPU (issue 5). */
  check(request: StatefulRequest, params: P, ctx: RuleContext | undefined): MaybePromise<RuleHit[] | NotChecked>;
  violate?(validBody: unknown, params: P): StatefulViolation[];
}

export type MaybePromise<T> = T | Promise<T>;

export function isPromiseLike<T>(v: MaybePromise<T>): v is Promise<T> {
  return v !== null && typeof v === 'object' && typeof (v as { then?: unknown }).then === 'function';
}

/** f(value), applied now when `value` is not a promise, else once it resolves. */
export function andThen<T, R>(value: MaybePromise<T>, f: (v: T) => MaybePromise<R>): MaybePromise<R> {
  return isPromiseLike(value) ? value.then(f) : f(value);
}

export function isNotChecked(r: RuleHit[] | NotChecked): r is NotChecked {
  return !Array.isArray(r);
}

/** Common preamble: the context and its methods exist, and the request names its customer. */
export function precheck(request: StatefulRequest, ctx: RuleContext | undefined, needs: ReadonlyArray<keyof RuleContext>): NotChecked | { customerId: string; ctx: RuleContext } {
  if (ctx === undefined) return { notChecked: 'no RuleContext given' };
  // A loop, not filter(): this runs for every rule of every request (issue 5, item 8).
  for (const m of needs) {
    if (typeof ctx[m] !== 'function') return { notChecked: `RuleContext lacks ${needs.filter((n) => typeof ctx[n] !== 'function').join(', ')}` };
  }
  const customerId = request.params?.customer_id;
  if (typeof customerId !== 'string' || customerId === '') return { notChecked: 'no customer_id path parameter' };
  return { customerId, ctx };
}

export function setAt(body: unknown, pointer: string, value: unknown): unknown {
  const clone = structuredClone(body) as Record<string, unknown>;
  const tokens = pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: Record<string, unknown> = clone;
  for (const t of tokens.slice(0, -1)) {
    if (node[t] === null || typeof node[t] !== 'object') node[t] = {};
    node = node[t] as Record<string, unknown>;
  }
  node[tokens[tokens.length - 1]] = value;
  return clone;
}

/**
 * The one error model shared by the generated client (pre-flight), the generated server
 * (its 400 body), the mock and the conformance runner. Copied verbatim into <out>/runtime/, or imported from the
 * toolkit's package.
 */

/** One broken rule. `rule` is a stable id: an x-cbp-rules id (`order.items-sum`) or
 * `schema.<keyword>` for a plain JSON Schema constraint (`schema.required`). */
export interface RuleViolation {
  rule: string;
  /** RFC 6901 pointer into the validated value (request body, query, params or payload). */
  pointer: string;
  message: string;
  /** Where the rule comes from: the rule's `source` (a section of the service description), or `OpenAPI schema` for
   * schema constraints. */
  source: string;
  /** Which part of the request was validated. */
  in?: 'body' | 'params' | 'query' | 'headers' | 'cookies' | 'response' | 'webhook';
}

/**
 * The documented error model (README "Business rules: one error model everywhere"; assumption
 * A-ERROR-BODY: the seed does not show the service's error body): what the generated server,
 * the mock and the client's pre-flight answer for a broken rule. The generated client gives these
 * entries as `apiError.errors` when a 4xx body has this shape.
 */
export interface RuleErrorBody {
  errors: RuleViolation[];
}

/** A stateful rule that could not be evaluated (no RuleContext, or the context lacks the method).
 * Never counted as passed. */
export interface RuleNotChecked {
  rule: string;
  reason: string;
  source: string;
}

export interface ValidationOutcome {
  valid: boolean;
  violations: RuleViolation[];
  notChecked: RuleNotChecked[];
}

/** One business rule of the document (x-cbp-rules), as rules.ts lists them. */
export interface RuleInfo {
  readonly id: string;
  readonly title: string;
  /** Where the rule comes from (a section of the service description). */
  readonly source: string;
  readonly state: 'stateless' | 'stateful' | 'procedure';
  readonly in: 'body' | 'params' | 'query' | 'response' | 'webhook';
  readonly keyword: string;
  readonly params: { readonly [key: string]: unknown };
  /** Status the service answers when the rule is broken. */
  readonly status?: string;
  readonly assumption?: string;
  /** Operation id, or `webhook:<name>`. */
  readonly target: string;
}

/** What stateful rules may ask of the service state. Open on purpose: a plugin's rules extend it
 * with the methods they read (a missing method makes those rules "not checked", never passed). */
export interface RuleContext {
  /** The current time, so that a sandbox clock can move expiries. Defaults to Date.now(). */
  now?(): number;
}

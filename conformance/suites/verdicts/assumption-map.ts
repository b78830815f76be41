/**
 * What the grading needs that has no node in spec/: the generic status expectations of the auth
 * and spec-status checks (an unlisted error status, an unlisted success status, an exact 401),
 * as assumption ids of spec/README.md. Everything else the grading reads is in spec/ itself:
 * `x-assumption` on schemas, parameters, responses, overlay rules and transitions, and `covers`
 * on the `x-cbp-assumptions` entries (conformance/suites/verdicts/spec-provenance.ts).
 */

export interface AssumptionMap {
  /** Status expectations of the auth and spec-status checks. */
  statuses: { unlistedError: string[]; unlistedSuccess: string[]; exact401: string[] };
}

export const assumptionMap: AssumptionMap = {
  statuses: { unlistedError: ['A-ERROR-STATUS'], unlistedSuccess: ['A-SUCCESS-STATUS'], exact401: ['A-401'] },
};

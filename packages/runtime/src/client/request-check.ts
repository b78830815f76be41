/**
 * Pre-flight validation of a generated method's call (`validateRequests`): the request as the
 * server will read it, checked by the validator; a request that breaks a rule is not sent. Loaded
 * with the first call of a client that validates.
 */
import type { RequestValidator } from './create-client.js';
import type { ApiError } from './api-error.js';

/** What a generated method is given: the parameters by location and the body. */
export interface GivenRequest {
  params?: {
    path?: Record<string, unknown>;
    query?: Record<string, unknown>;
    header?: Record<string, unknown>;
    cookie?: Record<string, unknown>;
  };
  body?: unknown;
}

/** The apiError of a request that breaks a rule; undefined when it may be sent. */
export function checkRequest(
  validator: RequestValidator,
  operationId: string,
  given: GivenRequest,
): ApiError | undefined {
  const outcome = validator(operationId, {
    params: { ...given.params?.path },
    query: { ...given.params?.query },
    headers: lowerKeys(given.params?.header),
    cookies: { ...given.params?.cookie },
    body: given.body,
  });
  if (outcome.valid) return undefined;
  const message = `The request breaks ${outcome.violations.length} rule(s) and was not sent`;
  return { kind: 'validation', message, violations: outcome.violations, notChecked: outcome.notChecked };
}

/** Header parameters by lower-case name, as the server sees them (the validators expect that). */
function lowerKeys(values: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (values) for (const [k, v] of Object.entries(values)) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

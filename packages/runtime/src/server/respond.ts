/** Turning handler results and router errors into wire responses. */
import type { RuleViolation } from '../rule-types.js';
import type { RouterResponse } from './types.js';

export function errorResponse(
  status: number,
  errors: RuleViolation[],
  headers: Record<string, string> = {},
): RouterResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ errors }) };
}

export function serialize(result: {
  status: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}): RouterResponse {
  const headers: Record<string, string> = {};
  // for-in, not Object.entries: this runs once per response on the mock's hot path.
  const given = result.headers;
  if (given !== undefined) for (const k in given) if (Object.hasOwn(given, k)) headers[k.toLowerCase()] = given[k]!;
  const { body } = result;
  if (body === undefined || result.status === 204 || result.status === 304)
    return { status: result.status, headers, body: undefined };
  const declared = result.contentType ?? headers['content-type'];
  const json = declared !== undefined && /^application\/(?:[\w.+-]*\+)?json\b/i.test(declared);
  if (typeof body === 'string' && !json) {
    headers['content-type'] ??= result.contentType ?? 'text/plain; charset=utf-8';
    return { status: result.status, headers, body };
  }
  if (body instanceof Uint8Array && !json) {
    headers['content-type'] ??= result.contentType ?? 'application/octet-stream';
    return { status: result.status, headers, body };
  }
  headers['content-type'] ??= result.contentType ?? 'application/json';
  return { status: result.status, headers, body: JSON.stringify(body) };
}

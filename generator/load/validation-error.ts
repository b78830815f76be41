/**
 * Maps swagger-parser failures to one CbpError: the most specific ajv error (deepest
 * instancePath, ignoring the noise of Reference-Object alternatives) as an RFC 6901 pointer.
 */
import { CbpError } from '../../lib/errors.js';
import { escapeToken } from 'cross-border-payments-runtime/validators';

interface AjvLikeError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
  /** Set by ajv on errors about an object key (propertyNames). */
  propertyName?: string;
}

const COMBINATORS = new Set(['oneOf', 'anyOf', 'allOf', 'if', 'not', 'then', 'else', '$ref']);

export function toSpecInvalidError(err: unknown, file: string): CbpError {
  const details = (err as { details?: unknown }).details;
  if (Array.isArray(details) && details.length > 0) return fromAjvErrors(details as AjvLikeError[], file);
  const message = String((err as Error)?.message ?? err)
    .split('\n')[0]
    .trim();
  const pointer = /version/i.test(message) ? '/openapi' : undefined;
  return new CbpError('E_SPEC_INVALID', message || 'invalid OpenAPI document', {
    file,
    pointer,
    hint: 'cbp generate accepts OpenAPI 3.0.x and 3.1.x documents',
  });
}

function fromAjvErrors(errors: AjvLikeError[], file: string): CbpError {
  const useful = errors.filter(
    (e) =>
      !COMBINATORS.has(e.keyword ?? '') &&
      e.params?.missingProperty !== '$ref' &&
      e.params?.additionalProperty !== '$ref',
  );
  const pool = useful.length > 0 ? useful : errors;
  const best = [...pool].sort((a, b) => depth(b) - depth(a))[0];
  let pointer = best.instancePath ?? '';
  let message = best.message ?? 'is invalid';
  const extra = best.params?.additionalProperty;
  if (typeof extra === 'string') {
    pointer = `${pointer}/${escapeToken(extra)}`;
    message = 'is not allowed here (unknown property)';
  }
  const key = best.propertyName ?? best.params?.propertyName;
  if (typeof key === 'string') {
    pointer = `${pointer}/${escapeToken(key)}`;
    message = `name ${message}`;
  }
  const allowed = best.params?.allowedValues;
  if (Array.isArray(allowed)) message = `${message}: ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  return new CbpError('E_SPEC_INVALID', `invalid OpenAPI document: ${pointer || '/'} ${message}`, {
    file,
    pointer,
    rule: best.keyword ? `OpenAPI schema: ${best.keyword}` : undefined,
    hint: errors.length > 1 ? `${errors.length} schema errors in all; fix this one first` : undefined,
  });
}

function depth(e: AjvLikeError): number {
  return (e.instancePath ?? '').split('/').length;
}

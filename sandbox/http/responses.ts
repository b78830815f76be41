/**
 * The plain request/response shapes of the mock's handlers, and its error body. The error body is
 * the API's own (assumption A-ERROR-BODY): `{ errors: [{ rule, pointer, message, source }] }`.
 */
import type { RuleViolation } from 'cross-border-payments-runtime/client';

/** Who is calling, resolved by authentication before anything else. */
export interface AuthInfo {
  clientId: string;
  method: 'bearer' | 'apiKey' | 'none';
}

/** A control-API request (the /_sandbox/ routes and the hosted page); API operations take the generated
 * `HandlerRequest` of their operation instead (handlers/index.ts). */
export interface SandboxRequest {
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
  auth: AuthInfo;
  headers?: Record<string, string | undefined>;
}

export interface SandboxResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type SandboxHandler = (request: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>;

export interface ErrorEntry {
  rule: string;
  pointer: string;
  message: string;
  source: string;
}

export interface ErrorBody {
  errors: ErrorEntry[];
}

/** An error answer whose status stays a literal, so tsc can check it against an operation's documented
 * statuses (every operation documents 4XX with the error body). */
export interface ErrorResponse<S extends number = number> {
  status: S;
  body: ErrorBody;
}

export function errorBody(errors: ErrorEntry[]): ErrorBody {
  return { errors };
}

export function fail<S extends number>(
  status: S,
  rule: string,
  message: string,
  pointer = '',
  source = 'cbp mock',
): ErrorResponse<S> {
  return { status, body: errorBody([{ rule, pointer, message, source }]) };
}

export function violations<S extends number>(status: S, list: RuleViolation[]): ErrorResponse<S> {
  return {
    status,
    body: errorBody(list.map(({ rule, pointer, message, source }) => ({ rule, pointer, message, source }))),
  };
}

/** One body for "no such customer" and "another client's customer", so nothing is revealed. */
export function customerNotFound(): ErrorResponse<404> {
  return fail(404, 'not-found.customer', 'customer not found', '/customer_id', 'Errors: 404 Not Found Error');
}

/** A success answer; its body and status keep their types for the operation's documented response. */
export function ok<B>(body: B): { status: 200; body: B };
export function ok<B, S extends number>(body: B, status: S): { status: S; body: B };
export function ok(body: unknown, status = 200): SandboxResponse {
  return { status, body };
}

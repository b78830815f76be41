/**
 * The plain request/response shapes of the mock's handlers, and its error body. The error body is
 * the API's own (assumption A-ERROR-BODY): `{ errors: [{ rule, pointer, message, source }] }`.
 */
import type { RuleViolation } from 'cross-border-payments-runtime/rule-types.js';

/** Who is calling, resolved by authentication before anything else. */
export interface AuthInfo {
  clientId: string;
  method: 'bearer' | 'apiKey' | 'none';
}

/** For operations without security (the token endpoint): owns no customer. */
export const ANONYMOUS: AuthInfo = Object.freeze({ clientId: '', method: 'none' });

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

export function errorBody(errors: ErrorEntry[]): { errors: ErrorEntry[] } {
  return { errors };
}

export function fail(status: number, rule: string, message: string, pointer = '', source = 'cbp mock'): SandboxResponse {
  return { status, body: errorBody([{ rule, pointer, message, source }]) };
}

export function violations(status: number, list: RuleViolation[]): SandboxResponse {
  return { status, body: errorBody(list.map(({ rule, pointer, message, source }) => ({ rule, pointer, message, source }))) };
}

/** One body for "no such customer" and "another client's customer", so nothing is revealed. */
export function customerNotFound(): SandboxResponse {
  return fail(404, 'not-found.customer', 'customer not found', '/customer_id', 'Errors: 404 Not Found Error');
}

export function ok(body: unknown, status = 200): SandboxResponse {
  return { status, body };
}

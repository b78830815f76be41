/** What `cbp generate` tells the router about the document, and what callers configure. */
import type { ValidationOutcome } from '../rule-types.js';
import type { ParamMeta } from './coerce.js';
import type { AuthenticateInput, Authenticator } from './types.js';

export interface ServerOperationMeta {
  id: string;
  method: string;
  path: string;
  /** Further path templates routed to this operation (`x-cbp-path-aliases`, same parameters). */
  aliases?: string[];
  security: string[][];
  requestBody?: { required: boolean; contentTypes: string[] };
  params: ParamMeta[];
}

export interface ServerMeta {
  operations: ServerOperationMeta[];
  schemes: AuthenticateInput['schemes'];
}

export interface Validators {
  validateRequest?(
    operationId: string,
    request: {
      params?: Record<string, unknown> | undefined;
      query?: Record<string, unknown> | undefined;
      headers?: Record<string, unknown> | undefined;
      cookies?: Record<string, unknown> | undefined;
      body?: unknown;
    },
  ): ValidationOutcome;
  validateResponse?(
    operationId: string,
    status: number,
    contentType: string | undefined,
    body: unknown,
  ): ValidationOutcome;
}

export type RouterPhase = 'authenticate' | 'request-validation' | 'handler' | 'response-validation';

export interface RouterOptions<H, Auth = unknown> {
  /** One handler per operation id; a missing one answers 501. */
  handlers: Partial<H>;
  /** Checks credentials of operations that have security. Without it such operations answer 401.
   * Its principal type becomes `request.auth` of the handlers. */
  authenticate?: Authenticator<Auth>;
  /** Validate requests with the generated validators. Default: true. */
  validateRequests?: boolean;
  /** Validate handler answers; an invalid one becomes a 500 and is passed to onError. Default: false. */
  validateResponses?: boolean;
  /** Largest accepted body in bytes (413 beyond). Default: 1 MiB. */
  bodyLimit?: number;
  /** Deepest accepted nesting of arrays/objects in a JSON body (400 `request.too-deep` beyond).
   * Checked on the text before parsing. Default: 64. */
  maxJsonDepth?: number;
  /** Refuse a JSON number literal that a binary64 double does not hold exactly (400
   * `request.inexact-number`, e.g. `120.4999999999999999999`, `1e-400`) instead of letting rules and
   * handlers see the rounded value (server/exact-numbers.ts). Default: true. */
  exactNumbers?: boolean;
  /** Longest request path routed, in characters as sent (414 `request.path-too-long` beyond).
   * Default: 8000 (RFC 9112 §3's recommended minimum request-line support). */
  maxPathLength?: number;
  /** Path prefix the routes are mounted under (e.g. `/api`). Default: none. */
  basePath?: string;
  /** Called with handler exceptions and invalid responses; its errors are ignored. */
  onError?: (error: unknown, context: { operationId?: string; phase: RouterPhase }) => void;
  /** Replaces the generated validators. */
  validators?: Validators;
}

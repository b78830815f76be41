/**
 * The API side of the sandbox is the generated router (dogfooding): it routes (404/405), checks the
 * body size (413), authenticates through the store (401, before anything about the body is
 * said), negotiates the media type (415), parses (400) and validates with the generated
 * validators (400) before a handler runs. The handlers are the generated `Handlers` themselves
 * (handlers/index.ts), so tsc checks them against the document; this file only wires the store in.
 */
import { authenticate, isAuthInfo } from '../auth.js';
import {
  createRouter,
  type AuthenticateInput,
  type AuthenticateResult,
  type EagerHandle,
  type Router,
} from '../generated-api.js';
import type { ApiHandlers } from '../handlers/index.js';
import type { SandboxStore } from '../store.js';
import type { AuthInfo } from './responses.js';

/** The store as the router's Authenticator: Bearer tokens on the sandbox clock, API keys where
 * the operation's security allows them (A-SECURITY-UNSTATED). */
export function storeAuthenticator(store: SandboxStore) {
  return (input: AuthenticateInput): AuthenticateResult<AuthInfo> => {
    const allowApiKey = input.security.some((alt) => alt.some((name) => input.schemes[name]?.type === 'apiKey'));
    const who = authenticate(store, input.headers, allowApiKey);
    if (isAuthInfo(who)) return { ok: true, principal: who };
    const message = who.body.errors[0]?.message;
    return { ok: false, status: 401, message, challenge: 'Bearer' };
  };
}

export interface ApiRouterOptions {
  store: SandboxStore;
  handlers: ApiHandlers;
  bodyLimit: number;
  /** Deepest accepted JSON nesting (the router answers 400 request.too-deep beyond). */
  maxJsonDepth?: number;
  /** Check every answer against the document (tests); an invalid one becomes a 500. */
  validateResponses?: boolean;
  onError?: (error: unknown, context: { operationId?: string; phase: string }) => void;
}

export function createApiRouter(
  o: ApiRouterOptions,
): Router & { readonly bodyLimit: number; handleEager: EagerHandle } {
  return createRouter<AuthInfo>({
    handlers: o.handlers,
    authenticate: storeAuthenticator(o.store),
    bodyLimit: o.bodyLimit,
    maxJsonDepth: o.maxJsonDepth,
    validateResponses: o.validateResponses,
    onError: o.onError,
  });
}

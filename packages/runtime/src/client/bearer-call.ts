/**
 * A call that carries a Bearer token (transport.ts), loaded with the first such call: a client
 * without tokens (an API key, none) never loads it, as it never loads a token provider.
 *
 * RFC 6750 §3.1 invalid_token (401): an expired token is replaced. Exactly one refresh and one
 * re-send, unless the replacement is the same token (a token the app holds and did not renew).
 */
import type { TokenHooks, TokenProvider } from '../auth/token-provider.js';

export async function sendWithBearer(
  tokens: TokenProvider,
  send: (token: string) => Promise<Response>,
  signal: AbortSignal,
  hooks: Required<TokenHooks> | undefined,
  onRefresh: () => void,
): Promise<Response> {
  // The caller's signal ends its wait for a token too (a stalled token endpoint must not hold it);
  // the call's observation hears how the token came.
  const token = await tokens.getToken(signal, hooks);
  const response = await send(token);
  if (response.status !== 401) return response;
  tokens.invalidate(token);
  onRefresh();
  const next = await tokens.getToken(signal, hooks);
  if (next === token) return response;
  hooks?.onToken('refreshed');
  await response.body?.cancel().catch(() => undefined);
  return send(next);
}

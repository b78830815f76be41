/**
 * A request that got no answer, said so a partner can act on it: which endpoint (the token
 * endpoint or the API), the URL, and the cause code. Node's fetch (undici) throws
 * `TypeError: fetch failed` and puts the system error in `cause` (ECONNREFUSED, ENOTFOUND,
 * CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT, UND_ERR_CONNECT_TIMEOUT, ...), a connection
 * tried on several addresses in an AggregateError's `errors`; a browser says only "Failed to fetch".
 */

/** The first `code` along the error's `cause` chain (and an AggregateError's first error), and
 * the innermost message ("fetch failed" says less than its cause's "bad port"). */
export function networkCause(error: unknown): { code?: string; message: string } {
  let e = error;
  let message = error instanceof Error ? error.message : String(error);
  for (let depth = 0; e !== null && typeof e === 'object' && depth < 6; depth++) {
    const {
      code,
      errors,
      cause,
      message: text,
    } = e as { code?: unknown; errors?: unknown; cause?: unknown; message?: unknown };
    if (typeof text === 'string' && text !== '') message = text;
    if (typeof code === 'string' && code !== '') return { code, message };
    e = Array.isArray(errors) && errors.length > 0 ? errors[0] : cause;
  }
  return { message };
}

export class NetworkFailure extends Error {
  readonly endpoint: 'token' | 'api';
  readonly url: string;
  readonly code: string | undefined;
  /** The thrown error's message ("fetch failed", "Failed to fetch"). */
  readonly detail: string;

  /** `url` must already be redacted (no API key in its query). */
  constructor(endpoint: 'token' | 'api', url: string, code: string | undefined, detail: string) {
    super(`${endpoint === 'token' ? 'The token endpoint' : 'The API'} at ${url} did not answer: ${code ?? detail}`);
    this.name = 'NetworkFailure';
    this.endpoint = endpoint;
    this.url = url;
    this.code = code;
    this.detail = detail;
  }
}

/** A request to the API that got no answer (transport.ts): its URL redacted as logs redact it,
 * withheld when the redactor cannot load (a page gone offline). */
export async function apiNetworkFailure(
  url: string,
  logs: () => Promise<{ redactor: { url(url: string): string } }>,
  error: unknown,
): Promise<unknown> {
  const tools = await logs().catch(() => undefined);
  return networkFailure('api', tools ? tools.redactor.url(url) : '(url withheld)', error);
}

/** `error` (thrown by fetch) as a NetworkFailure; an abort or a timeout of the caller's signal,
 * or an error that already says what failed, is returned as it is. */
export function networkFailure(endpoint: 'token' | 'api', url: string, error: unknown): unknown {
  if (!(error instanceof Error) || error.name === 'AbortError' || error.name === 'TimeoutError') return error;
  if (error instanceof NetworkFailure || error.name === 'AuthFailure') return error;
  const { code, message } = networkCause(error);
  return new NetworkFailure(endpoint, url, code, message);
}

/**
 * A tiny caller for the mock's /_sandbox/ control API (sandbox/README.md, SANDBOX
 * CONTRACT). It is not part of the real API, so it is not in the generated client; it takes the
 * same Bearer token. Errors carry the status and the API's `{ errors: [...] }` body, never the token.
 */
export interface SandboxApi {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  delete(path: string): Promise<void>;
}

export function sandboxApi(baseUrl: string, accessToken: string): SandboxApi {
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${baseUrl}/_sandbox${path}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /_sandbox${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return text === '' ? undefined : JSON.parse(text);
  };
  return {
    get: (path) => call('GET', path) as Promise<never>,
    post: (path, body) => call('POST', path, body) as Promise<never>,
    delete: async (path) => void (await call('DELETE', path)),
  };
}

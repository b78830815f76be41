/**
 * Web-standard adapter: `(Request) => Promise<Response>`. Used by the Hono adapter, by Workers /
 * Bun / Deno style servers, and in tests as the `fetch` of the generated client (in-process).
 */
import type { Router } from './types.js';

const BODYLESS = new Set(['GET', 'HEAD']);

export function toFetchHandler(router: Router): (request: Request) => Promise<Response> {
  return async (request) => {
    const body =
      BODYLESS.has(request.method.toUpperCase()) || !request.body
        ? undefined
        : new Uint8Array(await request.arrayBuffer());
    const url = new URL(request.url);
    const answer = await router.handle({
      method: request.method,
      url: url.pathname + url.search,
      headers: request.headers,
      body,
    });
    return new Response(
      answer.body === undefined || request.method.toUpperCase() === 'HEAD' ? null : (answer.body as BodyInit),
      {
        status: answer.status,
        headers: answer.headers,
      },
    );
  };
}

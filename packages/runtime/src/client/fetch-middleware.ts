/**
 * Middleware runs of the client core (fetch-client.ts), loaded once a middleware is registered:
 * every `onRequest` in order (a Request returned replaces the request, a Response ends the run
 * with no request sent), then the request, then `onError` in reverse order when it throws (a
 * Response recovers the call, an Error replaces the error), then `onResponse` in reverse order (a
 * Response returned replaces the answer). Each run has an id and the call's frozen options.
 */
import { primitivePath } from './fetch-serializers.js';
import type { MergedOptions, Middleware, MiddlewareCallbackParams } from './fetch-types.js';

export async function runMiddleware(
  list: readonly Middleware[],
  first: Request,
  send: (request: Request) => Promise<Response>,
  schemaPath: string,
  params: MiddlewareCallbackParams['params'],
  merged: Omit<MergedOptions, 'pathSerializer'> & { pathSerializer?: MergedOptions['pathSerializer'] | undefined },
): Promise<{ request: Request; response: Response }> {
  const id = Math.random().toString(36).slice(2, 11);
  // A call with no path parameters and no serializer of its own: the default for primitives.
  const options = Object.freeze({ ...merged, pathSerializer: merged.pathSerializer ?? primitivePath });
  let request = first;
  for (const m of list) {
    if (!m || typeof m !== 'object' || typeof m.onRequest !== 'function') continue;
    const result = await m.onRequest({ request, schemaPath, params, options, id });
    if (!result) continue;
    if (result instanceof Request) request = result;
    else if (result instanceof Response) return { request, response: result };
    else throw new Error('onRequest: must return new Request() or Response() when modifying the request');
  }
  let response: Response | undefined;
  try {
    response = await send(request);
  } catch (thrown) {
    let error: unknown = thrown;
    for (let i = list.length - 1; i >= 0; i--) {
      const m = list[i];
      if (!m || typeof m !== 'object' || typeof m.onError !== 'function') continue;
      const result = await m.onError({ request, error, schemaPath, params, options, id });
      if (!result) continue;
      if (result instanceof Response) {
        error = undefined;
        response = result;
        break;
      }
      if (result instanceof Error) error = result;
      else throw new Error('onError: must return new Response() or instance of Error');
    }
    if (error) throw error;
  }
  for (let i = list.length - 1; i >= 0; i--) {
    const m = list[i];
    if (!m || typeof m !== 'object' || typeof m.onResponse !== 'function') continue;
    const result = await m.onResponse({ request, response: response as Response, schemaPath, params, options, id });
    if (!result) continue;
    if (!(result instanceof Response))
      throw new Error('onResponse: must return new Response() when modifying the response');
    response = result;
  }
  return { request, response: response as Response };
}

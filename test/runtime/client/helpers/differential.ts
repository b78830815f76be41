/**
 * The differential harness of the client core: the same calls through the runtime's own core
 * (client/fetch-client.ts) and through openapi-fetch 0.17.0 (a devDependency kept for this), each
 * over a recording fetch that answers from the same script. What each sends is written down byte
 * for byte (method, URL, headers, body; a multipart boundary, random per request, is named
 * `<boundary>`), and what each call returns is reduced to what a caller can read.
 *
 * Two levels: the core itself (`rawPair`), and the generated client's per-operation methods
 * (`generatedPair`): createCoreClient built once on our core and once with openapi-fetch in its
 * place, exactly as the runtime was built before it had its own.
 */
import { vi } from 'vitest';
import type { ApiModel, OperationModel, ParameterModel } from '../../../../generator/ir/model.js';
import { clientMetaView, preferredContentType } from '../../../../generator/emitters/client-view.js';
import type { ApiClientMeta, ClientOptions } from '../../../../packages/runtime/src/client/create-client.js';

export interface SentRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string;
  redirect: string;
  credentials: string;
}

/** One scripted answer: a fresh Response for each client. */
export type Answer = (request: Request) => Response | Promise<Response>;

export interface Recorder {
  sent: SentRequest[];
  fetch: (request: Request, ext?: unknown) => Promise<Response>;
}

export async function describeRequest(request: Request): Promise<SentRequest> {
  const headers: Array<[string, string]> = [];
  request.headers.forEach((value, name) => {
    headers.push([name, value]);
  });
  let body = request.body ? await request.clone().text() : '';
  // The multipart boundary, from the header or (a Content-Type without it) the body's first line.
  const type = request.headers.get('content-type') ?? '';
  const boundary = /boundary=(.+)$/.exec(type)?.[1] ?? /^--(-*formdata-\S+)\r\n/.exec(body)?.[1];
  if (boundary) body = body.split(boundary).join('<boundary>');
  return {
    method: request.method,
    url: request.url,
    headers: headers.map(([n, v]) => [n, boundary ? v.split(boundary).join('<boundary>') : v]),
    body,
    redirect: request.redirect,
    credentials: request.credentials,
  };
}

/** A fetch that writes down each request and answers it from `answer` (an aborted signal throws
 * as fetch does). */
export function recorder(answer: Answer): Recorder {
  const sent: SentRequest[] = [];
  return {
    sent,
    async fetch(request) {
      sent.push(await describeRequest(request));
      request.signal?.throwIfAborted();
      return answer(request);
    },
  };
}

/** What a caller can read of a call's outcome: which keys it has, data / error, the status, the
 * apiError; or the error thrown (its name and message). */
export async function outcomeOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    const result = (await run()) as Record<string, unknown>;
    const out: Record<string, unknown> = { keys: Object.keys(result).sort() };
    for (const key of ['data', 'error', 'apiError']) if (key in result) out[key] = await readable(result[key]);
    const response = result['response'] as Response | undefined;
    if (response) out['status'] = response.status;
    return out;
  } catch (error) {
    return { thrown: error instanceof Error ? { name: error.name, message: error.message } : String(error) };
  }
}

async function readable(value: unknown): Promise<unknown> {
  if (value instanceof Blob) return { blob: value.type, text: await value.text() };
  if (value instanceof ArrayBuffer) return { arrayBuffer: [...new Uint8Array(value)] };
  if (value instanceof ReadableStream) return { stream: await new Response(value).text() };
  return value;
}

type RawClient = {
  request(method: string, path: string, init?: unknown): Promise<unknown>;
  use(...m: unknown[]): void;
};
type RawFactory = (options?: Record<string, unknown>) => RawClient;

/** Both cores, each with its own recorder over the same answers. */
export async function rawPair(): Promise<{ ours: RawFactory; theirs: RawFactory }> {
  const ours = (await import('../../../../packages/runtime/src/client/fetch-client.js')).createFetchClient;
  const theirs = (await import('openapi-fetch')).default;
  return { ours: ours as unknown as RawFactory, theirs: theirs as unknown as RawFactory };
}

type CoreFactory = (
  meta: ApiClientMeta,
  options: ClientOptions,
) => { raw: unknown; call(id: string, init: unknown): Promise<unknown> };

const CREATE_CLIENT = '../../../../packages/runtime/src/client/create-client.js';
const FETCH_CLIENT = '../../../../packages/runtime/src/client/fetch-client.js';

/** createCoreClient on our core, and the same module graph loaded again with openapi-fetch as
 * the core (what the runtime was before). */
export async function generatedPair(): Promise<{ ours: CoreFactory; theirs: CoreFactory }> {
  vi.resetModules();
  vi.doMock(FETCH_CLIENT, async () => ({ createFetchClient: (await import('openapi-fetch')).default }));
  const theirs = (await import(CREATE_CLIENT)).createCoreClient as CoreFactory;
  vi.doUnmock(FETCH_CLIENT);
  vi.resetModules();
  const ours = (await import(CREATE_CLIENT)).createCoreClient as CoreFactory;
  return { ours, theirs };
}

/** The client META the generator writes for `model` (plugins/client/emit.ts). */
export function clientMeta(model: ApiModel): ApiClientMeta {
  return clientMetaView(model) as ApiClientMeta;
}

/** A value of the parameter's type with characters every encoding must handle. */
function sampleValue(p: ParameterModel, variant: number): unknown {
  const type = p.shape?.type;
  const text = variant === 0 ? `v ${p.name}/é&=?` : 'x,y';
  if (p.contentType) return { a: text, n: 1 };
  if (type === 'array') return p.shape?.itemType === 'integer' ? [1, 2] : [text, 'b|c'];
  if (type === 'object') return { k: text, 'x y': '2' };
  if (type === 'integer' || type === 'number') return variant === 0 ? 42 : 0;
  if (type === 'boolean') return variant === 0;
  return text;
}

/** The init of a call of `op` with every parameter given and a body in its preferred media type. */
export function sampleInit(op: OperationModel, variant = 0): Record<string, unknown> {
  const params: Record<string, Record<string, unknown>> = {};
  for (const p of op.parameters) {
    // Header values must be ByteStrings: no é in a header.
    let value = sampleValue(p, variant);
    if (p.in === 'header') value = JSON.parse(JSON.stringify(value).replace(/é/g, 'e'));
    (params[p.in] ??= {})[p.name] = value;
  }
  const init: Record<string, unknown> = { params };
  const type = preferredContentType(op);
  if (type !== undefined) {
    if (/multipart\/form-data/.test(type)) {
      const form = new FormData();
      form.append('field', 'value é');
      form.append('file', new Blob(['file bytes'], { type: 'text/plain' }), 'a.txt');
      init['body'] = form;
    } else if (/x-www-form-urlencoded/.test(type)) init['body'] = { grant_type: 'x y', scope: 'a&b' };
    else if (/json/.test(type)) init['body'] = { a: 'é', n: 1.5, list: [1, 'two'], nested: { z: null } };
    else init['body'] = 'plain text body é';
  }
  return init;
}

/** Answers every differential run is checked with, by name. */
export const ANSWERS: Record<string, Answer> = {
  'json 200': () => Response.json({ id: 'p-1', amount: '10.00', list: [1, 2] }),
  'json 201 with Content-Length': () =>
    new Response('{"ok":true}', {
      status: 201,
      headers: { 'content-type': 'application/json', 'content-length': '11' },
    }),
  'empty 200': () => new Response('', { status: 200 }),
  '204': () => new Response(null, { status: 204 }),
  'Content-Length 0': () => new Response('', { status: 200, headers: { 'content-length': '0' } }),
  'json 400': () => Response.json({ errors: [{ pointer: '/x', message: 'bad' }] }, { status: 400 }),
  'text 500': () => new Response('upstream exploded', { status: 500, headers: { 'content-type': 'text/plain' } }),
  'html 502': () => new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
  '401': () => new Response('', { status: 401 }),
  'empty 404': () => new Response(null, { status: 404 }),
};

const TOKEN_ANSWER = () =>
  Response.json({ access_token: 'tok-differential-1', token_type: 'Bearer', expires_in: 3600 });

/** Options both generated clients get: credentials of every kind the document may use, retries
 * without waiting (a 5xx answer to a GET is retried, the same way by both). */
export function clientOptions(fetch: Recorder['fetch']): ClientOptions {
  return {
    baseUrl: 'http://127.0.0.1:9/base',
    authUrl: 'http://127.0.0.1:9/auth',
    clientId: 'client-1',
    clientSecret: 'secret-1',
    fetch: fetch as (request: Request) => Promise<Response>,
    retry: { sleep: async () => undefined, random: () => 0 },
    serverVariables: {},
  } as ClientOptions;
}

export interface Mismatch {
  operation: string;
  answer: string;
  variant: number;
  ours: unknown;
  reference: unknown;
}

/** Every operation of `model`, with sample inits (`variants` of them) and every answer of
 * `answers`, through both generated clients; the mismatches, and how many calls were compared. */
export async function compareOperations(
  model: ApiModel,
  pair: { ours: CoreFactory; theirs: CoreFactory },
  answers: Record<string, Answer> = ANSWERS,
  variants = 2,
): Promise<{ mismatches: Mismatch[]; calls: number }> {
  const meta = clientMeta(model);
  const mismatches: Mismatch[] = [];
  let calls = 0;
  for (const op of model.operations)
    for (let variant = 0; variant < variants; variant++)
      for (const [label, answer] of Object.entries(answers)) {
        const runs = [];
        for (const factory of [pair.ours, pair.theirs]) {
          // The token endpoint answers a token; everything else answers `answer`.
          const rec = recorder(answer);
          const wrapped: Recorder['fetch'] = async (request) => {
            const body = request.body ? await request.clone().text() : '';
            if (/grant_type=client_credentials/.test(body)) {
              rec.sent.push(await describeRequest(request));
              return TOKEN_ANSWER();
            }
            return rec.fetch(request);
          };
          const client = factory(meta, clientOptions(wrapped));
          const outcome = await outcomeOf(() => client.call(op.id, sampleInit(op, variant)));
          runs.push({ sent: rec.sent, outcome });
        }
        calls++;
        if (JSON.stringify(runs[0]) !== JSON.stringify(runs[1]))
          mismatches.push({ operation: op.id, answer: label, variant, ours: runs[0], reference: runs[1] });
      }
  return { mismatches, calls };
}

/**
 * A page gone offline: the client's lazy chunks (the call extensions of validateResponses and
 * telemetry, the error model) may fail to load after the page did. The call still answers, never
 * throwing for it: unjudged, or with its failure told plainly, and the next call loads the chunk
 * again. The generated client (generated/client.ts) against node:http on 127.0.0.1; a chunk that
 * fails to load is a module whose import rejects.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContractViolation } from '../../../generated/client.js';
import { type QueuedAnswers, queuedAnswersServer } from './helpers/queued-answers.js';

const EXTENSIONS = '../../../generated/runtime/client/call-extensions.js';
const ERROR_MODEL = '../../../generated/runtime/client/api-error.js';

let server: QueuedAnswers;
let base: string;

beforeAll(async () => {
  server = await queuedAnswersServer();
  base = server.base;
});

afterAll(() => server.close());

afterEach(() => {
  server.answers = [];
  vi.doUnmock(EXTENSIONS);
  vi.doUnmock(ERROR_MODEL);
  // The worker is shared (isolate: false): the client evaluated against a module that fails to
  // load must not be the one a later file imports.
  vi.resetModules();
});

/** The generated client, imported afresh with `offline` failing to load. */
async function clientWithout(offline: string) {
  vi.resetModules();
  vi.doMock(offline, () => {
    throw new TypeError('Failed to fetch dynamically imported module');
  });
  return (await import('../../../generated/client.js')) as typeof import('../../../generated/client.js');
}

const createPayment = (client: { createPayment: (init: never) => Promise<unknown> }) =>
  client.createPayment({ params: { path: { customer_id: 'cust-1' } }, body: {} } as never);

// A created payment without any of its required fields: a violation of the documented 201.
const DRIFTED = { status: 201, json: '{}' };

describe('the call extensions (validateResponses, telemetry) fail to load', () => {
  it('the call answers unjudged, and the next call loads them and judges its answer', async () => {
    const { createPaymentsClient } = await clientWithout(EXTENSIONS);
    const events: ContractViolation[] = [];
    const client = createPaymentsClient({
      baseUrl: base,
      accessToken: 'token-for-tests',
      retry: false,
      validateResponses: 'throw',
      // `throw` rejects without reporting: an event here would be a judged answer.
      onContractViolation: (v) => events.push(v),
    });
    server.answers = [DRIFTED];
    const offline = (await createPayment(client)) as { data?: unknown; apiError?: unknown };
    expect(offline.apiError).toBeUndefined();
    expect(offline.data).toEqual({});
    expect(events).toEqual([]);

    // Back online: `throw` rejects the drifted answer.
    vi.doUnmock(EXTENSIONS);
    server.answers = [DRIFTED];
    await expect(createPayment(client)).rejects.toMatchObject({ name: 'ContractViolationError' });
  });
});

describe('the error model fails to load', () => {
  it('a failed call is told plainly, with the body the service sent', async () => {
    const { createPaymentsClient } = await clientWithout(ERROR_MODEL);
    // Without credentials: the held-token provider needs the error model too (its AuthFailure).
    const client = createPaymentsClient({ baseUrl: base, retry: false });
    server.answers = [{ status: 503, json: '{"errors":[{"code":"DOWN"}]}' }];
    const result = (await createPayment(client)) as { error?: unknown; apiError?: unknown; response?: Response };
    expect(result.apiError).toEqual({ kind: 'network', message: 'the service answered 503' });
    expect(result.error).toEqual({ errors: [{ code: 'DOWN' }] });
    expect(result.response?.status).toBe(503);

    // Back online: the error model describes the failure.
    vi.doUnmock(ERROR_MODEL);
    server.answers = [{ status: 503, json: '{"errors":[{"code":"DOWN"}]}' }];
    const online = (await createPayment(client)) as { apiError?: { kind: string; status?: number } };
    expect(online.apiError).toMatchObject({ kind: 'http', status: 503 });
  });
});

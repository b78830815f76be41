/** Builds the generated client for tests, against a backend, with an injectable clock and sleep. */
import type { Backend } from './backend.js';
import { API_KEY, CLIENT_ID, CLIENT_SECRET } from './backend.js';
import type { Generated } from './generated.js';

export type Result = {
  data?: unknown;
  error?: unknown;
  response?: Response;
  apiError?: { kind: string; [k: string]: unknown };
};
export type AnyClient = { raw: { GET: (...a: unknown[]) => Promise<Result> } } & Record<
  string,
  (init?: unknown) => Promise<Result>
>;

export interface TestClient {
  client: AnyClient;
  logs: Array<Record<string, unknown>>;
  sleeps: number[];
  clock: { now: number };
}

export async function makeClient(
  generated: Generated,
  backend: Backend,
  options: Record<string, unknown> = {},
): Promise<TestClient> {
  const mod = await generated.load<{ createPaymentsClient: (o: unknown) => AnyClient }>('client.ts');
  const logs: Array<Record<string, unknown>> = [];
  const sleeps: number[] = [];
  const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
  const client = mod.createPaymentsClient({
    baseUrl: 'https://api.test.invalid',
    authUrl: 'https://auth.test.invalid',
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    fetch: backend.fetch,
    logger: (entry: Record<string, unknown>) => logs.push(entry),
    clock: () => clock.now,
    retry: { sleep: async (ms: number) => void sleeps.push(ms), random: () => 0.5 },
    ...options,
  });
  return { client, logs, sleeps, clock };
}

export { API_KEY };

/**
 * Throughput of the generated server router and client for our spec (figures only; no target):
 * (1) router.handle of a three-recipient Create payment: route, Bearer auth, JSON parse,
 *     request validation (schema + stateless rules), handler, serialization;
 * (2) the same with response validation on;
 * (3) generated client → in-process fetch adapter → router (auth header, openapi-fetch, Request/Response);
 * (4) 404 of an unknown path (routing cost alone).
 * This process generates into tmp/, a fresh one measures (bench/lib/fresh-process.ts says why).
 * Run: `npm run bench client-server`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generate } from '../api/index.js';
import { packageInfo } from '../generator/package-info.js';
import { generateThenMeasure } from './lib/fresh-process.js';

// The package root, whether this runs from bench/ (sources) or dist/bench/ (npm run bench).
const ROOT = packageInfo().root;
const OUT = path.join(ROOT, 'tmp', 'bench-client-server');

type Answer = { status: number };
type Router = { handle(r: unknown): Promise<Answer> };

const body = JSON.stringify({
  purpose_of_transaction: 'PROPERTY_PURCHASE',
  amount: { currency: 'GBP', value: 100 },
  recipient_details: [
    { recipient_id: 'r-1', amount: { currency: 'GBP', value: 33.33 } },
    { recipient_id: 'r-2', amount: { currency: 'GBP', value: 33.33 } },
    { recipient_id: 'r-3', amount: { currency: 'GBP', value: 33.34 } },
  ],
  is_third_party_payment: false,
});

async function measure(label: string, fn: () => Promise<boolean>, ms = 1500): Promise<number> {
  for (let i = 0; i < 2000; i++) await fn();
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    for (let i = 0; i < 200; i++) if (!(await fn())) throw new Error(`${label}: unexpected answer`);
    n += 200;
    t = performance.now();
  }
  const opsPerSec = n / ((t - t0) / 1000);
  console.log(`${label.padEnd(52)} ${Math.round(opsPerSec).toLocaleString('en-US').padStart(10)} ops/s`);
  return opsPerSec;
}

async function prepare(): Promise<void> {
  const result = await generate(
    {
      spec: 'spec/openapi.yaml',
      overlays: ['spec/rules.overlay.yaml'],
      out: OUT,
      check: false,
      clientFactoryName: 'createPaymentsClient',
      plugins: ['types', 'validators', 'client', 'server', 'fetch', 'payments'],
    },
    { cwd: ROOT },
  );
  rmSync(OUT, { recursive: true, force: true });
  for (const f of result.files) {
    mkdirSync(path.dirname(path.join(OUT, f.path)), { recursive: true });
    writeFileSync(path.join(OUT, f.path), f.contents);
  }
}

async function measureAll(): Promise<void> {
  const load = (file: string) => import(pathToFileURL(path.join(OUT, file)).href);
  const server = await load('server.ts');
  const { toFetchHandler } = await load('runtime/server/fetch.ts');
  const { createPaymentsClient } = await load('client.ts');

  const handlers = {
    requestAccessToken: () => ({
      status: 200,
      body: { access_token: 'bench-token', token_type: 'bearer', expires_in: 3600 },
    }),
    createPayment: ({ body: b }: { body: { amount: unknown } }) => ({
      status: 201,
      body: {
        payment_id: 'p-1',
        instruction_number: 'i-1',
        amount: b.amount,
        recipient_details: [],
        status: 'AWAITING_FUNDS',
        created_datetime: '2026-01-01T00:00:00Z',
      },
    }),
  };
  const authenticate = server.createAuthenticator({ bearer: (t: string) => (t === 'bench-token' ? { t } : undefined) });
  const router: Router = server.createRouter({ handlers, authenticate });
  const checked: Router = server.createRouter({ handlers, authenticate, validateResponses: true });
  const request = {
    method: 'POST',
    url: '/v3/customers/c-1/payments',
    headers: { authorization: 'Bearer bench-token', 'content-type': 'application/json' },
    body,
  };

  await measure('router.handle createPayment', async () => (await router.handle(request)).status === 201);
  await measure(
    'router.handle createPayment + response validation',
    async () => (await checked.handle(request)).status === 201,
  );
  const client = createPaymentsClient({
    baseUrl: 'https://api.bench',
    authUrl: 'https://auth.bench',
    clientId: 'id',
    clientSecret: 'secret',
    fetch: toFetchHandler(router),
  });
  const init = { params: { path: { customer_id: 'c-1' } }, body: JSON.parse(body) };
  await measure(
    'client.createPayment → in-process router',
    async () => (await client.createPayment(init)).apiError === undefined,
  );
  await measure(
    'router.handle unknown path (404)',
    async () => (await router.handle({ method: 'GET', url: '/nope/x', headers: {}, body: undefined })).status === 404,
  );
}

generateThenMeasure(import.meta.url, {
  prepare,
  measure: measureAll,
  cleanup: () => rmSync(OUT, { recursive: true, force: true }),
}).catch((e) => {
  console.error(e);
  process.exitCode = 1;
});

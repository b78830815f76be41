/**
 * Throughput of the generated server router and client for our spec (figures only; no target):
 * (1) router.handle of a three-recipient Create payment: route, Bearer auth, JSON parse,
 *     request validation (schema + stateless rules), handler, serialization;
 * (2) the same with response validation on;
 * (3) generated client → in-process fetch adapter → router (auth header, the client core, Request/Response),
 *     side by side: the runtime's own core and the same client on openapi-fetch (what it was before),
 *     for a created payment (201) and a refused one (400, the error model), in many short
 *     interleaved rounds: the median ratio, its interquartile range, and a verdict only when that
 *     range is narrow (bench/lib/interleaved.ts);
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
import { interleaved, machineLoad, verdict } from './lib/interleaved.js';

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
      // The runtime's sources in the output, so that the same client can be built on openapi-fetch.
      runtime: 'copy',
    },
    { cwd: ROOT },
  );
  rmSync(OUT, { recursive: true, force: true });
  for (const f of result.files) {
    mkdirSync(path.dirname(path.join(OUT, f.path)), { recursive: true });
    writeFileSync(path.join(OUT, f.path), f.contents);
  }
  // The same client on openapi-fetch (a devDependency kept for comparisons): only the core differs.
  const file = (name: string) => result.files.find((f) => f.path === name)!.contents;
  writeFileSync(
    path.join(OUT, 'runtime/client/create-client-openapi-fetch.ts'),
    file('runtime/client/create-client.ts').replace(
      "import { createFetchClient } from './fetch-client.js';",
      "import createFetchClient from 'openapi-fetch';",
    ),
  );
  writeFileSync(
    path.join(OUT, 'client-openapi-fetch.ts'),
    file('client.ts').replace(
      "from './runtime/client/create-client.js'",
      "from './runtime/client/create-client-openapi-fetch.js'",
    ),
  );
}

async function measureAll(): Promise<void> {
  const load = (file: string) => import(pathToFileURL(path.join(OUT, file)).href);
  const server = await load('server.ts');
  const { toFetchHandler } = await load('runtime/server/fetch.ts');
  const ours = (await load('client.ts')).createPaymentsClient;
  const onOpenapiFetch = (await load('client-openapi-fetch.ts')).createPaymentsClient;

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
  const options = {
    baseUrl: 'https://api.bench',
    authUrl: 'https://auth.bench',
    clientId: 'id',
    clientSecret: 'secret',
    fetch: toFetchHandler(router),
  };
  type Client = { createPayment(init: unknown): Promise<{ apiError?: { kind: string; status?: number } }> };
  const clients: Array<[string, Client]> = [
    ['own core', ours(options)],
    ['openapi-fetch', onOpenapiFetch(options)],
  ];
  // The client alone: a canned answer instead of the router (the token endpoint's, then 201s).
  const canned = {
    ...options,
    fetch: async (r: Request) =>
      new Response(
        r.url.includes('token')
          ? '{"access_token":"bench-token","token_type":"bearer","expires_in":3600}'
          : '{"payment_id":"p-1","status":"AWAITING_FUNDS"}',
        { status: r.url.includes('token') ? 200 : 201, headers: { 'content-type': 'application/json' } },
      ),
  };
  const alone: Array<[string, Client]> = [
    ['own core', ours(canned)],
    ['openapi-fetch', onOpenapiFetch(canned)],
  ];
  const init = { params: { path: { customer_id: 'c-1' } }, body: JSON.parse(body) };
  // Recipient amounts that do not add up to the payment's: the router answers 400.
  const refused = { params: init.params, body: { ...init.body, amount: { currency: 'GBP', value: 99 } } };
  const calls: Array<[string, (c: Client) => Promise<boolean>, Array<[string, Client]>]> = [
    ['createPayment (201)', async (c) => (await c.createPayment(init)).apiError === undefined, clients],
    ['createPayment refused (400)', async (c) => (await c.createPayment(refused)).apiError?.status === 400, clients],
    [
      'createPayment, canned 201 (the client alone)',
      async (c) => (await c.createPayment(init)).apiError === undefined,
      alone,
    ],
  ];
  // Many short rounds, the two cores alternating within each (bench/lib/interleaved.ts): the
  // median ratio and its spread, and a verdict only when the spread is narrow.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 60);
  console.log(`side by side: ${rounds} interleaved rounds of about 100 ms of CPU time per side; ${machineLoad()}`);
  for (const [label, call, pair] of calls) {
    const [[, own], [, reference]] = pair as [[string, Client], [string, Client]];
    const s = await interleaved(
      () => call(own),
      () => call(reference),
      { rounds, roundMs: 100, warmup: 2000 },
    );
    console.log(
      `client ${label} (${s.calls} calls a round): own core ${Math.round(s.aPerSecond).toLocaleString('en-US')} calls per CPU s, openapi-fetch ` +
        `${Math.round(s.bPerSecond).toLocaleString('en-US')}; own core / openapi-fetch time per call: ` +
        `median ${s.median.toFixed(2)}x (95% interval ${s.low.toFixed(2)}-${s.high.toFixed(2)}x), rounds' IQR ` +
        `${s.q1.toFixed(2)}-${s.q3.toFixed(2)}x: ${verdict(s, 'own core', 'openapi-fetch')}`,
    );
  }
  console.log(`after the side-by-side rounds: ${machineLoad()}`);
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

/**
 * Route-table matches per second (figures only): the generated router's and the client's
 * `compileRoutes` over the paths of spec/openapi.yaml plus a few with several parameters in one
 * segment (OpenAPI 3.1 §4.8.2 path templating allows them), then the worst case an attacker can
 * send to such a route: a long segment full of its delimiters that does not match.
 * Run: `npm run bench route-table`.
 */
import { compileRoutes } from 'cross-border-payments-runtime/server';

const PATHS = [
  ['post', '/auth/oauth/v2/token'],
  ['get', '/v1/customers/{customer_id}/virtual-accounts'],
  ['post', '/v1/customers/{customer_id}/virtual-accounts'],
  ['post', '/v3/customers/{customer_id}/payments'],
  ['get', '/v1/customers/{customer_id}/sessions'],
  ['post', '/v1/customers/{customer_id}/sessions'],
  ['post', '/api/v1/customers/{customer_id}/third-parties'],
  ['get', '/api/v1/customers/{customer_id}/third-parties/{client_customer_reference}'],
  ['put', '/api/v1/customers/{customer_id}/third-parties/{client_customer_reference}'],
  ['post', '/v2/customers/{customer_id}/payments'],
  ['post', '/v1/customers/{customer_id}/payments'],
  ['get', '/v1/customers/{customer_id}/payments/{payment_id}'],
  ['get', '/files/{name}.{ext}'],
  ['get', '/b/{x}.{y}.{z}.json'],
] as const;

const table = compileRoutes(PATHS.map(([method, path]) => ({ method, path, value: path })));

function measure(label: string, method: string, path: string, ms = 1000): void {
  for (let i = 0; i < 1000; i++) table.match(method, path);
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    for (let i = 0; i < 100; i++) table.match(method, path);
    n += 100;
    t = performance.now();
  }
  console.log(`${label.padEnd(48)} ${Math.round((n * 1000) / (t - t0)).toLocaleString('en-US')} ops/s`);
}

measure('POST /v3/customers/c-1/payments', 'POST', '/v3/customers/c-1/payments');
measure('GET /api/v1/customers/c-1/third-parties/r-1', 'GET', '/api/v1/customers/c-1/third-parties/r-1');
measure('GET /files/report.json (two parameters)', 'GET', '/files/report.json');
measure('GET /b/1.2.3.json (three parameters)', 'GET', '/b/1.2.3.json');
measure('GET /nope (404)', 'GET', '/nope');

// 1,000 dots without the closing `.json`: a backtracking matcher tries every split of them.
const hostile = `/b/${'.'.repeat(1000)}x`;
const t0 = performance.now();
const answer = table.match('GET', hostile);
console.log(`hostile 1 KB segment on /b/{x}.{y}.{z}.json: ${answer.kind} in ${(performance.now() - t0).toFixed(1)} ms`);

/** Test helpers: the spec files as parsed data. */
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const specDir = fileURLToPath(new URL('../../spec/', import.meta.url));
export const openapiPath = `${specDir}openapi.yaml`;
export const overlayPath = `${specDir}rules.overlay.yaml`;
export const statesPath = `${specDir}payment-states.yaml`;
export const sandboxOverlayPath = `${specDir}sandbox.overlay.yaml`;
export const seedPath = fileURLToPath(new URL('../../../shared/seeds/000_7b8a5222e8aa3f6b.txt', import.meta.url));

export function readYaml(path: string): any {
  return parse(readFileSync(path, 'utf8'));
}

export function readSeed(): string | undefined {
  return existsSync(seedPath) ? readFileSync(seedPath, 'utf8') : undefined;
}

/** The service description's endpoint table (§Endpoints), copied so the tests also run where its file is absent;
 * openapi-document.test.ts holds the copy to spec/README.md's rows in every clone. */
export const seedEndpoints: Array<{ method: string; path: string; server: 'base' | 'auth' }> = [
  { method: 'post', path: '/auth/oauth/v2/token', server: 'auth' },
  { method: 'post', path: '/v1/customers/{customer_id}/virtual-accounts', server: 'base' },
  { method: 'get', path: '/v1/customers/{customer_id}/virtual-accounts', server: 'base' },
  { method: 'post', path: '/v3/customers/{customer_id}/payments', server: 'base' },
  { method: 'post', path: '/v1/customers/{customer_id}/sessions', server: 'base' },
  { method: 'get', path: '/v1/customers/{customer_id}/sessions', server: 'base' },
  { method: 'post', path: '/api/v1/customers/{customer_id}/third-parties', server: 'base' },
  { method: 'get', path: '/api/v1/customers/{customer_id}/third-parties/{client_customer_reference}', server: 'base' },
  { method: 'put', path: '/api/v1/customers/{customer_id}/third-parties/{client_customer_reference}', server: 'base' },
  { method: 'post', path: '/v2/customers/{customer_id}/payments', server: 'base' },
  { method: 'get', path: '/v1/customers/{customer_id}/payments', server: 'base' },
  { method: 'get', path: '/v1/customers/{customer_id}/payments/{payment_id}', server: 'base' },
];

/** Rows of the seed's endpoint table as written (method, path without query, auth prefix dropped). */
export function parseSeedEndpointTable(seed: string): Array<{ method: string; path: string }> {
  const section = seed.split('## Endpoints')[1]!.split('### ')[0]!;
  return section
    .split('\n')
    .map((line) => /^\| (GET|POST|PUT|DELETE|PATCH) \| ([^ |]+) \|/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ method: m[1]!.toLowerCase(), path: m[2]!.replace('{auth_url}', '').replace(/\?.*$/, '') }));
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { openapiPath, parseSeedEndpointTable, readSeed, readYaml, seedEndpoints, specDir } from './spec-files.js';

const doc = readYaml(openapiPath);
const seed = readSeed();

describe('spec/openapi.yaml', () => {
  it('is a valid OpenAPI 3.1 document for swagger-parser', async () => {
    const api = (await SwaggerParser.validate(openapiPath)) as any;
    expect(api.openapi).toMatch(/^3\.1\./);
  });

  // The service description's file is not part of a clone: then this comparison is reported skipped and the
  // next test, which reads only the repository, still holds the embedded copy to the description's table.
  it.skipIf(seed === undefined)('the embedded endpoint list is the seed endpoint table, row for row', () => {
    expect(parseSeedEndpointTable(seed!)).toEqual(seedEndpoints.map(({ method, path }) => ({ method, path })));
  });

  it("maps the service description's endpoint table, in its order, to the operations spec/README.md names", () => {
    // spec/README.md quotes every row of the description's Endpoints table (readme-traceability.test.ts checks the
    // words) and names the operation that implements it: the embedded table must reach the same operations.
    const idsOf = (item: object) => Object.values<any>(item).map((op) => op?.operationId);
    const operations = new Set(Object.values<any>(doc.paths).flatMap(idsOf));
    const readme = readFileSync(`${specDir}README.md`, 'utf8');
    const endpoints = readme.split('| | **Endpoints** | | |')[1]!.split('| | **')[0]!;
    const homes = [...endpoints.matchAll(/^\| S\d{3} \| “[^”]+” \| `(\w+)`/gm)].map((m) => m[1]!);
    const named = homes.filter((id) => operations.has(id));
    expect(named).toHaveLength(12);
    expect(seedEndpoints.map(({ method, path }) => doc.paths[path]?.[method]?.operationId)).toEqual(named);
  });

  it.each(seedEndpoints)('has $method $path on the right server', ({ method, path, server }) => {
    const item = doc.paths[path];
    expect(item, path).toBeDefined();
    const op = item[method];
    expect(op, `${method} ${path}`).toBeDefined();
    expect(op.operationId).toMatch(/^[a-z][A-Za-z0-9]+$/);
    const servers = op.servers ?? item.servers ?? doc.servers;
    expect(servers[0].url).toBe(server === 'auth' ? '{auth_url}' : '{base_url}');
  });

  it('has exactly the 12 seed endpoints and unique operationIds', () => {
    const ops = Object.entries<any>(doc.paths).flatMap(([path, item]) =>
      ['get', 'put', 'post', 'delete', 'patch']
        .filter((m) => item[m])
        .map((m) => ({ path, m, id: item[m].operationId })),
    );
    expect(ops).toHaveLength(12);
    expect(new Set(ops.map((o) => o.id)).size).toBe(12);
  });

  it('marks exactly the three legacy endpoints deprecated', () => {
    const deprecated = Object.entries<any>(doc.paths).flatMap(([path, item]) =>
      Object.entries<any>(item)
        .filter(([, op]) => op?.deprecated === true)
        .map(([m]) => `${m} ${path}`),
    );
    expect(deprecated.sort()).toEqual(
      [
        'post /v2/customers/{customer_id}/payments',
        'get /v1/customers/{customer_id}/payments',
        'get /v1/customers/{customer_id}/payments/{payment_id}',
      ].sort(),
    );
  });

  it('requires a Bearer token where the seed says so, and nothing for the token endpoint', () => {
    const bearerOnly = [
      'requestVirtualAccount',
      'getVirtualAccount',
      'createPayment',
      'createSession',
      'lookupSessions',
    ];
    const security = new Map<string, unknown>();
    for (const item of Object.values<any>(doc.paths)) {
      for (const op of Object.values<any>(item)) if (op?.operationId) security.set(op.operationId, op.security);
    }
    // Every named operation must exist: a renamed one fails here instead of being skipped.
    for (const id of bearerOnly) expect([id, security.get(id)]).toEqual([id, [{ oauth2: [] }]]);
    expect(security.get('requestAccessToken')).toEqual([]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'apikey' });
    expect(doc.components.securitySchemes.oauth2.flows.clientCredentials).toBeDefined();
  });

  it('documents success as a 2XX range with the seed descriptions (success codes are not shown)', () => {
    for (const item of Object.values<any>(doc.paths)) {
      for (const op of Object.values<any>(item)) {
        if (!op?.operationId) continue;
        const codes = Object.keys(op.responses);
        expect(
          codes.filter((c) => /^2/.test(c)),
          op.operationId,
        ).toEqual(['2XX']);
      }
    }
    expect(doc.paths['/v3/customers/{customer_id}/payments'].post.responses['2XX'].description).toBe(
      'Payment created successfully',
    );
  });

  it('lists the error statuses the seed gives per operation', () => {
    const codes = (path: string, m: string) => Object.keys(doc.paths[path][m].responses);
    expect(codes('/v1/customers/{customer_id}/virtual-accounts', 'post')).toEqual(
      expect.arrayContaining(['400', '401', '404', '500']),
    );
    expect(codes('/v3/customers/{customer_id}/payments', 'post')).toEqual(
      expect.arrayContaining(['400', '404', '500']),
    );
    expect(codes('/v1/customers/{customer_id}/sessions', 'post')).toContain('400');
  });

  it(
    'closes no status list: every operation also documents ' + 'the 4XX and 5XX ranges, tagged with their assumption',
    () => {
      for (const item of Object.values<any>(doc.paths)) {
        for (const op of Object.values<any>(item)) {
          if (!op?.operationId) continue;
          expect(Object.keys(op.responses), op.operationId).toEqual(expect.arrayContaining(['4XX', '5XX']));
        }
      }
      const va = doc.paths['/v1/customers/{customer_id}/virtual-accounts'].post.responses['4XX'];
      expect([va['x-assumption']].flat().map((a: any) => a.id)).toEqual(['A-ERROR-STATUS', 'A-RATE-LIMITS']);
    },
  );

  it('has the payment status webhook with every field that appears and all 9 statuses', () => {
    const ref = doc.webhooks.paymentStatus.post.requestBody.content['application/json'].schema.$ref as string;
    const event = doc.components.schemas[ref.split('/').pop()!];
    expect(Object.keys(event.properties).sort()).toEqual(
      [
        'client_customer_ref',
        'client_reference_id',
        'event_id',
        'event_timestamp',
        'payment_id',
        'recipient_id',
        'session_id',
        'status',
      ].sort(),
    );
    expect(doc.components.schemas.KnownPaymentStatus.enum).toEqual([
      'AWAITING_FUNDS',
      'PROCESSING',
      'RECEIVED_FUNDS',
      'FX_COMPLETED',
      'PAYOUT_INITIATED',
      'PAYOUT_CREDITED',
      'PAYMENT_COMPLETED',
      'CANCELLED',
      'BOUNCED_BACK',
    ]);
  });

  it('lists the operations whose paths are not shown, by name only', () => {
    const names = doc['x-cbp-unmapped-operations'].map((o: any) => o.name);
    expect(names).toHaveLength(29);
    expect(names).toContain('Create a quote');
    expect(names).toContain('Create a webhook');
  });
});

describe('schemas enforce the limits the seed gives', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: its default export arrives wrapped under ESM.
  const addFormats = ((formatsPlugin as unknown as { default?: typeof formatsPlugin }).default ??
    formatsPlugin) as unknown as (a: unknown) => void;
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components } as any);
  const valid = (name: string, data: unknown) => ajv.validate({ $ref: `doc#/components/schemas/${name}` }, data);

  it('purpose_of_transaction is case sensitive but open', () => {
    expect(valid('PurposeOfTransaction', 'PROPERTY_PURCHASE')).toBe(true);
    expect(valid('PurposeOfTransaction', 'SOME_FUTURE_PURPOSE')).toBe(true);
    expect(valid('PurposeOfTransaction', 'property_purchase')).toBe(false);
    expect(valid('PurposeOfTransaction', 'Property_Purchase')).toBe(false);
    expect(valid('PurposeOfTransaction', '')).toBe(false);
    expect(valid('PurposeOfTransaction', null)).toBe(false);
  });

  it('payment request: required fields, at least one recipient, client_reference_id ≤ 36', () => {
    const base = {
      purpose_of_transaction: 'BILL_PAYMENTS',
      amount: { currency: 'EUR', value: 10 },
      recipient_details: [{ recipient_id: 'r1', amount: { currency: 'EUR', value: 10 } }],
    };
    expect(valid('PaymentRequest', base)).toBe(true);
    expect(valid('PaymentRequest', { ...base, recipient_details: [] })).toBe(false);
    expect(valid('PaymentRequest', { ...base, client_reference_id: 'x'.repeat(36) })).toBe(true);
    expect(valid('PaymentRequest', { ...base, client_reference_id: 'x'.repeat(37) })).toBe(false);
    expect(valid('PaymentRequest', { ...base, unknown_field: 1 })).toBe(true); // open: not shown ≠ forbidden
    for (const field of ['purpose_of_transaction', 'amount', 'recipient_details']) {
      const { [field]: _omit, ...rest } = base as Record<string, unknown>;
      expect(valid('PaymentRequest', rest), field).toBe(false);
    }
  });

  it('currency and vban_country are exactly 3 characters; due_date is YYYY-MM-DD', () => {
    expect(valid('VirtualAccountRequest', { currency: 'EUR', vban_country: 'DEU' })).toBe(true);
    expect(valid('VirtualAccountRequest', { currency: 'EURO' })).toBe(false);
    expect(valid('VirtualAccountRequest', { currency: 'EUR', vban_country: 'DE' })).toBe(false);
    expect(valid('SessionRequest', { due_date: '2026-12-31' })).toBe(true);
    expect(valid('SessionRequest', { due_date: '31/12/2026' })).toBe(false);
  });

  it('session client_reference_id: max 36, alphanumeric with hyphens and underscores', () => {
    expect(valid('SessionRequest', { client_reference_id: 'INV-2026_001' })).toBe(true);
    expect(valid('SessionRequest', { client_reference_id: 'INV 2026' })).toBe(false);
    expect(valid('SessionRequest', { client_reference_id: 'a'.repeat(37) })).toBe(false);
  });

  it('a session lookup record with has_payment true carries payment_id', () => {
    const record = {
      session_id: 's',
      has_payment: true,
      latest_status: 'SESSION_CREATED',
      session_expires_at: '2026-11-21T10:00:00Z',
    };
    expect(valid('SessionLookupRecord', record)).toBe(false);
    expect(valid('SessionLookupRecord', { ...record, payment_id: 'p' })).toBe(true);
    expect(valid('SessionLookupRecord', { ...record, has_payment: false })).toBe(true);
  });

  it('unknown payment statuses are accepted by the schema (the list is open)', () => {
    expect(valid('PaymentStatus', 'PAYOUT_CREDITED')).toBe(true);
    expect(valid('PaymentStatus', 'ON_HOLD')).toBe(true);
    expect(valid('PaymentStatus', 3)).toBe(false);
  });
});

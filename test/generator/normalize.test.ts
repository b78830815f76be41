import { describe, expect, test } from 'vitest';
import { normalize } from '../../generator/ir/normalize.js';
import { identifierFromRoute, toIdentifier } from '../../generator/ir/names.js';
import { CbpError } from '../../lib/errors.js';

const ok = { '200': { description: 'ok' } };
const base = (version: string, paths: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  openapi: version,
  info: { title: 'T', version: '1' },
  paths,
  ...extra,
});
const ids = (doc: Record<string, unknown>) => normalize(doc).operations.map((o) => o.id);

describe('names', () => {
  test.each([
    ['create-payment', 'createPayment'],
    ['repos/get-content', 'reposGetContent'],
    ['GetUserByID', 'getUserById'],
    ['delete', 'delete_'],
    ['class', 'class_'],
    ['123', '_123'],
    ['***', '_'],
    ['__proto__', 'proto'],
  ])('toIdentifier(%j) = %j', (input, expected) => expect(toIdentifier(input)).toBe(expected));

  test('route-derived identifiers name path parameters with By', () => {
    expect(identifierFromRoute('get', '/v1/customers/{customer_id}/sessions')).toBe(
      'getV1CustomersByCustomerIdSessions',
    );
  });
});

describe('normalize: operation ids', () => {
  test('uses usable operationIds and derives the others from method + path', () => {
    const doc = base('3.1.0', {
      '/v1/payments': { post: { operationId: 'create-payment', responses: ok }, get: { responses: ok } },
      '/v1/x': { put: { operationId: '42', responses: ok } },
    });
    expect(ids(doc)).toEqual(['getV1Payments', 'createPayment', 'putV1X']);
  });

  test('collisions get numeric suffixes, explicit operationIds claim their name first', () => {
    const doc = base('3.1.0', {
      '/users': { get: { responses: ok } },
      '/a': { get: { operationId: 'getUsers', responses: ok }, post: { operationId: 'get_users', responses: ok } },
      '/b': { get: { operationId: 'dup', responses: ok }, post: { operationId: 'dup', responses: ok } },
    });
    // Derived getUsers (first in the document) yields to the explicit one and takes a suffix.
    expect(ids(doc)).toEqual(['getUsers3', 'getUsers', 'getUsers2', 'dup', 'dup2']);
  });

  test('reserved words become valid identifiers', () => {
    const doc = base('3.1.0', {
      '/x': { delete: { operationId: 'delete', responses: ok }, get: { operationId: 'new', responses: ok } },
    });
    expect(ids(doc).sort()).toEqual(['delete_', 'new_']);
  });

  test('ids are deterministic', () => {
    const doc = base('3.1.0', {
      '/b': { get: { responses: ok } },
      '/a': { get: { operationId: 'getB', responses: ok } },
    });
    expect(ids(doc)).toEqual(ids(structuredClone(doc)));
  });
});

describe('normalize: operation parts', () => {
  const doc = base(
    '3.0.3',
    {
      '/v1/customers/{customer_id}/payments': {
        parameters: [
          { name: 'customer_id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' }, description: 'path level' },
        ],
        get: {
          parameters: [
            { $ref: '#/components/parameters/PageSize' },
            {
              name: 'X-Trace',
              in: 'header',
              required: true,
              schema: { type: 'string' },
              description: 'operation level',
            },
          ],
          responses: {
            '2XX': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Page' } } },
            },
            default: { $ref: '#/components/responses/Error' },
          },
        },
        post: {
          security: [],
          requestBody: { $ref: '#/components/requestBodies/Pay' },
          responses: { '201': { description: 'created', headers: { Location: { schema: { type: 'string' } } } } },
        },
      },
    },
    {
      security: [{ oauth: [] }, { apiKey: [], mtls: [] }],
      components: {
        schemas: { Page: { type: 'object' }, Pay: { type: 'object', nullable: true } },
        parameters: { PageSize: { name: 'page-size', in: 'query', schema: { type: 'integer' } } },
        requestBodies: {
          Pay: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pay' } }, 'text/plain': {} },
          },
        },
        responses: {
          Error: { description: 'error', content: { 'application/problem+json': { schema: { type: 'object' } } } },
        },
        securitySchemes: {
          oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.test/token', scopes: {} } } },
          apiKey: { type: 'apiKey', name: 'X-Api-Key', in: 'header' },
          mtls: { type: 'http', scheme: 'Bearer' },
        },
      },
    },
  );
  const model = normalize(doc);
  const [get, post] = model.operations;

  test('parameters merge path level and operation level; the operation wins; $refs resolved', () => {
    expect(get.parameters.map((p) => [p.in, p.name, p.identifier, p.required])).toEqual([
      ['path', 'customer_id', 'customerId', true],
      ['header', 'X-Trace', 'xTrace', true],
      ['query', 'page-size', 'pageSize', false],
    ]);
    expect(get.parameters[1].description).toBe('operation level');
  });

  test('responses keep 2XX and default as written, bodies per media type, schema $refs kept', () => {
    expect(get.responses.map((r) => r.status)).toEqual(['2XX', 'default']);
    expect(get.responses[0].content['application/json']).toEqual({ $ref: '#/components/schemas/Page' });
    expect(Object.keys(get.responses[1].content)).toEqual(['application/problem+json']);
    expect(post.responses[0].headers).toEqual({ Location: { type: 'string' } });
    expect(post.requestBody).toEqual({
      required: true,
      contentTypes: ['application/json', 'text/plain'],
      schemas: { 'application/json': { $ref: '#/components/schemas/Pay' }, 'text/plain': {} },
    });
  });

  test('effective security: global unless the operation overrides it ([] = anonymous)', () => {
    expect(get.security).toEqual([['oauth'], ['apiKey', 'mtls']]);
    expect(post.security).toEqual([]);
    expect(model.securitySchemes.oauth).toEqual({
      kind: 'oauth2',
      tokenUrl: 'https://auth.test/token',
      flows: ['clientCredentials'],
    });
    expect(model.securitySchemes.mtls).toEqual({ kind: 'http', scheme: 'bearer' });
  });

  test('3.0 documents have no webhooks and keep their version', () => {
    expect(model.openapiVersion).toBe('3.0.3');
    expect(model.webhooks).toEqual([]);
    expect(model.schemas.Pay).toEqual({ type: 'object', nullable: true });
  });
});

describe('normalize: 3.1 webhooks, rules, unmapped operations, hash', () => {
  const rule = {
    id: 'payment.recipient-sum',
    title: 'Sum',
    source: 'Create payment (v3), rule 3',
    state: 'stateless',
    in: 'body',
    keyword: 'decimal-sum',
    params: { items: '/recipient_details' },
    status: 400,
  };
  const doc = base(
    '3.1.0',
    { '/v3/payments': { post: { operationId: 'createPayment', 'x-cbp-rules': [rule], responses: ok } } },
    {
      webhooks: {
        paymentStatus: {
          post: {
            'x-cbp-rules': [{ ...rule, id: 'webhook.first', in: 'webhook', keyword: 'first-status' }],
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } } },
            responses: ok,
          },
        },
      },
      'x-cbp-unmapped-operations': [{ name: 'Get virtual account', note: 'path not shown' }, { name: 'Other' }],
      components: { schemas: { Event: { type: 'object' } } },
    },
  );

  test('webhooks and rules are collected with their targets', () => {
    const model = normalize(doc);
    expect(model.webhooks).toEqual([
      expect.objectContaining({
        name: 'paymentStatus',
        id: 'paymentStatus',
        method: 'post',
        contentType: 'application/json',
        payloadSchema: { $ref: '#/components/schemas/Event' },
      }),
    ]);
    expect(model.rules.map((r) => [r.id, r.target, r.status])).toEqual([
      ['payment.recipient-sum', 'createPayment', '400'],
      ['webhook.first', 'webhook:paymentStatus', '400'],
    ]);
    expect(model.operations[0].rules[0].params).toEqual({ items: '/recipient_details' });
    expect(model.unmappedOperations).toEqual([
      { name: 'Get virtual account', note: 'path not shown' },
      { name: 'Other' },
    ]);
  });

  test('documentHash ignores key order and changes with content', () => {
    const shuffled = { ...Object.fromEntries(Object.entries(doc).reverse()) };
    expect(normalize(shuffled).documentHash).toBe(normalize(doc).documentHash);
    expect(normalize({ ...doc, info: { title: 'T', version: '2' } }).documentHash).not.toBe(
      normalize(doc).documentHash,
    );
  });

  test.each([
    [{ ...rule, state: 'maybe' }, '/paths/~1v3~1payments/post/x-cbp-rules/0/state'],
    [{ ...rule, id: '' }, '/paths/~1v3~1payments/post/x-cbp-rules/0/id'],
    [{ ...rule, keyword: 'Not Kebab' }, '/paths/~1v3~1payments/post/x-cbp-rules/0/keyword'],
    [{ ...rule, in: 'cookie' }, '/paths/~1v3~1payments/post/x-cbp-rules/0/in'],
    [{ ...rule, params: [1] }, '/paths/~1v3~1payments/post/x-cbp-rules/0/params'],
    ['not a rule', '/paths/~1v3~1payments/post/x-cbp-rules/0'],
  ])('a malformed rule is E_RULE_INVALID with its pointer (%#)', (bad, pointer) => {
    const broken = base('3.1.0', { '/v3/payments': { post: { 'x-cbp-rules': [bad], responses: ok } } });
    let error: unknown;
    try {
      normalize(broken, { file: 'openapi.yaml' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(CbpError);
    expect((error as CbpError).code).toBe('E_RULE_INVALID');
    expect((error as CbpError).details.pointer).toBe(pointer);
  });
});

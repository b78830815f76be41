import { describe, expect, it } from 'vitest';
import { validateRequest, validateResponse, validateWebhook } from '../../generated/validators.js';
import { normalize } from '../../generator/ir/normalize.js';
import { openapiPath, readYaml } from './spec-files.js';

/**
 * Every named example of spec/openapi.yaml goes through the generated validators (schemas and
 * stateless rules), so an example cannot drift from its schema.
 */
const doc = readYaml(openapiPath);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Obj = Record<string, any>;

const deref = (node: Obj): Obj =>
  typeof node.$ref === 'string'
    ? node.$ref
        .split('/')
        .slice(1)
        .reduce((o: Obj, k: string) => o[k], doc)
    : node;
const named = (holder: Obj | undefined): Array<[string, unknown]> =>
  Object.entries(holder?.examples ?? {}).map(([n, e]) => [n, (e as Obj).value]);

interface Operation {
  id: string;
  path: string;
  parameters: Obj[];
  op: Obj;
}
const operations: Operation[] = Object.entries(doc.paths as Obj).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((m) => ({
    id: item[m].operationId,
    path,
    parameters: [...(item.parameters ?? []), ...(item[m].parameters ?? [])].map(deref),
    op: item[m],
  })),
);

/** The request built from each parameter's first example. */
function exampleParts(o: Operation): { params: Record<string, unknown>; query: Record<string, unknown> } {
  const parts = { params: {} as Record<string, unknown>, query: {} as Record<string, unknown> };
  for (const p of o.parameters) {
    const value = named(p)[0]?.[1];
    if (value !== undefined) (p.in === 'path' ? parts.params : parts.query)[p.name] = value;
  }
  return parts;
}

const requestCases = operations.flatMap((o) =>
  Object.values(o.op.requestBody?.content ?? {}).flatMap((media) =>
    named(media as Obj).map(([name, body]) => ({ op: o, name, body })),
  ),
);
const responseCases = operations.flatMap((o) =>
  Object.entries(o.op.responses as Obj).flatMap(([status, response]) =>
    Object.entries(deref(response).content ?? {}).flatMap(([type, media]) =>
      named(media as Obj).map(([name, body]) => ({ op: o, status, type, name, body })),
    ),
  ),
);
const webhookCases = named(doc.webhooks.paymentStatus.post.requestBody.content['application/json']);

describe('examples of spec/openapi.yaml', () => {
  it('are everywhere the seed gives a shape: every parameter, request body, success response and the webhook', () => {
    for (const o of operations) {
      for (const p of o.parameters) expect(named(p).length, `${o.id} ${p.name}`).toBeGreaterThan(0);
      if (o.op.requestBody)
        expect(
          requestCases.some((c) => c.op === o),
          `${o.id} request`,
        ).toBe(true);
      expect(
        responseCases.some((c) => c.op === o && c.status === '2XX'),
        `${o.id} success response`,
      ).toBe(true);
    }
    expect(requestCases.filter((c) => c.op.id === 'createPayment').map((c) => c.name)).toEqual([
      'same-currency',
      'conversion',
      'third-party',
    ]);
    expect(responseCases.filter((c) => c.op.id === 'lookupSessions').map((c) => c.name)).toEqual([
      'rule-1-create',
      'rule-2-track-payment',
      'rule-3-reuse',
      'rule-4-replace',
    ]);
    const statuses = new Set(webhookCases.map(([, v]) => (v as Obj).status));
    expect([...statuses].sort()).toEqual(doc.components.schemas.KnownPaymentStatus.enum.slice().sort());
  });

  it.each(requestCases.map((c) => ({ ...c, label: `${c.op.id} ${c.name}` })))(
    'request $label is valid',
    ({ op, body }) => {
      const outcome = validateRequest(op.id, { ...exampleParts(op), body });
      expect(outcome.violations).toEqual([]);
    },
  );

  it.each(operations.map((o) => ({ o, label: o.id })))('parameters of $label are valid', ({ o }) => {
    const body = requestCases.find((c) => c.op === o)?.body;
    expect(validateRequest(o.id, { ...exampleParts(o), body }).violations).toEqual([]);
  });

  it.each(responseCases.map((c) => ({ ...c, label: `${c.op.id} ${c.status} ${c.name}` })))(
    'response $label is valid',
    ({ op, status, type, body }) => {
      const code = /^\d{3}$/.test(status) ? Number(status) : Number(`${status[0]}00`);
      expect(validateResponse(op.id, code, type, body).violations).toEqual([]);
    },
  );

  it.each(webhookCases.map(([name, body]) => ({ name, body })))('webhook $name is valid', ({ body }) => {
    expect(validateWebhook('paymentStatus', body).violations).toEqual([]);
  });

  it(
    'hold no null: the seed shows none, and a comma inside ' + 'an unquoted YAML flow value makes one (a stray key)',
    () => {
      const nulls: string[] = [];
      const walk = (v: unknown, at: string): void => {
        if (v === null) nulls.push(at);
        else if (Array.isArray(v)) {
          for (const [i, x] of v.entries()) walk(x, `${at}/${i}`);
        } else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${at}/${k}`);
      };
      for (const c of [...requestCases, ...responseCases]) walk(c.body, `${c.op.id} ${c.name}`);
      for (const [name, body] of webhookCases) walk(body, `paymentStatus ${name}`);
      expect(nulls).toEqual([]);
    },
  );

  it('would catch an example that drifts from its schema or rules', () => {
    const thirdParty = requestCases.find((c) => c.name === 'third-party')!;
    const { client_customer_ref: _dropped, ...drifted } = thirdParty.body as Obj;
    const outcome = validateRequest('createPayment', { ...exampleParts(thirdParty.op), body: drifted });
    expect(outcome.violations.map((v) => `${v.rule} ${v.pointer}`)).toEqual([
      'payment.third-party-fields /client_customer_ref',
    ]);
    const payout = webhookCases.find(([name]) => name === 'payout-credited')![1] as Obj;
    const { recipient_id: _r, ...noRecipient } = payout;
    expect(validateWebhook('paymentStatus', noRecipient).violations.map((v) => v.rule)).toEqual([
      'webhook.payout-recipient-id',
    ]);
  });
});

describe('rules written as if/then in openapi.yaml (x-cbp-rule)', () => {
  const model = normalize(doc);
  it('become rules of the operations and webhook whose body is that schema, and leave the compiled schema', () => {
    const rule = (target: string, id: string) => model.rules.find((r) => r.target === target && r.id === id);
    expect(rule('createPayment', 'payment.third-party-fields')?.params).toEqual({
      when: { pointer: '/is_third_party_payment', equals: true },
      require: ['/client_reference_id', '/client_customer_ref'],
    });
    expect(rule('requestVirtualAccount', 'virtual-account.vban-country')?.params).toEqual({
      when: { pointer: '/currency', in: ['EUR', 'GBP'] },
      require: ['/vban_country'],
    });
    expect(rule('webhook:paymentStatus', 'webhook.payout-recipient-id')?.in).toBe('webhook');
    expect((model.schemas.PaymentRequest as Record<string, unknown>).if).toBeUndefined();
    expect(doc.components.schemas.PaymentRequest.if).toBeDefined(); // the input document is untouched
    // An if/then of another shape stays in the schema for ajv (the lookup record's payment_id).
    expect((model.schemas.SessionLookupRecord as Record<string, unknown>).if).toBeDefined();
  });
});

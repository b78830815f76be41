import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { sandboxOn0, paymentBody, request, token } from './helpers.js';

let mock: RunningSandbox;
let auth: Record<string, string>;
beforeAll(async () => {
  mock = await sandboxOn0({ bodyLimitBytes: 64 * 1024 });
  auth = { authorization: `Bearer ${await token(mock)}` };
});
afterAll(() => mock.close());

const post = (path: string, body: string | Uint8Array, contentType = 'application/json') =>
  request(`${mock.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': contentType },
    body: body as BodyInit,
  });
const PAY = '/v3/customers/cust-a-1/payments';

function expectClear4xx(r: { status: number; body: any }, status: number): void {
  expect(r.status).toBe(status);
  expect(r.body.errors[0]).toMatchObject({
    rule: expect.any(String),
    pointer: expect.any(String),
    message: expect.any(String),
    source: expect.any(String),
  });
}

describe('hostile input: clear 4xx, never 5xx, never a crash', () => {
  it('malformed JSON → 400', async () => {
    expectClear4xx(await post(PAY, '{"amount": '), 400);
    expectClear4xx(await post('/_sandbox/clock/advance', '{seconds'), 400);
  });

  it('wrong content types → 415', async () => {
    expectClear4xx(await post(PAY, JSON.stringify(paymentBody('GBP', [['rcp-a-1-gbp', 1]])), 'text/plain'), 415);
    expectClear4xx(await post(PAY, 'a=b', 'application/x-www-form-urlencoded'), 415);
  });

  it('invalid UTF-8 → 400', async () => {
    expectClear4xx(await post(PAY, new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), 400);
  });

  it('a huge body → 413', async () => {
    const huge = JSON.stringify({ ...paymentBody('GBP', [['rcp-a-1-gbp', 1]]), pad: 'x'.repeat(200 * 1024) });
    expectClear4xx(await post(PAY, huge), 413);
  });

  it('deep nesting → 400', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    expectClear4xx(await post(PAY, deep), 400);
    const deepObj = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    expectClear4xx(
      await post(
        PAY,
        `${JSON.stringify({ ...paymentBody('GBP', [['rcp-a-1-gbp', 1]]) }).slice(0, -1)},"x":${deepObj}}`,
      ),
      400,
    );
  });

  it('__proto__ keys are refused and reach no prototype', async () => {
    const body =
      '{"__proto__":{"polluted":true},"purpose_of_transaction":"BILL_PAYMENTS","amount":{"currency":"GBP","value":1},' +
      '"recipient_details":[{"recipient_id":"rcp-a-1-gbp","amount":{"currency":"GBP","value":1}}]}';
    const r = await post(PAY, body);
    expectClear4xx(r, 400);
    expect(r.body.errors[0]).toMatchObject({ rule: 'request.forbidden-key', pointer: '/__proto__' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const nested = await post(
      '/api/v1/customers/cust-a-1/third-parties',
      '{"client_customer_ref":"proto-1","x":{"\\u005f_proto__":{"compliance_status":"VERIFIED"}}}',
    );
    expect(nested.status).toBe(400);
    const sandbox = await post(
      '/_sandbox/customers/cust-a-1/recipients',
      '{"currency":"GBP","name":"P","__proto__":{"status":"inactive"}}',
    );
    expect(sandbox.status).toBe(201);
    expect(sandbox.body.status).toBe('active');
    expect(
      (await request(`${mock.baseUrl}/v1/customers/cust-a-1/payments?__proto__=1`, { headers: auth })).status,
    ).toBe(400);
  });

  it('wrong JSON types → 400 with a pointer', async () => {
    for (const body of ['null', '[]', '"text"', '42', '{"amount":"ten"}']) {
      const r = await post(PAY, body);
      expect(r.status).toBe(400);
    }
    const r = await post(
      PAY,
      JSON.stringify({ ...paymentBody('GBP', [['rcp-a-1-gbp', 1]]), amount: { currency: 'GBP', value: 'x' } }),
    );
    expect(r.body.errors.map((e: { pointer: string }) => e.pointer)).toContain('/amount/value');
  });

  it('unknown paths → 404, wrong methods → 405 with Allow', async () => {
    expectClear4xx(await request(`${mock.baseUrl}/v9/nothing`, { headers: auth }), 404);
    expectClear4xx(await request(`${mock.baseUrl}/_sandbox/nothing`, { headers: auth }), 404);
    const m = await request(`${mock.baseUrl}${PAY}`, { method: 'DELETE', headers: auth });
    expectClear4xx(m, 405);
    expect(m.headers.get('allow')).toBe('POST');
    expect((await request(`${mock.baseUrl}/v1/customers/%E0%A4%A/payments`, { headers: auth })).status).toBeLessThan(
      500,
    );
  });

  it('keeps serving after all of the above', async () => {
    const r = await post(PAY, JSON.stringify(paymentBody('GBP', [['rcp-a-1-gbp', 1]])));
    expect(r.status).toBe(201);
  });
});

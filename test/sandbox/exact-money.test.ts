/**
 * Money is judged as sent: a number literal that a binary64 double would change (more digits than
 * it keeps, or out of its range) is refused with its pointer, never rounded into a value the rules
 * accept and the mock stores. Literals a double holds exactly are judged as before, and decimal
 * sums stay exact (0.1 + 0.2 = 0.3).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { request, sandboxOn0, token } from './helpers.js';

let mock: RunningSandbox | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

/** A GBP payment body written as text, so that every literal reaches the mock as written. */
function body(total: string, values: string[]): string {
  const recipients = values.map((v) => `{"recipient_id":"rcp-a-1-gbp","amount":{"currency":"GBP","value":${v}}}`);
  return (
    `{"purpose_of_transaction":"PROPERTY_PURCHASE","amount":{"currency":"GBP","value":${total}},` +
    `"recipient_details":[${recipients.join(',')}]}`
  );
}

async function pay(text: string) {
  mock ??= await sandboxOn0();
  const tok = await token(mock);
  return request(`${mock.baseUrl}/v3/customers/cust-a-1/payments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' },
    body: text,
  });
}

describe('money literals are judged as sent', () => {
  it.each([
    ['120.4999999999999999999', '/amount/value', '120.5'],
    ['1e-400', '/amount/value', '0'],
    ['9007199254740993.01', '/amount/value', '9007199254740994'],
  ])('%s is refused (400 request.inexact-number at %s), never stored as %s', async (literal, pointer, rounded) => {
    const r = await pay(body(literal, [literal]));
    expect(r.status).toBe(400);
    expect(r.text).toContain('request.inexact-number');
    expect(r.text).toContain(pointer);
    expect(r.text).toContain(`it would be ${rounded}`);
    expect(r.text).toContain(literal.slice(0, 20));
  });

  it('an inexact recipient amount is named at its own pointer', async () => {
    const r = await pay(body('10', ['9.9999999999999999999', '0.0000000000000000001']));
    expect(r.status).toBe(400);
    expect(r.text).toContain('/recipient_details/0/amount/value');
  });

  it('literals a double holds exactly are judged as before: 0.1 + 0.2 = 0.3 passes, 120.505 is refused', async () => {
    expect((await pay(body('0.3', ['0.1', '0.2']))).status).toBe(201);
    expect((await pay(body('1.2e2', ['120.00000000000000000']))).status).toBe(201);
    const finer = await pay(body('120.505', ['120.505']));
    expect(finer.status).toBe(400);
    expect(finer.text).toContain('more decimals than GBP allows');
  });
});

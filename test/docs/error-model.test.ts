// The error example of docs/explanations/business-rules.md is what the mock really answers, and the generated client hands the
// entries over typed (apiError.errors) as the documented RuleErrorBody.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, expectTypeOf, test } from 'vitest';
import { createPaymentsClient, type RuleErrorBody, type RuleViolation } from '../../generated/client.js';
import { startSandbox } from '../../sandbox/index.js';

let mock: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  mock = await startSandbox({ port: 0, host: '127.0.0.1', mode: 'instant' });
});
afterAll(() => mock?.close());

/** The JSON block of the page "one error model everywhere". */
function readmeExample(): unknown {
  const page = readFileSync('docs/explanations/business-rules.md', 'utf8');
  const section = page.slice(page.indexOf('# Business rules: one error model everywhere'));
  return JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!);
}

test('a broken recipient sum: the mock answers exactly the documented example, and the client types it', async () => {
  const client = createPaymentsClient({
    baseUrl: mock.baseUrl,
    authUrl: mock.authUrl,
    clientId: 'sandbox-client-a',
    clientSecret: 'sandbox-secret-a',
  });
  const result = await client.createPayment({
    params: { path: { customer_id: 'cust-a-1' } },
    body: {
      purpose_of_transaction: 'PROPERTY_PURCHASE',
      amount: { currency: 'EUR', value: 100.0 },
      recipient_details: [{ recipient_id: 'rcp-a-1-eur', amount: { currency: 'EUR', value: 99.99 } }],
    },
  });
  expect(result.apiError?.kind).toBe('http');
  if (result.apiError?.kind !== 'http') return;
  expect(result.apiError.body).toEqual(readmeExample());
  const errors = result.apiError.errors;
  expectTypeOf(errors).toEqualTypeOf<RuleViolation[] | undefined>();
  expectTypeOf<RuleErrorBody['errors']>().toEqualTypeOf<RuleViolation[]>();
  expect(errors?.[0]).toMatchObject({ rule: 'payment.recipient-sum', pointer: '/amount/value', in: 'body' });
  expect(result.apiError.message).toContain('payment.recipient-sum');
});

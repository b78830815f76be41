/**
 * Usage narrowing: the quickstart's code (read with the TypeScript compiler API) calls two
 * operations and consumes the payment webhook, so a change to an operation it does not call is
 * "not used" and does not fail the run, while a new payment status does; a HAR of traffic
 * narrows the same way.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSides, failingChanges, findUsage, renderDiff } from '../../diff/index.js';
import { loadContractSide } from '../../diff/load.js';
import type { ContractSide } from '../../diff/types.js';

type Doc = Record<string, any>;
let base: ContractSide;
const dir = mkdtempSync(path.join(tmpdir(), 'cbp-diff-usage-'));
beforeAll(async () => {
  base = await loadContractSide('spec/openapi.yaml');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const edited = (edit: (d: Doc) => void): ContractSide => {
  const document = structuredClone(base.document) as Doc;
  edit(document);
  return { ...base, document };
};

/** Two changes: one to an operation the quickstart never calls, one to a status its consumer receives. */
const next = () =>
  edited((d) => {
    delete d.paths['/v1/customers/{customer_id}/payments'];
    d.components.schemas.KnownPaymentStatus.enum.push('ON_HOLD');
  });

describe('from the quickstart code (TypeScript program)', () => {
  let usage: Awaited<ReturnType<typeof findUsage>>;
  beforeAll(async () => {
    usage = await findUsage({ projects: ['examples/quickstart'] }, base, base, process.cwd());
  }, 120_000);
  it('finds the operations it calls through the generated client and the webhook it consumes', () => {
    expect([...usage.operationIds].sort()).toEqual(['createPayment', 'requestAccessToken']);
    expect([...usage.webhooks]).toEqual(['paymentStatus']);
  });

  it('lists a change to an operation it does not call as not used, and fails only on what it uses', () => {
    const result = diffSides(base, next(), { usage });
    const removed = result.changes.find((c) => c.rule === 'operation.removed');
    const status = result.changes.find((c) => c.rule === 'schema.enum-value-added');
    expect(removed).toMatchObject({ severity: 'breaking', used: false });
    expect(status).toMatchObject({ severity: 'breaking', used: true });
    expect(failingChanges(result, 'breaking')).toEqual([status]);
    const text = renderDiff(result, 'console');
    expect(text.indexOf('Breaks or changes what you use:')).toBeLessThan(text.indexOf('Not used by your code:'));
    expect(text.slice(text.indexOf('Not used by your code:'))).toContain('operation.removed');
  });
});

describe('from a HAR of traffic', () => {
  it('matches requests to operations by method and path template, and webhook deliveries to the webhook', async () => {
    const har = path.join(dir, 'run.har');
    const entry = (method: string, url: string, comment?: string) => ({
      request: { method, url },
      ...(comment ? { comment } : {}),
    });
    writeFileSync(
      har,
      JSON.stringify({
        log: {
          entries: [
            entry('POST', 'https://api.example.invalid/v3/customers/cust-1/payments'),
            entry('GET', 'https://api.example.invalid/v1/customers/cust-1/payments/pay-1'),
            entry('POST', 'http://127.0.0.1:4000/webhooks', 'webhook delivery'),
          ],
        },
      }),
    );
    const usage = await findUsage({ har: [har] }, base, base, process.cwd());
    expect([...usage.operationKeys].sort()).toEqual([
      'GET /v1/customers/{}/payments/{}',
      'POST /v3/customers/{}/payments',
    ]);
    expect([...usage.webhooks]).toEqual(['paymentStatus']);
    const result = diffSides(base, next(), { usage });
    expect(result.changes.find((c) => c.rule === 'operation.removed')?.used).toBe(false);
  });

  it('refuses a file that is not a HAR with a one-line usage error', async () => {
    const bad = path.join(dir, 'bad.har');
    writeFileSync(bad, '{"entries": []}');
    await expect(findUsage({ har: [bad] }, base, base, process.cwd())).rejects.toThrow(/is not a HAR file/);
  });
});

/**
 * A live target without the sandbox control API: fixtures come from the config file, the checks
 * that need the sandbox are skipped (not passed), the rest run and pass.
 */
import { expect, test } from 'vitest';
import { startMock } from '../../sandbox/index.js';
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';
import { startProxy } from '../variants/proxy.js';

test('without /_sandbox/, sandbox-only checks are skipped and the config file supplies the fixtures', async () => {
  const mock = await startMock({ port: 0 });
  const proxy = await startProxy(mock.baseUrl, {
    request: (r) => (r.path.startsWith('/_sandbox/') ? { status: 404, headers: {}, body: { errors: [] } } : r),
  });
  try {
    const f = mock.fixtures;
    const a = f.clients[0];
    const file = {
      customers: a.customers,
      recipients: f.recipients.filter((r) => a.customers.some((c) => c.customer_id === r.customer_id)),
      quotes: f.quotes,
      third_parties: f.third_parties,
    };
    const env = { CBP_CLIENT_ID: a.client_id, CBP_CLIENT_SECRET: a.client_secret };
    const summary = await runConformance(conformanceConfigFromArgv({ baseUrl: proxy.url }, env, { name: 'conformance.yaml', value: file }));
    const status = Object.fromEntries(summary.outcomes.map((o) => [o.checkId, o.status]));
    expect(status).toEqual({
      positive: 'passed',
      negative: 'passed',
      uniqueness: 'passed',
      'recipient-check': 'skipped',
      lifecycle: 'skipped',
      sessions: 'skipped',
      auth: 'passed',
      'spec-status': 'passed',
      'spec-schema': 'passed',
      'spec-content-type': 'passed',
    });
    expect(summary.outcomes.find((o) => o.checkId === 'lifecycle')?.skippedReason).toContain('sandbox control API');
    expect(summary.outcomes.find((o) => o.checkId === 'negative')!.cases).toBeGreaterThan(100);
  } finally {
    await proxy.close();
    await mock.close();
  }
});

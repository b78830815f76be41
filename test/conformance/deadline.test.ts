/**
 * The run's deadline (engine/deadline.ts): a target that answers 429 to everything, each answer
 * asking to retry later, would stretch a run without limit. The run stops at its deadline, says
 * what it did not judge and why, and the CLI's exit code says the deadline passed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';
import { Deadline } from '../../conformance/engine/deadline.js';
import { runSuite } from '../../conformance/engine/run-suite.js';
import { TOKEN_PATH } from '../../conformance/suites/api/tokens.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** Tokens are issued; every other request answers 429 with Retry-After: 30. */
async function alwaysThrottled(): Promise<string> {
  server = createServer((req, res) => {
    req.resume();
    if (req.url?.startsWith(TOKEN_PATH)) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: 'tok-abc', token_type: 'bearer', expires_in: 3600 }));
      return;
    }
    res.writeHead(429, { 'retry-after': '30', 'content-type': 'application/json' });
    res.end('{"errors":[{"code":"RATE_LIMITED"}]}');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe('the run deadline', () => {
  test('--deadline and run.deadline_seconds: default 1800 s, the flag wins, a non-positive value is a usage error', () => {
    expect(conformanceConfigFromArgv({}, {}).deadlineSeconds).toBe(1800);
    const file = { name: 'c.yaml', value: { run: { deadline_seconds: 600 } } };
    expect(conformanceConfigFromArgv({}, {}, file).deadlineSeconds).toBe(600);
    expect(conformanceConfigFromArgv({ deadline: 90 }, {}, file).deadlineSeconds).toBe(90);
    expect(() => conformanceConfigFromArgv({ deadline: 0 }, {})).toThrow(/--deadline must be a positive number/);
  });

  test('a target answering 429 forever: the run ends by its deadline, says what it did not judge', async () => {
    const url = await alwaysThrottled();
    const file = {
      customers: [{ customer_id: 'cust-1', wallet_currency: 'GBP' }],
      recipients: [{ recipient_id: 'rcp-1', customer_id: 'cust-1', currency: 'GBP', status: 'active' }],
      quotes: [],
      third_parties: [],
    };
    const config = conformanceConfigFromArgv(
      { baseUrl: url, deadline: 3 },
      { CBP_CLIENT_ID: 'id', CBP_CLIENT_SECRET: 'secret' },
      { name: 'conformance.yaml', value: file },
    );
    const t0 = Date.now();
    const summary = await runConformance(config);
    const ms = Date.now() - t0;
    expect(ms).toBeLessThan(3000 + 2000 + 1500);
    expect(summary.failed).toBe(0);
    expect(summary.deadline?.seconds).toBe(3);
    expect([...summary.deadline!.notRun, ...summary.deadline!.cutShort].length).toBeGreaterThan(0);
    expect(summary.notes?.[0]).toMatch(/^the run's deadline \(3 s\) passed: the run stopped there; .*not judged/);
    for (const id of summary.deadline!.notRun) {
      const o = summary.outcomes.find((x) => x.checkId === id)!;
      expect(o.records).toEqual([
        expect.objectContaining({
          verdict: 'not-judged',
          reason: "not judged: the run's deadline (3 s) passed before it started",
        }),
      ]);
    }
  }, 20_000);

  test('a check still running a grace after the deadline is cut short; one within it keeps its verdicts', async () => {
    const deadline = new Deadline(0.2);
    const summary = await runSuite(
      [
        { id: 'quick', title: 'q', source: 's', tags: [], run: async () => ({ cases: 1, failures: [] }) },
        {
          id: 'endless',
          title: 'e',
          source: 's',
          tags: [],
          run: () => new Promise((resolve) => setTimeout(() => resolve({ cases: 1, failures: [] }), 60_000).unref()),
        },
        { id: 'later', title: 'l', source: 's', tags: [], run: async () => ({ cases: 1, failures: [] }) },
      ],
      undefined,
      { target: 't', deadline, require: ['all'] },
    );
    deadline.dispose();
    expect(summary.deadline).toEqual({ seconds: 0.2, notRun: ['later'], cutShort: ['endless'] });
    expect(summary.outcomes.map((o) => [o.checkId, o.status])).toEqual([
      ['quick', 'passed'],
      ['endless', 'skipped'],
      ['later', 'skipped'],
    ]);
    expect(summary.failed).toBe(0);
  }, 10_000);
});

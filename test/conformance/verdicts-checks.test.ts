/**
 * Verdicts a provider can trust: what a correct provider may do differently (beyond the catalogue
 * of legitimate variants, which must each end with 0 failures) is never a seed failure, and a
 * driver's own problems are never a verdict on the target.
 */
import { describe, expect, test } from 'vitest';
import { startSandboxTarget } from '../../cli/sandbox-target.js';
import { Http } from '../../conformance/engine/http.js';
import { Recorder } from '../../conformance/engine/recorder.js';
import type { SuiteSummary } from '../../conformance/engine/types.js';
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import type { Driver } from '../../conformance/suites/api/driver.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';
import { Sandbox, sandboxDriver } from '../../conformance/suites/api/drivers/sandbox.js';
import { Tokens } from '../../conformance/suites/api/tokens.js';
import { fundedWallet } from '../variants/legitimate.js';
import { runAgainst } from './variant-helpers.js';

const failuresOf = (s: SuiteSummary) =>
  s.outcomes.flatMap((o) => o.failures.filter((f) => f.severity === 'error').map((f) => `${o.checkId}: ${f.message}`));
const skipsOf = (s: SuiteSummary) =>
  s.outcomes.flatMap((o) => (o.records ?? []).filter((r) => r.verdict === 'skipped'));

describe('properties the published contract does not declare', () => {
  test(
    'a Create payment answer whose quote_id (typed only by the sandbox overlay) ' +
      'is a number: a warning naming the assumption, never a seed failure',
    async () => {
      const summary = await runAgainst(
        {
          hooks: () => ({
            response: (r, res) =>
              r.method === 'POST' && /^\/v3\/customers\/[^/]+\/payments$/.test(r.path) && res.status < 300
                ? { ...res, body: { ...(res.body as object), quote_id: 42 } }
                : res,
          }),
        },
        ['positive', 'spec-schema'],
      );
      expect(failuresOf(summary)).toEqual([]);
      const warning = summary.outcomes.find((o) => o.checkId === 'spec-schema')!.failures[0];
      expect(warning).toMatchObject({
        severity: 'warning',
        provenance: { kind: 'assumption', ids: ['A-PAYMENT-FIELDS'] },
      });
      expect(warning.message).toMatch(/\/quote_id is not in the published contract/);
    },
  );
});

describe('an explicit null is an absent optional property, never a missing required one', () => {
  test(
    'payment_id: null on a lookup record whose has_payment is ' +
      'true still fails (seed: "present when has_payment is true")',
    async () => {
      const summary = await runAgainst(
        {
          hooks: () => ({
            response(r, res) {
              const body = res.body as { sessions?: Array<Record<string, unknown>> } | undefined;
              if (r.method !== 'GET' || !/\/sessions$/.test(r.path) || !Array.isArray(body?.sessions)) return res;
              return {
                ...res,
                body: { sessions: body.sessions.map((x) => (x.has_payment === true ? { ...x, payment_id: null } : x)) },
              };
            },
          }),
        },
        ['sessions', 'spec-schema'],
      );
      const schema = summary.outcomes.find((o) => o.checkId === 'spec-schema')!.failures;
      expect(schema.filter((f) => f.severity === 'error').map((f) => f.message)).toEqual([
        expect.stringMatching(/\/sessions\/0\/payment_id/),
      ]);
    },
  );
});

describe("which customer awaits funds is the config's to say", () => {
  test(
    'customers[].awaits_funds: false: its payments are not driven and complete ' +
      'by themselves; the cancelled flow takes a customer that awaits funds',
    async () => {
      const file = {
        customers: [
          { customer_id: 'cust-a-1', wallet_currency: 'GBP', awaits_funds: false },
          { customer_id: 'cust-a-2', wallet_currency: 'EUR' },
        ],
        recipients: [
          { recipient_id: 'rcp-a-1-gbp', customer_id: 'cust-a-1', currency: 'GBP' },
          { recipient_id: 'rcp-a-2-eur', customer_id: 'cust-a-2', currency: 'EUR' },
        ],
        third_parties: [{ customer_id: 'cust-a-1', client_customer_ref: 'tp-a-1' }],
      };
      const summary = await runAgainst({ hooks: (ctx) => fundedWallet(ctx, ['cust-a-1']) }, ['lifecycle'], { file });
      expect(failuresOf(summary)).toEqual([]);
      // This config lists no recipient in another currency than its customer's wallet: the conversion flow has
      // nothing to pay.
      expect(skipsOf(summary).filter((s) => s.subject !== 'api payment with a conversion, 1 recipient')).toEqual([]);
      const cancelled = summary.outcomes[0].records?.find((r) => r.subject === 'api payment, 1 recipient, cancelled');
      expect(cancelled?.verdict).toBe('passed');
    },
  );
});

describe("a driver's own problems are never a verdict on the target", () => {
  test('the sandbox driver renews its token once after moving the clock past it', async () => {
    const target = await startSandboxTarget();
    try {
      const recorder = new Recorder();
      const tokens = (client: Http) => new Tokens(client, target.credentials);
      const http = new Http({ baseUrl: target.baseUrl, authUrl: target.authUrl, recorder, timeoutMs: 5000, tokens });
      const sandbox = new Sandbox(http);
      const before = Date.parse(await sandbox.now());
      await sandbox.advanceClock(86_400);
      expect(Date.parse(await sandbox.now()) - before).toBeGreaterThanOrEqual(86_400_000);
    } finally {
      await target.close();
    }
  });

  test(
    'a partner driver whose expireSession() answers no `now` before the session ' +
      'expired: a message about the driver contract, not a failure of decision rule 4',
    async () => {
      const config = conformanceConfigFromArgv({ only: ['sessions'] }, {});
      const target = await startSandboxTarget(config);
      try {
        const driver = async (session: Parameters<typeof sandboxDriver>[0]): Promise<Driver> => {
          const own = await sandboxDriver(session);
          return { name: 'partner-test', kind: 'module', fixtures: own.fixtures, expireSession: async () => undefined };
        };
        const summary = await runConformance(config, { target: { ...target, driver } });
        expect(failuresOf(summary)).toEqual([]);
        const skipped = skipsOf(summary).find((r) => r.subject === 'decision rule 4 (an expired, unpaid session)');
        expect(skipped?.reason).toMatch(
          /partner-test driver's expireSession\(\) returned while the session is unexpired by the runner's clock .* answered no `now`/,
        );
        expect(skipped?.enable).toMatch(/answers \{ now \}/);
      } finally {
        await target.close();
      }
    },
  );
});

describe('a case the target throttled while it was being built is not judged, never required-but-not-run', () => {
  test(
    "uniqueness: onboarding the other customer's third party answered 429 (a POST is not resent): " +
      'not judged under --require all, no failure',
    async () => {
      let throttled = 0;
      const summary = await runAgainst(
        {
          hooks: () => ({
            response: (r, res) => {
              if (r.method !== 'POST' || !/^\/api\/v1\/customers\/[^/]+\/third-parties$/.test(r.path)) return res;
              throttled++;
              return { ...res, status: 429, headers: { ...res.headers, 'retry-after': '0' }, body: {} };
            },
          }),
        },
        ['uniqueness'],
        { require: ['all'] },
      );
      expect(failuresOf(summary)).toEqual([]);
      const records = summary.outcomes.find((o) => o.checkId === 'uniqueness')!.records ?? [];
      if (throttled > 0) {
        expect(records).toContainEqual(
          expect.objectContaining({
            verdict: 'not-judged',
            reason: expect.stringMatching(/onboarding a third party .*throttled/),
          }),
        );
      }
    },
  );
});

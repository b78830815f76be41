/**
 * What every report says about a run is the same as what the run returns, warnings of one cause
 * read as one finding with a count, and a case the target's throttling left unjudged never turns
 * into a failure, even required.
 */
import { describe, expect, test } from 'vitest';
import { startSandboxTarget } from '../../cli/sandbox-target.js';
import type { Check } from '../../conformance/engine/check.js';
import { runSuite } from '../../conformance/engine/run-suite.js';
import type { CaseRecord, Failure, RunnerEvent } from '../../conformance/engine/types.js';
import { consoleReporter } from '../../conformance/reporters/console.js';
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import { exchangeFailure, type ConformanceCheck } from '../../conformance/suites/api/context.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';

describe('reproduce lines', () => {
  test(
    'an embedded run: every report shows the reproduce line the ' +
      'summary returns (never a curl line against the dead port)',
    async () => {
      const failing: ConformanceCheck = {
        id: 'positive',
        title: 'one exchange that fails',
        source: 'test',
        severity: 'error',
        tags: [],
        async run(ctx) {
          const res = await ctx.http.send({
            operationId: 'lookupSessions',
            method: 'GET',
            path: `/v1/customers/${ctx.fixtures.customers[0].customer_id}/sessions`,
            query: { client_reference_id: 'x' },
          });
          return {
            cases: 1,
            failures: [exchangeFailure('positive', res.exchange, 'a made-up failure', { rule: 'test.rule' })],
          };
        },
      };
      const config = conformanceConfigFromArgv({}, {});
      const target = await startSandboxTarget(config);
      const lines: string[] = [];
      const finished: Failure[] = [];
      const capture = {
        name: 'capture',
        handle: (e: RunnerEvent) => void (e.type === 'check-finish' && finished.push(...e.outcome.failures)),
      };
      try {
        const summary = await runConformance(config, {
          target,
          checks: [failing],
          reporters: [consoleReporter({ write: (t) => lines.push(t) }), capture],
        });
        const returned = summary.outcomes[0].failures[0].reproduce;
        expect(returned).toBe('cbp conformance --only positive');
        expect(finished.map((f) => f.reproduce)).toEqual([returned]);
        const printed = lines.join('\n');
        expect(printed).toContain(`reproduce with: ${returned}`);
        expect(printed).not.toContain('curl ');
      } finally {
        await target.close();
      }
    },
  );
});

const check = (id: string, run: Check<object>['run']): Check<object> => ({ id, title: id, source: 's', tags: [], run });

describe('warnings grouped by cause', () => {
  test('21 warnings of one rule are one finding with its count; other rules and failures stay apart', async () => {
    const warning = (i: number): Failure => ({
      checkId: 'lifecycle',
      subject: `payment ${i}`,
      message: `event_id evt-1 is used by payments p${i} and p${i + 1}`,
      severity: 'warning',
      rule: 'events.event-id-across-payments',
    });
    const summary = await runSuite(
      [
        check('lifecycle', async () => ({
          cases: 23,
          failures: [
            ...Array.from({ length: 21 }, (_, i) => warning(i)),
            { checkId: 'lifecycle', message: 'another cause', severity: 'warning', rule: 'events.fx-skipped' },
            { checkId: 'lifecycle', message: 'a failure', severity: 'error', rule: 'events.flow-completes' },
            { checkId: 'lifecycle', message: 'a second failure', severity: 'error', rule: 'events.flow-completes' },
          ],
        })),
      ],
      {},
      { target: 't' },
    );
    const failures = summary.outcomes[0].failures;
    const grouped = failures.filter((f) => f.rule === 'events.event-id-across-payments');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({
      count: 21,
      message: expect.stringContaining('and 20 more with the same cause'),
    });
    expect(grouped[0].evidence?.note).toContain('payment 1: event_id evt-1 is used by payments p1 and p2');
    expect(failures.filter((f) => f.severity === 'warning')).toHaveLength(2);
    expect(failures.filter((f) => f.severity === 'error')).toHaveLength(2);
  });
});

describe('throttling is never a failure, even required', () => {
  const throttled = {
    request: { method: 'POST', url: 'http://127.0.0.1/v3/customers/c/payments', headers: {} },
    response: { status: 429, headers: { 'retry-after': '1' } },
    indeterminate: 'throttled (HTTP 429); a POST is not resent (the service description shows no idempotency key)',
  };
  test(
    '--require all: a POST the target throttled is a case ' + 'not judged, not a failure; a real skip still fails',
    async () => {
      const run = (records: CaseRecord[] = []) =>
        runSuite(
          [
            check('negative', async () => ({
              cases: 2,
              failures: [
                {
                  checkId: 'negative',
                  message: 'answered HTTP 429; expected 4XX',
                  severity: 'error',
                  rule: 'payment.recipient-sum',
                  evidence: { exchanges: [throttled] },
                },
              ],
              records: [{ subject: 'createPayment', verdict: 'passed' }, ...records],
            })),
          ],
          {},
          { target: 't', require: ['all'] },
        );
      const summary = await run();
      expect(summary.failed).toBe(0);
      expect(summary.outcomes[0].status).toBe('passed');
      expect(summary.outcomes[0].records?.find((r) => r.verdict === 'not-judged')).toMatchObject({
        reason: expect.stringMatching(/^not judged: throttled/),
      });
      const missing = await run([{ subject: 'a case', verdict: 'skipped', reason: 'needs deliverFunds()' }]);
      expect(missing.failed).toBe(1);
      expect(missing.outcomes[0].failures.map((f) => f.message)).toEqual([
        'required (--require) but did not run: a case: needs deliverFunds()',
      ]);
    },
  );
});

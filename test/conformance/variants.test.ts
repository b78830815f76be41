/**
 * The runner against the catalogue of broken mocks: each fault is caught by the
 * check it is named after. Each run selects that check (plus what it needs) to stay fast; the
 * slow suite runs everything against every variant.
 */
import { describe, expect, test } from 'vitest';
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';
import { withTarget } from '../../cli/sandbox-target.js';
import { variants } from '../variants/catalogue.js';
import { runAgainst } from './variant-helpers.js';

/** What the failure of each variant must say (the seed rule or the observed fault). */
const EXPECTED: Record<string, RegExp> = {
  'negative/accepts-recipient-sum-mismatch': /payment\.recipient-sum/,
  'negative/accepts-missing-quote': /payment\.quote-required/,
  'lifecycle/skips-payout-credited': /no PAYOUT_CREDITED for recipient|before PAYOUT_CREDITED/,
  'lifecycle/completes-early': /PAYMENT_COMPLETED/,
  'lifecycle/event-after-cancelled': /follows CANCELLED/,
  'lifecycle/bad-signature': /signature did not verify: bad-signature/,
  'auth/answers-without-token': /no token answered HTTP 2\d\d, expected 401/,
  'auth/ignores-tenant': /another client's token reached customer/,
  'uniqueness/accepts-duplicate-session-reference':
    /session: the same client_reference_id again for the same customer: answered HTTP 2\d\d, expected 400/,
  'uniqueness/rejects-non-third-party-duplicate':
    /non-third-party payment: the same client_reference_id again .* expected 2xx/,
  'recipient-check/ignores-confirm-recipient':
    /the resubmission with confirm_recipient .*answered HTTP 400, expected 2xx/,
  'sessions/lookup-hides-payment': /after payment the record is .* expected has_payment true/,
  'spec-status/undocumented-status': /answered 303, which the document does not list/,
  'spec-content-type/json-as-text': /200 answered content-type text\/plain, documented: application\/json/,
  'spec-schema/wrong-field-type': /instruction_number must be string/,
  'firm-statements/accepts-inactive-recipient':
    /payment to the inactive recipient .* answered HTTP 2\d\d, expected 4xx payment\.recipient-active/,
  'firm-statements/accepts-expired-quote':
    /conversion payment on the expired quote .* answered HTTP 2\d\d, expected 4xx payment\.quote-usable/,
  'firm-statements/eur-account-without-vban-country':
    /EUR virtual account without vban_country: answered HTTP 2\d\d, expected 4xx virtual-account\.vban-country/,
  'lifecycle/payout-without-recipient-id': /PAYOUT_INITIATED \(.*\) without recipient_id events\.payout-recipient-id/,
  'firm-statements/virtual-account-for-inactive-customer':
    /a virtual account for the inactive customer cust-a-inactive: answered HTTP 2\d\d, expected 4xx virtual-account\.customer-active/,
  'firm-statements/float-sum':
    /decimal sums, two amounts: 10\.10 \+ 20\.20 = 30\.30 GBP: answered HTTP 400, expected 2xx .*payment\.recipient-sum/,
  'firm-statements/plain-http': /the base URL http:\/\/sandbox\.provider\.example:\d+ is plain http.* auth\.https/,
  'firm-statements/payments-served-on-the-apikey-alone':
    /legacyReviewPayments with the apikey header alone \(a Bearer token is required\): answered HTTP 2\d\d, expected 4xx auth\.bearer-required/,
  'firm-statements/unknown-customer-answered-2xx':
    /createPayment for an unknown customer_id: answered HTTP 2\d\d, expected 404 errors\.unknown-customer/,
};

describe('each broken variant is caught by the check it is named after', () => {
  test('every variant has an expectation', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(variants.map((v) => v.name).sort());
  });

  for (const v of variants) {
    test(v.name, async () => {
      const summary = await runAgainst(v, [v.check, ...(v.with ?? [])], { strict: v.strict !== undefined });
      const outcome = summary.outcomes.find((o) => o.checkId === v.check)!;
      expect(outcome.status).toBe('failed');
      const messages = outcome.failures
        .filter((f) => f.severity === 'error')
        .map((f) => `${f.message} ${f.rule ?? ''}`);
      expect(messages.join('\n')).toMatch(EXPECTED[v.name]);
      for (const o of summary.outcomes.filter((x) => x.checkId !== v.check && !v.alsoCaughtBy?.includes(x.checkId)))
        expect(o.status, o.checkId).toBe('passed');
    });
  }

  // A fault that breaks only an assumption is a warning by default: the partner is told, not failed.
  for (const v of variants.filter((x) => x.strict !== undefined)) {
    test(`${v.name} without --strict: a warning (${v.strict})`, async () => {
      const summary = await runAgainst(v, [v.check, ...(v.with ?? [])]);
      expect(summary.failed).toBe(0);
      expect(summary.outcomes.find((o) => o.checkId === v.check)!.status).toBe('warning');
    });
  }
});

describe('the unbroken mock', () => {
  test(
    'duplicated and reordered deliveries (mock chaos) ' + 'are not faults: lifecycle passes with no warnings',
    async () => {
      const config = conformanceConfigFromArgv({ only: ['lifecycle'] }, {});
      const chaos = { chaos: { duplicateRate: 0.5, reorderWindowMs: 20, seed: 7 } };
      const summary = await withTarget(config, (target) => runConformance(config, { target }), chaos);
      expect(summary.outcomes[0]).toMatchObject({ checkId: 'lifecycle', status: 'passed', failures: [] });
      // Every delivery was judged, duplicates included (the statuses seen count each webhook).
      const seen = summary.coverage?.find((l) => l.id === 'statuses')?.counts ?? {};
      expect(Object.values(seen).reduce((a, b) => a + b, 0)).toBeGreaterThan(30);
    },
  );
});

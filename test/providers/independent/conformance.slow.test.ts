/**
 * The whole API suite against a second, independent implementation of the service (this folder's
 * provider: written from the service description, sharing no code with sandbox/), once per
 * legitimate behaviour and once with all of them together, the way a partner runs it: their
 * config file, their driver module over the provider's own simulation endpoints, `--require all`.
 * A correct provider that chose differently where the description leaves room must end with no
 * failure. Every server started here is stopped (harness.ts).
 *
 * KNOWN_RUNNER_ISSUES lists the failures the runner still gives such a provider today, each with
 * its diagnosed cause (all are the runner's, none the provider's). The test fails on any failure
 * not listed there, and on a listed one that no longer happens: when a runner fix lands, delete its
 * entry (the goal is an empty map).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { findings, HERE, type PartnerSetup, type RunResult, runInProcess, runViaCli } from './harness.js';
import type { ProviderOptions } from './options.js';
import { hasOpenssl, makePrivateCa } from './private-ca.js';

interface KnownIssue {
  /** The check that reports it. */
  check: string;
  /** The failure's message. */
  message: RegExp;
  /** Why it is the runner's fault and not the provider's. */
  cause: string;
  /** It depends on timing (a throttled answer): allowed, not required. */
  flaky?: boolean;
}

const KNOWN_RUNNER_ISSUES = {} satisfies Record<string, KnownIssue>;

type IssueId = keyof typeof KNOWN_RUNNER_ISSUES;

interface Profile {
  name: string;
  /** The seed's words that make the behaviour legitimate (README.md beside this file has more). */
  seed: string;
  options: ProviderOptions;
  /** Runner issues this behaviour trips today. */
  known: IssueId[];
  /** How the partner's driver and config differ from this folder's. */
  setup?: PartnerSetup;
  /** Through the bundled CLI with a private CA (HTTPS). */
  cli?: boolean;
  /** Throttled: a case a known issue trips may not be judged at all, so each known issue is allowed, none required. */
  throttled?: boolean;
  /** A warning this behaviour must not give (a false one). */
  noWarning?: RegExp;
}

const ALWAYS: IssueId[] = [];

const PROFILES: Profile[] = [
  {
    name: 'baseline (the provider’s own choices only)',
    seed: 'see README.md: error body, 202 virtual accounts, µs timestamps, v2 payload',
    options: {},
    known: ALWAYS,
  },
  {
    name: 'explicit nulls for absent optional fields',
    seed: 'Events: "Complete payload schema: not shown"',
    options: { explicitNulls: true },
    known: [...ALWAYS],
  },
  {
    name: 'extra undocumented fields',
    seed: 'Look up sessions: "Fields of a session record beyond those listed: not shown"',
    options: { extraFields: true },
    known: ALWAYS,
  },
  {
    name: 'session URL with a query string',
    seed: 'Hosted payment session: "Names of ... the session URL field in the response: not shown"',
    options: { sessionUrlWithQuery: true },
    known: [...ALWAYS],
  },
  {
    name: 'second-precision event_timestamp',
    seed: 'Events rule 2: "event_timestamp determines the real order"',
    options: { secondPrecisionTimestamps: true },
    known: ALWAYS,
  },
  {
    name: 'every event of a payment within one millisecond, microseconds apart',
    seed: 'Events rule 2: "event_timestamp determines the real order" (at the precision of its text)',
    options: { oneMillisecondStamps: true, lateFirstDeliveryMs: 300 },
    known: ALWAYS,
    noWarning: /event_timestamp ties|arrival order/,
  },
  {
    name: 'event_timestamp as epoch milliseconds',
    seed: 'Events: "Complete payload schema: not shown" (no type for event_timestamp)',
    options: { epochMillisTimestamps: true },
    known: [...ALWAYS],
  },
  {
    name: 'late first delivery',
    seed: 'Events rule 2: "Order is not guaranteed"',
    options: { lateFirstDeliveryMs: 300 },
    known: ALWAYS,
  },
  {
    name: 'second precision with ties and a late first delivery',
    seed: 'Events rule 2: "Order is not guaranteed; event_timestamp determines the real order"',
    options: { secondPrecisionTimestamps: true, lateFirstDeliveryMs: 300 },
    known: [...ALWAYS],
  },
  {
    name: 'funded wallet: PROCESSING first, instant completion',
    seed:
      'Events: PROCESSING "May be the first webhook"; Payment ' +
      'request: waits "If the wallet balance is insufficient"',
    options: { fundedCustomers: ['CUS-7001'] },
    // The partner knows which of its sandbox customers are funded, and says so in the config.
    setup: { fundedCustomers: ['CUS-7001'] },
    known: [...ALWAYS],
  },
  {
    name: 'funded wallet whose conversions still await funds (the config marks the customer funded)',
    seed: 'Payment request: the service waits "If the wallet balance is insufficient" (per payment, not per customer)',
    options: { fundedCustomers: ['CUS-7001'], conversionsAwaitFunds: true },
    setup: { fundedCustomers: ['CUS-7001'] },
    known: ALWAYS,
  },
  {
    name: 'per-payment event ids',
    seed: 'Events rule 1: event_id is the idempotency key (its scope: not shown)',
    options: { perPaymentEventIds: true },
    known: ALWAYS,
  },
  {
    name: 'nested webhook data',
    seed: 'Events: "Complete payload schema: not shown"',
    options: { nestedEventData: true },
    known: ALWAYS,
  },
  {
    name: 'Svix-style signature headers',
    seed: 'Events: "Signature header names and verification scheme: not shown"',
    options: { signature: 'svix' },
    known: ALWAYS,
  },
  {
    name: 'its own signature scheme (X-Signature: t=...,v1=<hex HMAC>), verified by the driver',
    seed: 'Events: "Signature header names and verification scheme: not shown"',
    options: { signature: 'own' },
    setup: { driverVerifies: true },
    known: ALWAYS,
    noWarning: /signature/,
  },
  {
    name: '200 for creates',
    seed: 'Endpoints: "Success status codes of all operations: not shown"',
    options: { createdStatus: 200 },
    known: ALWAYS,
  },
  {
    name: '202 for creates',
    seed: 'Endpoints: "Success status codes of all operations: not shown"',
    options: { createdStatus: 202 },
    known: ALWAYS,
  },
  {
    name: 'RFC 9457 problem details for errors',
    seed: 'Errors: "Error body shape, machine-readable error codes ...: not shown"',
    options: { problemDetails: true },
    known: ALWAYS,
  },
  {
    name: '409 for duplicates, 422 for a failed name check',
    seed:
      'Errors: "the status of the CoP/VoP error: not shown"; duplicates ' +
      'for third-party payments "rejected" (status not shown)',
    options: { duplicateStatus: 409, nameCheckStatus: 422 },
    known: ALWAYS,
  },
  {
    name: 'no FX_COMPLETED without a conversion',
    seed: 'States and transitions: FX_COMPLETED on "Conversion done"',
    options: { fxOnlyForConversions: true },
    known: ALWAYS,
  },
  {
    name: 'confirm_recipient must echo the failed check id',
    seed: 'Payment request: confirm_recipient "Inner fields: not shown"',
    options: { confirmNeedsCheckId: true },
    known: ALWAYS,
  },
  {
    name: 'single-use quotes',
    seed: 'Create payment rule 1: the quote "must exist, be active, and not be expired" (reuse: not shown)',
    options: { singleUseQuotes: true },
    known: ALWAYS,
  },
  {
    name: 'single-use quotes, the driver without createQuote (one quote in the config)',
    seed:
      'Create payment rule 1 (reuse: not shown); quotes come ' +
      'from "the Create Quote operation", whose path is not shown',
    options: { singleUseQuotes: true },
    setup: { withoutCreateQuote: true },
    known: ALWAYS,
  },
  {
    name: 'short-lived access tokens (expires_in 2)',
    seed: 'Authentication step 4: "When the token has expired (per expires_in), the application requests a new one"',
    options: { tokenTtlSeconds: 2 },
    known: ALWAYS,
  },
  {
    name: 'token_type "Bearer"',
    seed: 'Authentication: token_type (value bearer); RFC 6749 §5.1: case-insensitive',
    options: { capitalizedTokenType: true },
    known: ALWAYS,
  },
  {
    name: 'every event delivered twice',
    seed: 'Events rule 1: "A repeated event_id is a duplicate (delivery retry or redelivery)"',
    options: { duplicateDeliveries: true },
    known: ALWAYS,
  },
  {
    name: '400 invalid_client for wrong credentials',
    seed: 'Authentication: "Behaviour for invalid credentials: not shown" (RFC 6749 §5.2)',
    options: { badCredentialsStatus: 400 },
    known: ALWAYS,
  },
  {
    name: "403 for another client's customer",
    seed: 'Errors: 404 is listed for an unknown customer; what another client sees is not shown',
    options: { crossTenantStatus: 403 },
    known: ALWAYS,
  },
  {
    name: 'realistic stage delays (150 ms)',
    seed: 'Events rule 5: "each stage takes seconds to minutes"',
    options: { stageDelayMs: 150 },
    known: ALWAYS,
  },
  {
    name: 'rate limit 20 requests/s (429 + Retry-After)',
    seed: 'Limits: "Rate limits ...: not shown"',
    options: { rateLimitPerSecond: 20 },
    known: [...ALWAYS],
    throttled: true,
  },
  {
    name: 'HTTPS with a private CA, auth on its own host',
    seed: 'Authentication: "All requests use HTTPS"; the service names {auth_url} apart from {base_url}',
    options: { separateAuthHost: true },
    known: ALWAYS,
    cli: true,
  },
  {
    name: 'everything at once (HTTPS, private CA, separate auth host)',
    seed: 'all of the above',
    options: {
      separateAuthHost: true,
      explicitNulls: true,
      extraFields: true,
      sessionUrlWithQuery: true,
      secondPrecisionTimestamps: true,
      lateFirstDeliveryMs: 300,
      fundedCustomers: ['CUS-7001'],
      perPaymentEventIds: true,
      nestedEventData: true,
      signature: 'svix',
      createdStatus: 202,
      duplicateStatus: 409,
      nameCheckStatus: 422,
      fxOnlyForConversions: true,
      confirmNeedsCheckId: true,
      singleUseQuotes: true,
      tokenTtlSeconds: 2,
      capitalizedTokenType: true,
      problemDetails: true,
      duplicateDeliveries: true,
      badCredentialsStatus: 400,
      crossTenantStatus: 403,
      rateLimitPerSecond: 20,
    },
    setup: { fundedCustomers: ['CUS-7001'] },
    known: [...ALWAYS],
    cli: true,
    throttled: true,
  },
];

const builtCli = existsSync(path.resolve(HERE, '../../../dist/cli-bundle/main.js'));
const results: Array<{ name: string; ms: number; failures: string[]; warnings: string[] }> = [];

afterAll(() => {
  // The figures the closing note of the work quotes: failures and warnings per behaviour, and the time of each whole
  // run.
  const lines = results.map(
    (r) =>
      `${r.name}: ${r.failures.length} failures, ${r.warnings.length} warnings, ${(r.ms / 1000).toFixed(1)} ` +
      `s\n    ${[...r.failures, ...r.warnings.map((w) => `(warning) ${w}`)].join('\n    ')}`,
  );
  if (lines.length > 0) console.log(`independent provider, whole suite per behaviour:\n  ${lines.join('\n  ')}`);
});

async function run(profile: Profile): Promise<RunResult> {
  if (!profile.cli) return runInProcess(profile.options, profile.setup);
  const ca = makePrivateCa();
  try {
    const r = await runViaCli(
      { ...profile.options, tls: { key: ca.key, cert: ca.cert } },
      { NODE_EXTRA_CA_CERTS: ca.caPath },
      readFileSync(ca.caPath, 'utf8'),
      profile.setup,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    return r;
  } finally {
    ca.dispose();
  }
}

/** Which known issue explains `failure` (`check: message`), if any. */
function explain(failure: string, known: IssueId[]): IssueId | undefined {
  const [check, ...rest] = failure.split(': ');
  const message = rest.join(': ');
  return known.find((id) => {
    const k: KnownIssue = KNOWN_RUNNER_ISSUES[id];
    return k.check.split('|').includes(check) && k.message.test(message);
  });
}

describe('the whole API suite against the independent provider, --require all', () => {
  for (const profile of PROFILES) {
    const runnable = !profile.cli || (builtCli && hasOpenssl());
    test.runIf(runnable)(`${profile.name}: no failure but the known runner issues`, async () => {
      const { summary, ms } = await run(profile);
      const { failures, warnings } = findings(summary);
      results.push({ name: profile.name, ms, failures, warnings });
      const unexpected = failures.filter((f) => explain(f, profile.known) === undefined);
      expect(unexpected, `failures no known runner issue explains (${profile.seed})`).toEqual([]);
      if (profile.noWarning) expect(warnings.filter((w) => profile.noWarning!.test(w))).toEqual([]);
      const seen = new Set(failures.map((f) => explain(f, profile.known)));
      const gone = profile.throttled
        ? []
        : profile.known.filter((id) => !(KNOWN_RUNNER_ISSUES[id] as KnownIssue).flaky && !seen.has(id));
      expect(gone, 'known runner issues that no longer fail: delete them from KNOWN_RUNNER_ISSUES').toEqual([]);
      // Nothing ran only part of the way for a reason other than a known issue (--require all would have failed it).
      expect(summary.outcomes.filter((o) => o.status === 'skipped').map((o) => o.checkId)).toEqual([]);
    });
  }
});

/**
 * The other direction: a provider broken on purpose must fail. `caughtToday: false` records a
 * fault the runner still misses (a known runner gap); when a runner change catches it, the test
 * says so and the flag flips.
 */
const BROKEN: Array<{
  name: string;
  seed: string;
  options: ProviderOptions;
  caughtToday: boolean;
  /** A failure that must be among those reported: by the right rule, with its evidence. */
  failure?: RegExp;
  setup?: PartnerSetup;
}> = [
  {
    name: 'recipient sums compared as binary floats',
    seed: 'Create payment rule 3: "the sum of entry amounts equals amount" (0.1 + 0.2 = 0.3 in decimal)',
    options: { brokenFloatSums: true },
    // Every amount the runner sends today sums the same in binary floats and in decimal.
    caughtToday: true,
  },
  {
    name: 'PAYMENT_COMPLETED stamped before the last PAYOUT_CREDITED within one millisecond',
    seed: 'States and transitions, row 6: "Emitted only after all recipients are paid"',
    options: { brokenCompletedBeforeCredit: true },
    caughtToday: true,
    failure: /^lifecycle: PAYMENT_COMPLETED \(\S+\.\d{6}\+00:00\) before PAYOUT_CREDITED of \S+ \(\S+\.\d{6}\+00:00\)/,
  },
  {
    name: 'purpose_of_transaction accepted in lower case and read back upper-cased',
    seed: 'Payment request table: purpose_of_transaction "Case sensitive"',
    options: { brokenPurposeCaseFolding: true },
    caughtToday: true,
    failure:
      /^negative: .*was accepted; expected 4XX \(sent "property_purchase", the answer reads it back as "PROPERTY_PURCHASE"/,
  },
  {
    name: 'a conversion payment without quote_id accepted',
    seed: 'Create payment (v3), rule 1: "When a conversion is needed, quote_id must be supplied"',
    options: { brokenConversionWithoutQuote: true },
    caughtToday: true,
    failure:
      /^negative: conversion base: quote_id left out of a conversion payment .*was accepted; expected 4XX \(customer CUS-7001's wallet currency is GBP \(as the fixtures state\), the payout currency EUR/,
  },
];

describe('a provider broken on purpose is caught', () => {
  for (const broken of BROKEN) {
    test(`${broken.name}: ${broken.caughtToday ? 'caught' : 'missed today (known runner gap)'}`, async () => {
      const { summary } = await runInProcess(broken.options, broken.setup);
      const caught = findings(summary).failures.filter((f) => explain(f, ALWAYS) === undefined);
      if (broken.caughtToday) expect(caught.length, broken.seed).toBeGreaterThan(0);
      else expect(caught, `the runner now catches "${broken.name}": set caughtToday: true`).toEqual([]);
      if (broken.failure)
        expect(caught.filter((f) => broken.failure!.test(f)).length, caught.join('\n')).toBeGreaterThan(0);
    });
  }
});

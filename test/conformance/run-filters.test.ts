/**
 * The runner in CI: operation and tag filters, --max-failures, the config file's `run:` section
 * (flags win), `cbp conformance consumer` honouring --only/--skip, and one-line exit-2 mistakes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { consumerSelection, consumerOptionsFromArgv } from '../../cli/commands/conformance-consumer.js';
import { main } from '../../cli/main.js';
import type { Check } from '../../conformance/engine/check.js';
import { runSuite } from '../../conformance/engine/run-suite.js';
import { selectOperations, withLimits } from '../../conformance/engine/select.js';
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import { consumerChecks } from '../../conformance/suites/consumer/checks/index.js';
import { CbpError } from '../../lib/errors.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cbp-run-filters-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cbp(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t), cwd: process.cwd() });
  return { code, out: out.join('\n'), err };
}

function thrown(f: () => unknown): CbpError {
  try {
    f();
  } catch (err) {
    if (err instanceof CbpError) return err;
    throw err;
  }
  throw new Error('expected a CbpError');
}

const OPS = [
  { id: 'createPayment', tags: ['Payments'] },
  { id: 'getPayment', tags: ['Payments'] },
  { id: 'getToken', operationId: 'get-token', tags: ['Auth'] },
];

describe('selectOperations', () => {
  test('by id (the model id or the operationId as written) and by tag; exclusions win', () => {
    expect(selectOperations(OPS, {})).toBeUndefined();
    expect([...selectOperations(OPS, { include: ['getPayment', 'get-token'] })!]).toEqual(['getPayment', 'getToken']);
    expect([...selectOperations(OPS, { includeTags: ['Payments'], exclude: ['createPayment'] })!]).toEqual([
      'getPayment',
    ]);
    expect([...selectOperations(OPS, { excludeTags: ['Auth'] })!]).toEqual(['createPayment', 'getPayment']);
  });

  test('an unknown id or tag, or nothing left, is a usage error with the valid names', () => {
    const e = thrown(() => selectOperations(OPS, { include: ['getPaymnt'] }));
    expect(e.code).toBe('E_USAGE');
    expect(e.format()).toBe(
      'E_USAGE: --include-operation: unknown operation "getPaymnt"\n  hint: ' +
        'valid operation ids: createPayment, get-token, getPayment, getToken',
    );
    expect(thrown(() => selectOperations(OPS, { excludeTags: ['Nope'] })).format()).toContain(
      'valid tags: Auth, Payments',
    );
    expect(thrown(() => selectOperations(OPS, { include: ['getToken'], excludeTags: ['Auth'] })).message).toBe(
      'the operation filters leave no operation to check',
    );
  });
});

describe('withLimits over the engine loop', () => {
  const check = (id: string, subjects: string[], extra: string[] = []): Check<object> => ({
    id,
    title: id,
    source: 'test',
    tags: [],
    run: async () => ({
      cases: subjects.length + extra.length,
      records: subjects.map((subject) => ({ subject, verdict: 'failed' as const })),
      failures: [...subjects, ...extra].map((subject) => ({
        checkId: id,
        subject,
        message: `${subject} broke`,
        severity: 'error' as const,
      })),
    }),
  });
  const all = new Set(OPS.map((o) => o.id));

  test(
    'findings about unselected operations are left out; findings ' +
      'about a flow stay; a check with nothing selected is skipped',
    async () => {
      const checks = withLimits(
        [check('a', ['createPayment', 'getPayment'], ['flow pay_1']), check('b', ['getToken'])],
        {
          operations: { all, selected: new Set(['getPayment']) },
        },
      );
      const s = await runSuite(checks, {}, { target: 't' });
      const [a, b] = s.outcomes;
      expect(a.failures.map((f) => f.subject)).toEqual(['getPayment', 'flow pay_1']);
      expect(b.status).toBe('skipped');
      expect(b.skippedReason).toMatch(/^no case about a selected operation/);
    },
  );

  test('--max-failures: the checks after the N-th failure are skipped with the reason', async () => {
    let ran = 0;
    const counting = (c: Check<object>): Check<object> => ({
      ...c,
      run: (ctx) => {
        ran++;
        return c.run(ctx);
      },
    });
    const checks = withLimits(
      [
        counting(check('a', ['createPayment', 'getPayment'])),
        counting(check('b', ['getToken'])),
        counting(check('c', ['getToken'])),
      ],
      { maxFailures: 2 },
    );
    const s = await runSuite(checks, {}, { target: 't' });
    expect(ran).toBe(1);
    expect(s.outcomes.map((o) => o.status)).toEqual(['failed', 'skipped', 'skipped']);
    expect(s.outcomes[1].skippedReason).toBe('stopped early: 2 failures reached --max-failures 2');
  });

  test('warnings do not count towards --max-failures', async () => {
    const warn: Check<object> = {
      id: 'w',
      title: 'w',
      source: 's',
      tags: [],
      run: async () => ({ cases: 1, failures: [{ checkId: 'w', message: 'hm', severity: 'warning' }] }),
    };
    const s = await runSuite(withLimits([warn, check('a', ['getToken'])], { maxFailures: 1 }), {}, { target: 't' });
    expect(s.outcomes.map((o) => o.status)).toEqual(['warning', 'failed']);
  });
});

describe('conformance options: flags over the config file run: section', () => {
  const file = (run: unknown) => ({ name: path.join(dir, 'conformance.yaml'), value: { run } });

  test('every run option can live in the file; report paths are relative to it', () => {
    const c = conformanceConfigFromArgv(
      {},
      { CBP_CLIENT_ID: 'id', CBP_CLIENT_SECRET: 'secret' },
      file({
        base_url: 'https://api.partner.example',
        only: ['positive'],
        skip: ['auth'],
        include_operations: ['createPayment'],
        exclude_operations: ['getPayment'],
        include_tags: ['Payments'],
        exclude_tags: ['Auth'],
        max_failures: 3,
        strict: true,
        require: ['lifecycle'],
        rate: 5,
        timeout_ms: 2000,
        reports: ['junit=junit.xml', 'har=run.har'],
      }),
    );
    expect(c).toMatchObject({
      target: { kind: 'live', baseUrl: 'https://api.partner.example', authUrl: 'https://api.partner.example' },
      only: ['positive'],
      skip: ['auth'],
      operations: {
        include: ['createPayment'],
        exclude: ['getPayment'],
        includeTags: ['Payments'],
        excludeTags: ['Auth'],
      },
      maxFailures: 3,
      strict: true,
      require: ['lifecycle'],
      rate: 5,
      timeoutMs: 2000,
      reports: [
        { kind: 'junit', path: path.join(dir, 'junit.xml') },
        { kind: 'har', path: path.join(dir, 'run.har') },
      ],
    });
  });

  test('a flag wins over the file', () => {
    const c = conformanceConfigFromArgv(
      { maxFailures: 1, strict: false, only: ['auth'] },
      {},
      file({ max_failures: 3, strict: true, only: ['positive'] }),
    );
    expect([c.maxFailures, c.strict, c.only]).toEqual([1, false, ['auth']]);
  });

  test('mistakes: a bad value in the file names its pointer (exit 2); a bad flag is a usage error', () => {
    const e = thrown(() => conformanceConfigFromArgv({}, {}, file({ max_failures: 0 })));
    expect(e.code).toBe('E_CONFIG');
    expect(e.details.pointer).toBe('/run/max_failures');
    expect(thrown(() => conformanceConfigFromArgv({}, {}, file({ include_operation: ['x'] }))).details.pointer).toBe(
      '/run',
    );
    expect(thrown(() => conformanceConfigFromArgv({ maxFailures: 0 }, {})).format()).toBe(
      'E_USAGE: --max-failures must be a whole number of at least ' +
        '1\n  hint: --max-failures 1 stops at the first failure',
    );
  });
});

describe('cbp conformance (CLI)', () => {
  test('an unknown --include-operation exits 2 with one line and the valid ids', async () => {
    const r = await cbp('conformance', '--include-operation', 'createPaymnt');
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(
      /^E_USAGE: --include-operation: unknown operation "createPaymnt"\n {2}hint: valid operation ids: .*createPayment/,
    );
  });

  test('against the embedded mock: only the selected operation ' +
    'is judged, from flags and from the config file', async () => {
    const json = path.join(dir, 'r.json');
    const r = await cbp(
      'conformance',
      '--only',
      'positive,spec-status',
      '--include-operation',
      'lookupSessions',
      '--report',
      `json=${json}`,
    );
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    type Report = { outcomes: Array<{ checkId: string; cases: number; records?: Array<{ subject?: string }> }> };
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    const subjects = new Set(report.outcomes.flatMap((o) => (o.records ?? []).map((x) => x.subject)));
    expect([...subjects]).toEqual(['lookupSessions']);
    const positive = (r: Report) => r.outcomes.find((o) => o.checkId === 'positive')!.cases;
    // Unfiltered, the positive check sends far more cases than for the one operation.
    const all = path.join(dir, 'all.json');
    expect((await cbp('conformance', '--only', 'positive', '--report', `json=${all}`)).code).toBe(0);
    expect(positive(report)).toBeGreaterThan(0);
    expect(positive(report)).toBeLessThan(positive(JSON.parse(readFileSync(all, 'utf8')) as Report));
    // The same selection from the config file's run: section.
    const config = path.join(dir, 'conformance.yaml');
    writeFileSync(
      config,
      `run:\n  only: [positive]\n  exclude_tags: [Payments, Hosted sessions]\n  reports: [json=r2.json]\n`,
    );
    const fromFile = await cbp('conformance', '--config', config);
    expect(fromFile.code).toBe(0);
    const report2 = JSON.parse(readFileSync(path.join(dir, 'r2.json'), 'utf8')) as Report;
    expect(positive(report2)).toBeGreaterThan(0);
    expect(positive(report2)).toBeLessThan(positive(JSON.parse(readFileSync(all, 'utf8')) as Report));
  }, 60_000);
});

describe('cbp conformance consumer: --only, --skip, and what it does not take', () => {
  const ids = consumerChecks.map((c) => c.id);

  test('--only and --skip take consumer check ids or tags; --check is the same as --only', () => {
    const flow = consumerChecks.filter((c) => c.tags.includes('flow')).map((c) => c.id);
    expect(flow.length).toBeGreaterThan(0);
    expect(consumerSelection({ only: ['flow'] }, consumerChecks)).toEqual(flow);
    expect(consumerSelection({ skip: ['flow'] }, consumerChecks)).toEqual(ids.filter((id) => !flow.includes(id)));
    expect(consumerSelection({ check: [ids[0]] }, consumerChecks)).toEqual([ids[0]]);
    expect(consumerSelection({}, consumerChecks)).toBeUndefined();
    expect(thrown(() => consumerSelection({ only: ['nope'] }, consumerChecks)).code).toBe('E_CHECK_UNKNOWN');
    expect(thrown(() => consumerSelection({ skip: ['consumer'] }, consumerChecks)).message).toBe(
      '--only/--skip leave no consumer check to run',
    );
  });

  test('an API-suite option is refused (exit 2, one line), not silently ignored; --strict is passed on', async () => {
    expect(() =>
      consumerOptionsFromArgv({ url: 'http://127.0.0.1:1/h', baseUrl: 'http://x' } as never, {
        CBP_WEBHOOK_SECRET: 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      }),
    ).toThrow(/^--base-url is an option of `cbp conformance`/);
    expect(
      consumerOptionsFromArgv(
        { url: 'http://127.0.0.1:1/h', strict: true },
        { CBP_WEBHOOK_SECRET: 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      ).strict,
    ).toBe(true);
    const r = await cbp(
      'conformance',
      'consumer',
      '--url',
      'http://127.0.0.1:1/h',
      '--secret',
      'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '--max-failures',
      '2',
    );
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/^E_USAGE: --max-failures is an option of `cbp conformance`/);
  });

  test('its help lists --only, --skip and --check, and not the API-suite options', async () => {
    const r = await cbp('conformance', 'consumer', '--help');
    expect(r.code).toBe(0);
    for (const flag of ['--only', '--skip', '--check', '--url', '--state-url', '--strict'])
      expect(r.out).toContain(flag);
    for (const flag of ['--base-url', '--driver', '--client-secret', '--max-failures', '--include-operation'])
      expect(r.out).not.toContain(flag);
  });
});

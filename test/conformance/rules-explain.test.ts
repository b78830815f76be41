// `cbp rules <id>`: the id a report prints, explained; and the record of which checks judge each
// rule kept true by a run of the whole suite against the embedded sandbox.
import { writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import { withTarget } from '../../cli/sandbox-target.js';
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';
import { JUDGED_BY } from '../../conformance/suites/verdicts/judged-by.js';
import { judgedByOf } from '../../conformance/suites/verdicts/judged-by-map.js';

async function cbp(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t), cwd: process.cwd() });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('cbp rules <id>', () => {
  test('an overlay rule: its seed words, its keyword and the checks that judge it', async () => {
    const r = await cbp('rules', 'payment.recipient-sum');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('payment.recipient-sum (overlay rule)');
    expect(r.out).toContain('the service description says: "the sum of entry amounts equals amount"');
    expect(r.out).toMatch(/keyword: decimal-sum .* on createPayment \(body\)/);
    expect(r.out).toMatch(/judged by: .*negative/);
  });

  test('an id with a placeholder entry (schema.required) and an event rule are explained', async () => {
    expect((await cbp('rules', 'schema.required')).out).toMatch(
      /schema\.<keyword>.*\n(.*\n)*.*judged by: .*spec-schema/,
    );
    const events = await cbp('rules', 'events.signature');
    expect(events.out).toContain('cbp conformance events');
  });

  test('an unknown id exits 2 and suggests the nearest ids', async () => {
    const r = await cbp('rules', 'payment.recipient-summ');
    expect(r.code).toBe(2);
    expect(r.err).toContain('E_USAGE: unknown rule id "payment.recipient-summ"');
    expect(r.err).toContain('did you mean payment.recipient-sum');
  });

  test('without an id, every rule is listed as before', async () => {
    const r = await cbp('rules');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^overlay rules:/);
    // Each kind under its plural heading (not "decision branchs").
    expect(r.out.split('\n').filter((l) => l.endsWith(':') && !l.startsWith(' '))).toEqual([
      'overlay rules:',
      'decision branches:',
      'schema keyword rules:',
      'event rules:',
      'check rules:',
      'assumptions:',
    ]);
    expect(r.out).toContain('  payment.recipient-sum');
  });
});

describe('which checks judge each rule (conformance/suites/verdicts/judged-by.ts)', () => {
  test('is what a run of the whole suite against the embedded sandbox shows', { timeout: 120_000 }, async () => {
    const config = conformanceConfigFromArgv({}, {});
    const summary = await withTarget(config, (target) => runConformance(config, { target }));
    const seen = judgedByOf(summary.outcomes);
    if (process.env.CBP_UPDATE_JUDGED_BY === '1') {
      const file = 'conformance/suites/verdicts/judged-by.ts';
      writeFileSync(
        file,
        '/**\n * Which checks judge each rule id, as a run of the whole suite against the embedded sandbox shows\n' +
          ' * (judged-by-map.ts). Written by test/conformance/rules-explain.test.ts with CBP_UPDATE_JUDGED_BY=1;\n' +
          ' * the test fails when a run shows otherwise. Not edited by hand.\n */\n' +
          `export const JUDGED_BY: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(seen, null, 2)};\n`,
      );
      execFileSync('npx', ['biome', 'format', '--write', file]);
      return;
    }
    expect(JUDGED_BY, 'CBP_UPDATE_JUDGED_BY=1 npx vitest run test/conformance/rules-explain.test.ts').toEqual(seen);
  });
});

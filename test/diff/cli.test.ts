/**
 * `cbp diff` as a user runs it: exit 0 without a breaking change, 1 with one (or per --fail-on),
 * 2 with one line and a hint on bad input; reports written in every kind; `git:<ref>:<path>`.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cbp-diff-cli-'));
const next = path.join(dir, 'next');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(() => {
  // The new version: the project's contract with one more payment status (in the schema and the table).
  cpSync('spec', next, { recursive: true });
  const doc = path.join(next, 'openapi.yaml');
  writeFileSync(
    doc,
    readFileSync(doc, 'utf8').replace(
      'enum: [AWAITING_FUNDS, PROCESSING,',
      'enum: [AWAITING_FUNDS, ON_HOLD, PROCESSING,',
    ),
  );
  const table = path.join(next, 'payment-states.yaml');
  writeFileSync(
    table,
    readFileSync(table, 'utf8').replace(
      '  - { name: PROCESSING,',
      '  - { name: ON_HOLD, documented: true }\n  - { name: PROCESSING,',
    ),
  );
});

async function cbp(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t), cwd: process.cwd() });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('cbp diff', () => {
  it('exits 0 and says so when nothing changed (the committed contract against itself at HEAD)', async () => {
    const r = await cbp('diff', 'git:HEAD:spec/openapi.yaml', 'spec/openapi.yaml');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('0 breaking, 0 warnings, 0 additive');
  });

  it('exits 1 on a new payment status, reported in the schema and in the state table, with every report kind', async () => {
    const md = path.join(dir, 'diff.md');
    const xml = path.join(dir, 'diff.xml');
    const json = path.join(dir, 'diff.json');
    const r = await cbp(
      'diff',
      'spec/openapi.yaml',
      path.join(next, 'openapi.yaml'),
      '--report',
      `markdown=${md}`,
      '--report',
      `junit=${xml}`,
      '--report',
      `json=${json}`,
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('BREAKING schema.enum-value-added: enum value "ON_HOLD" added to what you receive');
    expect(r.out).toContain('BREAKING states.status-added: payment status ON_HOLD added');
    const result = JSON.parse(readFileSync(json, 'utf8'));
    expect(result.counts).toEqual({ breaking: 2, warning: 0, additive: 0 });
    expect(result.changes.map((c: { rule: string; new: string; in?: string }) => [c.rule, c.new, c.in])).toEqual([
      ['schema.enum-value-added', '/components/schemas/KnownPaymentStatus/enum', undefined],
      ['states.status-added', '/statuses/1', 'state-table'],
    ]);
    expect(readFileSync(md, 'utf8')).toContain('### breaking (2)');
    expect(readFileSync(xml, 'utf8')).toMatch(/<testsuites name="cbp diff" tests="2" failures="2">/);
  });

  it('exits 0 with --fail-on none, and prints JSON with --format json', async () => {
    const r = await cbp(
      'diff',
      'spec/openapi.yaml',
      path.join(next, 'openapi.yaml'),
      '--fail-on',
      'none',
      '--format',
      'json',
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).counts.breaking).toBe(2);
  });

  it('a missing document: one line and a hint, exit 2', async () => {
    const r = await cbp('diff', 'spec/openapi.yaml', path.join(dir, 'nope.yaml'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^E_FILE_NOT_FOUND: /);
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('an unknown git ref: one line naming it, exit 2', async () => {
    const r = await cbp('diff', 'git:no-such-ref-h38:spec/openapi.yaml', 'spec/openapi.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^E_FILE_NOT_FOUND: cannot read spec\/openapi.yaml at git ref no-such-ref-h38/);
  });

  it('one side only, or a bad --report: usage error, exit 2', async () => {
    expect((await cbp('diff', 'spec/openapi.yaml')).code).toBe(2);
    const r = await cbp('diff', 'spec/openapi.yaml', 'spec/openapi.yaml', '--report', 'html=x.html');
    expect(r.code).toBe(2);
    expect(r.err).toContain('KIND is one of console, json, markdown, junit');
    const missing = await cbp(
      'diff',
      'spec/openapi.yaml',
      'spec/openapi.yaml',
      '--report',
      `markdown=${dir}/no/such/d.md`,
    );
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^E_REPORT_PATH: /);
  });
});

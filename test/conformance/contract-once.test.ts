/**
 * The contract is read once per run: the model, the state table and the provenance of every
 * expectation come from one load (SuiteSpec), and the validators are proven to have been
 * compiled from that contract, or the run refuses before it sends anything.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiInfo } from '../../generated/operations.js';
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';
import { loadSuiteSpec, packageSpecDir } from '../../conformance/suites/api/spec.js';
import { generatedValidators, suiteValidatorsOf } from '../../conformance/suites/api/validators.js';
import type { SuiteValidators } from '../../conformance/suites/api/validators.js';
import { validateResponse, validateWebhook } from '../../generated/validators.js';
import { CbpError } from '../../lib/errors.js';

const FILES = ['openapi.yaml', 'rules.overlay.yaml', 'payment-states.yaml', 'sandbox.overlay.yaml'];
const dirs: string[] = [];
/** A copy of spec/, with `edit` applied to the text of its openapi.yaml. */
function specCopy(edit: (text: string) => string = (t) => t): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-spec-'));
  dirs.push(dir);
  for (const f of FILES) copyFileSync(path.join(packageSpecDir(), f), path.join(dir, f));
  const file = path.join(dir, 'openapi.yaml');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  return dir;
}

/** A loopback port nothing listens on: a run that gets as far as connecting fails there. */
let closedUrl = '';
beforeAll(async () => {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  closedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((r) => server.close(() => r()));
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function runError(specDir: string, validators?: SuiteValidators): Promise<CbpError> {
  const env = { CBP_CLIENT_ID: 'id', CBP_CLIENT_SECRET: 'secret' };
  const argv = { baseUrl: closedUrl, authUrl: closedUrl, only: ['spec-status'], timeout: 2000 };
  const config = conformanceConfigFromArgv(argv, env);
  const err = await runConformance(config, { specDir, ...(validators ? { validators } : {}) }).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof CbpError)) throw new Error(`expected a CbpError, got ${String(err)}`);
  return err;
}

// A schema constraint the generated validators enforce: a changed limit is a changed contract.
const changed = (text: string) => {
  const edited = text.replace(/maxLength: 36\b/, 'maxLength: 35');
  if (edited === text) throw new Error('the edit changed nothing');
  return edited;
};

describe('the validators judge the contract the run loaded', () => {
  test("generated/ was compiled from spec/ (the hash cbp generate records is the loaded contract's)", async () => {
    const spec = await loadSuiteSpec();
    expect(spec.validatorsDocumentHash).toBe(apiInfo.documentHash);
    expect(generatedValidators.documentHash).toBe(apiInfo.documentHash);
  });

  test('specDir with a changed document and the generated validators: E_CONFIG before anything is sent', async () => {
    const err = await runError(specCopy(changed));
    expect(err.code).toBe('E_CONFIG');
    expect(err.message).toMatch(/generated\/ validators were compiled from another document than the contract in /);
    expect(err.details.hint).toMatch(/cbp generate from that document .*suiteValidatorsOf\(its output\)/);
    expect(err.details.file).toMatch(/openapi\.yaml$/);
  });

  test('specDir with an identical copy: the run goes on (and fails only where it connects)', async () => {
    expect((await runError(specCopy())).code).toBe('E_TARGET_UNREACHABLE');
  });

  test('validators compiled from the changed document pass; those that do not say vouch for themselves', async () => {
    const dir = specCopy(changed);
    const hash = (await loadSuiteSpec(dir)).validatorsDocumentHash;
    expect(hash).not.toBe(apiInfo.documentHash);
    const output = { validateResponse, validateWebhook, apiInfo: { documentHash: hash } };
    expect((await runError(dir, suiteValidatorsOf(output))).code).toBe('E_TARGET_UNREACHABLE');
    const { response, webhook } = generatedValidators;
    expect((await runError(dir, { response, webhook })).code).toBe('E_TARGET_UNREACHABLE');
    const published = (await loadSuiteSpec(dir)).model.documentHash;
    const withoutSandbox = { validateResponse, validateWebhook, apiInfo: { documentHash: published } };
    expect((await runError(dir, suiteValidatorsOf(withoutSandbox))).code).toBe('E_TARGET_UNREACHABLE');
    const stale = await runError(specCopy(), { ...generatedValidators, documentHash: hash });
    expect(stale.message).toMatch(/the validators passed in were compiled from another document/);
  });
});

describe('provenance reads the one loaded contract', () => {
  test('an assumption edited in the document is what provenance answers, from the loaded document object', async () => {
    const spec = await loadSuiteSpec(specCopy());
    // The overlay put its rules on their operations in the loaded document: provenance reads them there.
    type Item = Record<string, { 'x-cbp-rules'?: Array<Record<string, unknown>> }>;
    const groups = [spec.document.paths, spec.document.webhooks] as Array<Record<string, Item>>;
    const items = groups.flatMap((g) => Object.values(g));
    const entry = items.flatMap((item) => Object.values(item).flatMap((op) => op['x-cbp-rules'] ?? []))[0];
    const rule = spec.model.rules.find((r) => r.id === entry?.id);
    expect(rule).toBeDefined();
    const before = spec.provenance.rule(rule!.id, rule!.source);
    entry['x-assumption'] = { id: 'A-EDITED-IN-MEMORY' };
    const after = spec.provenance.rule(rule!.id, rule!.source);
    expect(after).not.toEqual(before);
    expect(after).toMatchObject({ kind: 'assumption', ids: ['A-EDITED-IN-MEMORY'] });
  });

  test('one load per directory: every reader of a run gets the same objects', async () => {
    const dir = specCopy();
    const [a, b] = await Promise.all([loadSuiteSpec(dir), loadSuiteSpec(`${dir}${path.sep}`)]);
    expect(a).toBe(b);
    expect(a.model.documentHash).not.toBe(a.validatorsDocumentHash);
  });
});

/**
 * `cbp generate --check` answered from the result cache (node_modules/.cache/cbp/): it must give
 * the verdict a full check gives — hand edits, deleted and extra files are caught — and any
 * change to an input, including a file the document references, must not be answered from it.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import { ROOT } from './helpers/compile-output.js';
import { recordingIO } from './helpers/io.js';

const cwd = mkdtempSync(path.join(os.tmpdir(), 'cbp-cache-'));
cpSync(path.join(ROOT, 'test/fixtures/generator/multi-file'), path.join(cwd, 'api'), { recursive: true });
mkdirSync(path.join(cwd, 'node_modules'));
const runtime = JSON.parse(readFileSync(path.join(ROOT, 'packages/runtime/package.json'), 'utf8')) as {
  name: string;
  version: string;
};
const toolkit = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
// The output imports its runtime from the runtime package (the default 'package' mode).
writeFileSync(
  path.join(cwd, 'package.json'),
  JSON.stringify({
    name: 'app',
    dependencies: {
      [runtime.name]: runtime.version,
      ajv: '8.20.0',
      'ajv-formats': '3.0.1',
      re2js: toolkit.dependencies.re2js!,
    },
  }),
);
writeFileSync(
  path.join(cwd, 'cbp.config.json'),
  JSON.stringify({ spec: 'api/openapi.yaml', out: 'out', plugins: ['operations', 'validators'] }),
);
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

async function cbp(...args: string[]) {
  const io = recordingIO(cwd);
  const code = await main(args, io);
  return { code, err: io.stderr.join('\n') };
}

const cacheDir = path.join(cwd, 'node_modules/.cache/cbp');
const cacheFile = () => path.join(cacheDir, readdirSync(cacheDir)[0]!);
const edit = (rel: string, change: (text: string) => string) =>
  writeFileSync(path.join(cwd, rel), change(readFileSync(path.join(cwd, rel), 'utf8')));

describe('generate --check with the result cache', () => {
  test('a hit answers from the recorded hashes, and still catches hand edits, deletions and extra files', async () => {
    expect((await cbp('generate')).code).toBe(0);
    expect(readdirSync(cacheDir)).toHaveLength(1);
    expect((await cbp('generate', '--check')).code).toBe(0);

    // The record is what a hit compares against: a recorded hash that differs makes the check fail.
    const record = readFileSync(cacheFile(), 'utf8');
    const tampered = JSON.parse(record) as { files: Record<string, string> };
    tampered.files['operations.ts'] = '0'.repeat(64);
    writeFileSync(cacheFile(), JSON.stringify(tampered));
    expect((await cbp('generate', '--check')).err).toContain('stale: operations.ts');
    writeFileSync(cacheFile(), record);

    edit('out/validators.ts', (t) => t.replace('validateRequest', 'validateRequesT'));
    const stale = await cbp('generate', '--check');
    expect(stale.code).toBe(1);
    expect(stale.err).toContain('stale: validators.ts');
    expect((await cbp('generate')).code).toBe(0);

    rmSync(path.join(cwd, 'out/rules.ts'));
    writeFileSync(path.join(cwd, 'out/old.ts'), readFileSync(path.join(cwd, 'out/validators.ts'), 'utf8'));
    const changed = await cbp('generate', '--check');
    expect(changed.code).toBe(1);
    expect(changed.err).toContain('missing: rules.ts');
    expect(changed.err).toContain('extra: old.ts');
    expect((await cbp('generate')).code).toBe(0);
    expect((await cbp('generate', '--check')).code).toBe(0);
  });

  test('a change to a file the document references is not answered from the cache', async () => {
    expect((await cbp('generate')).code).toBe(0);
    // dog-properties.yaml is reached only through pets.yaml and dog.yaml.
    edit('api/dog-properties.yaml', (t) => `${t.trimEnd()}\ncollar_id: { type: string, maxLength: 7 }\n`);
    const check = await cbp('generate', '--check');
    expect(check.code).toBe(1);
    expect(check.err).toMatch(/stale: (operations|validators-data)\.ts/);
  });
});

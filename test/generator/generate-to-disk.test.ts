/**
 * generateToDisk (the Node API's `cbp generate`): what the CLI did, as a library call — write,
 * check without writing (drift reported, nothing changed on disk), a check answered from the result
 * cache, the stubs and the tool profile.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { generateToDisk, resolveGenerateConfig } from '../../api/index.js';
import { ROOT } from './helpers/compile-output.js';

const cwd = mkdtempSync(path.join(os.tmpdir(), 'cbp-to-disk-'));
cpSync(path.join(ROOT, 'test/fixtures/generator/multi-file'), path.join(cwd, 'api'), { recursive: true });
// node_modules/ is where the result cache lives.
mkdirSync(path.join(cwd, 'node_modules'));
// The packages the copied runtime imports, declared as the host project's dependencies.
const toolkit = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const { ajv, 'ajv-formats': formats, re2js } = toolkit.dependencies;
writeFileSync(
  path.join(cwd, 'package.json'),
  JSON.stringify({ name: 'app', dependencies: { ajv, 'ajv-formats': formats, re2js } }),
);
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

// Stubs select the stubs plugin (and its server runtime): every call below names them.
const argv = {
  spec: 'api/openapi.yaml',
  out: 'out',
  plugins: ['operations', 'validators'],
  runtime: 'copy',
  stubs: 'handlers',
};
const config = (check: boolean) => resolveGenerateConfig({ ...argv, check }, cwd);

describe('generateToDisk', () => {
  test('writes the output, the stubs and the tool profile', async () => {
    const r = await generateToDisk(await config(false), { cwd, toolProfile: 'profile.json' });
    expect(r.ok).toBe(true);
    expect(r.written?.written).toContain('operations.ts');
    expect(readdirSync(path.join(cwd, 'out'))).toContain('validators.ts');
    expect(r.stubs?.created.length).toBeGreaterThan(0);
    expect(r.toolProfile).toBe(path.join(cwd, 'profile.json'));
    expect(JSON.parse(readFileSync(r.toolProfile!, 'utf8'))).toHaveProperty('paths');
  });

  test('a check is answered from the cache, and reports drift without writing', async () => {
    const hit = await generateToDisk(await config(true), { cwd });
    expect(hit).toMatchObject({ ok: true, fromCache: true, drift: { stale: [], missing: [], extra: [] } });
    expect(hit.written).toBeUndefined();

    const file = path.join(cwd, 'out/validators.ts');
    const edited = `${readFileSync(file, 'utf8')}\n// a hand edit\n`;
    writeFileSync(file, edited);
    rmSync(path.join(cwd, 'out/operations.ts'));
    const drift = await generateToDisk(await config(true), { cwd });
    expect(drift.ok).toBe(false);
    expect(drift.drift).toMatchObject({ stale: ['validators.ts'], missing: ['operations.ts'], extra: [] });
    // Nothing written: the edit stays, the deleted file stays deleted.
    expect(readFileSync(file, 'utf8')).toBe(edited);
    expect(existsSync(path.join(cwd, 'out/operations.ts'))).toBe(false);
  });

  test('without a cache to read, a check generates (fromCache false) and gives the same verdict', async () => {
    rmSync(path.join(cwd, 'node_modules/.cache'), { recursive: true, force: true });
    const r = await generateToDisk(await config(true), { cwd });
    expect(r.fromCache).toBe(false);
    expect(r.drift).toMatchObject({ stale: ['validators.ts'], missing: ['operations.ts'] });
    expect((await generateToDisk(await config(false), { cwd })).ok).toBe(true);
    expect((await generateToDisk(await config(true), { cwd })).drift).toMatchObject({ stale: [], missing: [] });
  });
});

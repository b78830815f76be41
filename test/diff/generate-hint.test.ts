/**
 * `cbp generate --check` points to `cbp diff` when the contract itself changed since the output
 * was written (the document hash its headers record), and not when only the output was edited.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { main } from '../../cli/main.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cbp-diff-hint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const spec = path.join(dir, 'openapi.yaml');
const doc = (status: string) =>
  `openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get:\n      operationId: getA\n      responses:\n        "${status}": { description: ok }\n`;

async function check() {
  const err: string[] = [];
  const code = await main(
    ['generate', '--spec', spec, '--out', path.join(dir, 'gen'), '--plugins', 'operations', '--check'],
    {
      out: () => undefined,
      err: (t) => err.push(t),
      cwd: dir,
    },
  );
  return { code, err: err.join('\n') };
}

it('names cbp diff when the document changed, and not when only the output was edited', async () => {
  writeFileSync(spec, doc('200'));
  const written = await main(['generate', '--spec', spec, '--out', path.join(dir, 'gen'), '--plugins', 'operations'], {
    out: () => undefined,
    err: () => undefined,
    cwd: dir,
  });
  expect(written).toBe(0);
  const ops = path.join(dir, 'gen/operations.ts');
  const original = readFileSync(ops, 'utf8');
  writeFileSync(ops, `${original}// edited\n`);
  const edited = await check();
  expect(edited.code).toBe(1);
  expect(edited.err).toContain('E_STALE_OUTPUT');
  expect(edited.err).not.toContain('cbp diff');
  writeFileSync(ops, original);
  writeFileSync(spec, doc('201'));
  const changed = await check();
  expect(changed.code).toBe(1);
  expect(changed.err).toContain(`\`cbp diff git:HEAD:${spec} ${spec}\``);
}, 60_000);

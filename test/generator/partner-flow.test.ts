/**
 * A partner's project: no spec/ of its own, the toolkit installed. `cbp generate --out src/api`
 * generates the contract the package ships (spec, rules overlay, the payments kit with its state
 * table) and says so; `--contract cross-border-payments` asks for it by name, and `--plugins`
 * with payments finds the packaged state table.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import { recordingIO } from './helpers/io.js';

const cwd = mkdtempSync(path.join(os.tmpdir(), 'cbp-partner-'));
writeFileSync(path.join(cwd, 'package.json'), JSON.stringify({ name: 'partner-app', private: true }));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

async function cbp(...args: string[]) {
  const io = recordingIO(cwd);
  const code = await main(args, io);
  return { code, io };
}

describe('the partner flow', () => {
  test('with no spec/ here, `cbp generate --out src/api` generates ' +
    'the packaged contract with the payments kit, and says so', async () => {
    const { code, io } = await cbp('generate', '--out', 'src/api');
    expect(io.stderr.filter((l) => l.startsWith('E_'))).toEqual([]);
    expect(code).toBe(0);
    expect(io.stdout[0]).toContain('no spec/openapi.yaml here: generating the contract this package ships');
    for (const file of ['client.ts', 'validators.ts', 'payment-states.ts', 'webhooks.ts'])
      expect(existsSync(path.join(cwd, 'src/api', file)), file).toBe(true);
    expect(readFileSync(path.join(cwd, 'src/api/client.ts'), 'utf8')).toContain(
      'export function createPaymentsClient(',
    );
  }, 60_000);

  test('--contract cross-border-payments --plugins client,payments: the packaged state table is found', async () => {
    const { code, io } = await cbp(
      'generate',
      '--contract',
      'cross-border-payments',
      '--plugins',
      'client,payments',
      '--out',
      'src/chosen',
    );
    expect(io.stderr.filter((l) => l.startsWith('E_'))).toEqual([]);
    expect(code).toBe(0);
    expect(existsSync(path.join(cwd, 'src/chosen/payment-states.ts'))).toBe(true);
    expect(existsSync(path.join(cwd, 'src/chosen/server.ts'))).toBe(false);
  }, 60_000);
});

/**
 * A symbolic link in the output folder that leads out of it (a generated file's name, or a folder
 * on the way) is refused before anything is written: E_OUTPUT_SYMLINK, exit 2, the canary outside
 * unchanged. `--watch` writes through the same function, so a link planted in a watched output is
 * refused on its next run too. A link that stays inside the output, and an output folder that is
 * itself a link, are written as before.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import { writeGenerated } from '../../generator/output-files.js';
import { watchGenerate } from '../../generator/watch.js';
import { plugins } from '../../api/plugins.js';
import { recordingIO } from './helpers/io.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-output-symlinks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const spec = path.resolve('spec/openapi.yaml');

function project(name: string): { root: string; outside: string } {
  const root = path.join(dir, name, 'project');
  const outside = path.join(dir, name, 'outside');
  mkdirSync(root, { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(path.join(outside, 'canary.txt'), 'canary\n');
  return { root, outside };
}

async function generate(cwd: string, out: string) {
  const io = recordingIO(cwd);
  const code = await main(['generate', '--spec', spec, '--out', out, '--runtime', 'copy', '--no-overlay'], io);
  return { code, text: io.text() };
}

describe('symbolic links out of the output folder', () => {
  test('a generated file name that is a link out: refused, exit 2, the target untouched', async () => {
    const { root, outside } = project('file');
    mkdirSync(path.join(root, 'out'));
    symlinkSync(path.join(outside, 'canary.txt'), path.join(root, 'out', 'types.ts'));
    const { code, text } = await generate(root, 'out');
    expect(code).toBe(2);
    expect(text).toMatch(/^E_OUTPUT_SYMLINK: types\.ts in the output folder is a symbolic link that leads out of it/m);
    expect(readFileSync(path.join(outside, 'canary.txt'), 'utf8')).toBe('canary\n');
  });

  test('a folder on the way that is a link out: refused, nothing written there', async () => {
    const { root, outside } = project('folder');
    mkdirSync(path.join(root, 'out'));
    symlinkSync(outside, path.join(root, 'out', 'runtime'));
    const { code, text } = await generate(root, 'out');
    expect(code).toBe(2);
    expect(text).toMatch(/^E_OUTPUT_SYMLINK: runtime in the output folder/m);
    expect(readFileSync(path.join(outside, 'canary.txt'), 'utf8')).toBe('canary\n');
    expect(() => readFileSync(path.join(outside, 'server', 'router.ts'))).toThrow();
  });

  test('a dangling link is refused too (it could be made to point anywhere)', () => {
    const { root } = project('dangling');
    mkdirSync(path.join(root, 'out'));
    symlinkSync(path.join(dir, 'nowhere', 'x.ts'), path.join(root, 'out', 'a.ts'));
    expect(() => writeGenerated([{ path: 'a.ts', contents: 'x' }], path.join(root, 'out'))).toThrow(
      expect.objectContaining({ code: 'E_OUTPUT_SYMLINK' }),
    );
  });

  test('a link inside the output and an output folder that is a link are written as before', () => {
    const { root, outside } = project('inside');
    mkdirSync(path.join(root, 'out', 'real'), { recursive: true });
    symlinkSync(path.join(root, 'out', 'real'), path.join(root, 'out', 'alias'));
    expect(writeGenerated([{ path: 'alias/a.ts', contents: 'a' }], path.join(root, 'out')).written).toEqual([
      'alias/a.ts',
    ]);
    expect(readFileSync(path.join(root, 'out', 'real', 'a.ts'), 'utf8')).toBe('a');
    symlinkSync(outside, path.join(root, 'linked-out'));
    writeGenerated([{ path: 'b.ts', contents: 'b' }], path.join(root, 'linked-out'));
    expect(readFileSync(path.join(outside, 'b.ts'), 'utf8')).toBe('b');
  });

  test('--watch refuses a link planted in its output on the next run', async () => {
    const { root, outside } = project('watch');
    writeFileSync(path.join(root, 'openapi.yaml'), readFileSync(spec));
    const errors: unknown[] = [];
    let runs = 0;
    const watcher = await watchGenerate({
      argv: { spec: 'openapi.yaml', out: 'out', runtime: 'copy', overlay: false } as never,
      cwd: root,
      plugins,
      debounceMs: 20,
      onRun: () => void runs++,
      onError: (e) => void errors.push(e),
    });
    try {
      expect(runs).toBe(1);
      rmSync(path.join(root, 'out', 'types.ts'));
      symlinkSync(path.join(outside, 'canary.txt'), path.join(root, 'out', 'types.ts'));
      writeFileSync(path.join(root, 'openapi.yaml'), `${readFileSync(spec, 'utf8')}\n# changed\n`);
      await expect.poll(() => errors.length, { timeout: 10_000 }).toBe(1);
      expect(errors[0]).toMatchObject({ code: 'E_OUTPUT_SYMLINK' });
      expect(readFileSync(path.join(outside, 'canary.txt'), 'utf8')).toBe('canary\n');
    } finally {
      watcher.close();
    }
  });
});

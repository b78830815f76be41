// README and docs/ link examples/ and each other: every linked examples/ file and every docs/
// page exists and is in the package a partner installs (npm's own file list, as `npm pack` would
// write it), so no link of the installed documentation is dead.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { docFiles } from './readme-blocks.js';

test('every examples/ file the documentation links, and every docs/ page, is in the packed file list', {
  timeout: 60_000,
}, () => {
  const linked = new Set<string>();
  for (const file of docFiles())
    for (const m of readFileSync(file, 'utf8').matchAll(/\]\(([^)#\s]+)[^)]*\)/g)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]!));
      if (target.startsWith('examples/')) linked.add(target);
    }
  expect(linked.size).toBeGreaterThan(3);
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' }),
  ) as Array<{ files: Array<{ path: string }> }>;
  const files = new Set(packed[0]!.files.map((f) => f.path));
  for (const link of [...linked, ...docFiles()]) {
    expect(existsSync(link), link).toBe(true);
    expect(files.has(link), `${link} is not in the package`).toBe(true);
  }
});

// README links examples/: every linked file exists and is in the package a partner installs
// (npm's own file list, as `npm pack` would write it), so no link of the installed README is dead.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

test('every examples/ file README links is in the packed file list', { timeout: 60_000 }, () => {
  const readme = readFileSync('README.md', 'utf8');
  const linked = [...new Set([...readme.matchAll(/\]\((examples\/[^)#\s]+)\)/g)].map((m) => m[1]!))];
  expect(linked.length).toBeGreaterThan(3);
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' }),
  ) as Array<{ files: Array<{ path: string }> }>;
  const files = new Set(packed[0]!.files.map((f) => f.path));
  for (const link of linked) {
    expect(existsSync(link), link).toBe(true);
    expect(files.has(link), `${link} is not in the package`).toBe(true);
  }
});

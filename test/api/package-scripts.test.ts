/**
 * Installing a published package runs none of its scripts: neither the toolkit nor the runtime
 * package has a `prepare` (or install) script, and both build their dist/ in `prepack`, before
 * the tarball is made. A clone builds with `npm run build` (README, .ci/run).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../generator/helpers/compile-output.js';

const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

test.each(['package.json', 'packages/runtime/package.json'])(
  '%s: no install-time script, the build in prepack',
  (file) => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as { scripts: Record<string, string> };
    for (const name of INSTALL_SCRIPTS) expect(pkg.scripts[name], name).toBeUndefined();
    expect(pkg.scripts['prepack']).toBe('npm run build');
  },
);

test('the README and CI build a clone explicitly after npm ci', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  expect(readme).toContain('npm ci && npm run build && npx cbp conformance');
  expect(readFileSync(path.join(ROOT, '.ci/run'), 'utf8')).toMatch(/npm ci [^\n]*\n(#[^\n]*\n)*npm run build\n/);
});

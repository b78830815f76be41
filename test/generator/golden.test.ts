import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { generate } from '../../generator/generate.js';
import { checkGenerated } from '../../generator/output-files.js';
import { resolveGenerateConfig } from '../../generator/resolve-config.js';
import { ROOT } from './helpers/compile-output.js';

// Golden files: generated/ is the committed output for spec/ (cbp.config.json). Generating from
// the sources in memory must reproduce it byte for byte; when it does not, the templates, the
// generator or the spec changed without `npm run generate`.
describe('generated/ (golden output for spec/)', () => {
  test('is exactly what the current spec, overlay, templates and generator produce', async () => {
    const config = await resolveGenerateConfig({}, ROOT);
    const { files } = await generate(config, { cwd: ROOT });
    const drift = checkGenerated(files, path.join(ROOT, config.out));
    expect(drift, 'run `npm run generate` and commit generated/').toEqual({ stale: [], missing: [], extra: [] });
  });
});

import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { generate } from '../../api/index.js';
import { checkGenerated, writeGenerated } from '../../generator/output-files.js';
import { resolveGenerateConfig } from '../../generator/resolve-config.js';
import { plugins } from '../../api/plugins.js';
import { packageInfo } from '../../generator/package-info.js';
import { runtimePackage } from '../../generator/plugins/runtime-root.js';
import { ROOT } from './helpers/compile-output.js';

// Golden files, one whole-document tree per scenario, compared byte for byte with a generation
// in memory. When one differs, the templates, the generator or the document changed without the
// tree being regenerated: `npm run generate` for generated/, `CBP_UPDATE_GOLDEN=1 npx vitest run
// test/generator/golden.test.ts` for the others (then review the diff and commit it).
const PETSTORE = 'node_modules/@readme/oas-examples/3.0/yaml/petstore-expanded.yaml';
const update = process.env.CBP_UPDATE_GOLDEN === '1';

describe('golden trees', () => {
  test('generated/ is exactly what spec/ with cbp.config.json (payments plugin) produces', async () => {
    const config = await resolveGenerateConfig({}, ROOT, plugins);
    const { files } = await generate(config, { cwd: ROOT });
    const drift = checkGenerated(files, path.join(ROOT, config.out));
    expect(drift, 'run `npm run generate` and commit generated/').toEqual({ stale: [], missing: [], extra: [] });
  });

  test(
    'test/generator/golden/petstore-expanded/ is exactly ' + 'what a petstore with the default plugins produces',
    async () => {
      const out = path.join(ROOT, 'test/generator/golden/petstore-expanded');
      const { files } = await generate(
        { spec: PETSTORE, overlays: [], out, check: false, clientFactoryName: 'createApiClient' },
        { cwd: ROOT },
      );
      if (update) writeGenerated(files, out);
      expect(
        checkGenerated(files, out),
        'CBP_UPDATE_GOLDEN=1 npx vitest run test/generator/golden.test.ts, review, commit',
      ).toEqual({ stale: [], missing: [], extra: [] });
      // Generic output: nothing of the payments kit, no framework the default selection does not name.
      expect(
        files.map((f) => f.path).filter((p) => /payment|webhook|procedure|stateful-rules|decimal|hono/.test(p)),
      ).toEqual([]);
      // Words of the payment service in any generic file, comments included (the names of the
      // toolkit and of its runtime package aside): generic runtime cites OpenAPI and the RFCs, never
      // the payment service's description.
      const names = [packageInfo().name, runtimePackage().name];
      const serviceWords = /payment|recipient|customer|seed|rules\.overlay/i;
      const assumptionId = /\bA-[A-Z]+-[A-Z0-9]+\b/;
      const cited = files.filter(
        (f) =>
          serviceWords.test(names.reduce((text, name) => text.replaceAll(name, ''), f.contents)) ||
          assumptionId.test(f.contents),
      );
      expect(cited.map((f) => f.path)).toEqual([]);
    },
  );
});

/** tsc over the validators output (validators.ts must type-check; the standalone files carry
 * @ts-nocheck) for our spec and the hostile documents, in one compiler run. */
import { afterAll, expect, it } from 'vitest';
import { compileOutput, type CompiledOutput } from '../../generator/helpers/compile-output.js';
import { generateValidators } from './gen-helper.js';

let out: CompiledOutput | undefined;
afterAll(() => out?.cleanup());

it('validators output type-checks for spec/, hostile 3.1 and hostile 3.0 documents', async () => {
  out = await compileOutput({
    spec: await generateValidators(),
    hostile31: await generateValidators('test/fixtures/keywords/hostile-patterns.yaml', [
      'test/fixtures/keywords/hostile-patterns.overlay.yaml',
    ]),
    hostile30: await generateValidators('test/fixtures/hostile/hostile-3.0.yaml', []),
  });
  expect(out.diagnostics).toBe('');
});

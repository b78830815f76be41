/** Generates the project's spec (with the rules overlay) with the validators and payments plugins. */
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { GenerateConfig } from '../../../generator/config.js';
import type { GeneratedFile } from '../../../generator/emitters/emitter.js';
import { generate } from '../../../api/index.js';
import { ROOT, outDir } from './harness.js';

export async function generateValidators(
  spec = 'spec/openapi.yaml',
  overlays = ['spec/rules.overlay.yaml'],
  standalone = false,
): Promise<GeneratedFile[]> {
  const config: GenerateConfig = {
    spec,
    overlays,
    out: 'generated',
    check: false,
    clientFactoryName: 'createApiClient',
    plugins: ['validators', 'payments'],
    ...(standalone ? { pluginOptions: { validators: { standalone: true } } } : {}),
  };
  const result = await generate(config, { cwd: ROOT });
  return result.files;
}

/** Writes files under tmp/ and returns the directory. */
export function writeOut(files: GeneratedFile[], label: string): string {
  const dir = outDir(label);
  for (const f of files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.contents);
  }
  return dir;
}

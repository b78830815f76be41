/** The OpenAPI 3.0 and 3.1 example documents of @readme/oas-examples (YAML flavour). */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './compile-output.js';

export const README_EXAMPLES = path.join(ROOT, 'node_modules/@readme/oas-examples');

export function readmeExamples(version: '3.0' | '3.1'): string[] {
  const dir = path.join(README_EXAMPLES, version, 'yaml');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => path.join(dir, f));
}

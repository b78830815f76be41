/**
 * Generate here, measure in a fresh process: an application loads generated code but never runs
 * the generator in the same process. When the generator ran first, ajv's compiler and the
 * generator's own validators fed many strings through ajv's shared runtime helpers (`ucs2length`),
 * and V8 then stopped inlining them into the hot validators: every ajv path measured 2-3x slower
 * than it runs in an application.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MEASURE_FLAG = '--measure';

/**
 * In the first process: `prepare()`, then the same script (`scriptUrl`, its import.meta.url)
 * again with the same Node flags (the TypeScript loader `npm run bench` passes), where
 * `measure()` runs instead; `cleanup()` after it, whatever happened.
 */
export async function generateThenMeasure(
  scriptUrl: string,
  steps: { prepare(): Promise<void>; measure(): Promise<void>; cleanup(): void },
): Promise<void> {
  if (process.argv.includes(MEASURE_FLAG)) return steps.measure();
  try {
    await steps.prepare();
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(scriptUrl), MEASURE_FLAG], {
      stdio: 'inherit',
    });
    if (child.status !== 0) throw new Error(`the measuring process exited with ${child.status ?? child.signal}`);
  } finally {
    steps.cleanup();
  }
}

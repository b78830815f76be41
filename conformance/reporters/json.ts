/** JSON reporter: the whole SuiteSummary (failures with redacted evidence) in one file. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, SuiteSummary } from '../engine/types.js';

export function jsonReporter(file: string): Reporter {
  let summary: SuiteSummary | undefined;
  return {
    name: 'json',
    handle(e) {
      if (e.type === 'suite-finish') summary = e.summary;
    },
    finish() {
      if (!summary) return;
      mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
    },
  };
}

/**
 * The runner against the catalogue of LEGITIMATE variations (test/variants/legitimate.ts): what
 * the seed allows, leaves "not shown" or calls "usually"/"may", and ordinary provider styles.
 * Each ends with 0 failures: a partner is never failed for what the seed does not forbid.
 */
import { describe, expect, test } from 'vitest';
import { legitimateVariants } from '../variants/legitimate.js';
import { runAgainst } from './variant-helpers.js';

describe('each legitimate variation ends with 0 failures', () => {
  for (const v of legitimateVariants) {
    test(`${v.name} (${v.seed})`, async () => {
      const summary = await runAgainst(v, v.checks, { require: v.require });
      const failures = summary.outcomes.flatMap((o) =>
        o.failures.filter((f) => f.severity === 'error').map((f) => `${o.checkId}: ${f.message} [${f.rule}]`),
      );
      expect(failures).toEqual([]);
      expect(summary.failed).toBe(0);
      if (v.note) expect((summary.notes ?? []).join('\n')).toMatch(v.note);
      expect(summary.outcomes.every((o) => o.status !== 'skipped')).toBe(true);
    });
  }
});

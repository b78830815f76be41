/**
 * The whole suite (every check, as `cbp conformance` runs by default) against every LEGITIMATE
 * variation: a partner is never failed for what the seed allows. The fast file
 * (legitimate.test.ts) runs only the checks each variation names.
 */
import { describe, expect, test } from 'vitest';
import { legitimateVariants } from '../variants/legitimate.js';
import { runAgainst } from './variant-helpers.js';

describe('the whole suite against each legitimate variation ends with 0 failures', () => {
  for (const v of legitimateVariants) {
    test(`${v.name} (${v.seed})`, async () => {
      const summary = await runAgainst(v, [], { require: v.require });
      const failures = summary.outcomes.flatMap((o) =>
        o.failures.filter((f) => f.severity === 'error').map((f) => `${o.checkId}: ${f.message} [${f.rule}]`),
      );
      expect(failures).toEqual([]);
      expect(summary.failed).toBe(0);
      if (v.note) expect((summary.notes ?? []).join('\n')).toMatch(v.note);
    }, 120_000);
  }
});

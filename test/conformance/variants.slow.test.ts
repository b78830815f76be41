/** The whole suite against every broken variant: the named check fails, and the run exits non-zero. */
import { describe, expect, test } from 'vitest';
import { variants } from '../variants/catalogue.js';
import { runAgainst } from './variant-helpers.js';

describe('full suite against each broken variant', () => {
  for (const v of variants) {
    test(v.name, async () => {
      const summary = await runAgainst(v, [], { strict: v.strict !== undefined });
      expect(summary.failed).toBeGreaterThan(0);
      expect(summary.outcomes.find((o) => o.checkId === v.check)?.status).toBe('failed');
    }, 60_000);
  }
});

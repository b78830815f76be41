/** One injected fault: the console shows its root cause first and groups what follows from it. */
import { expect, test } from 'vitest';
import { summaryLines } from '../../conformance/reporters/console.js';
import { variants } from '../variants/catalogue.js';
import { runAgainst } from './variant-helpers.js';

test('a payout without recipient_id: the root cause comes first, its consequences under it', async () => {
  const variant = variants.find((v) => v.name === 'lifecycle/payout-without-recipient-id')!;
  const summary = await runAgainst(variant, ['lifecycle']);
  const lines = summaryLines(summary, 20);
  const fails = lines.filter((l) => /^\s*FAIL \[lifecycle\]/.test(l));
  expect(fails[0]).toMatch(/PAYOUT_INITIATED \(.*\) without recipient_id/);
  const grouped = lines.findIndex((l) => l.startsWith('likely consequence of: events.payout-recipient-id'));
  expect(grouped).toBeGreaterThan(lines.indexOf(fails[0]));
  // Within the per-check cap, every root cause is shown before any consequence.
  const lifecycle = summary.outcomes.find((o) => o.checkId === 'lifecycle')!;
  const roots = lifecycle.failures.filter((f) => !f.likelyConsequenceOf && f.severity === 'error');
  expect(roots.length).toBeGreaterThan(0);
  expect(lifecycle.failures.filter((f) => f.likelyConsequenceOf).length).toBeGreaterThan(0);
  expect(lines.join('\n')).toContain(
    'source: the provider\'s service description, §States and transitions, row 4 "One webhook per recipient, with recipient_id"',
  );
});

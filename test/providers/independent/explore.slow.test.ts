import { writeFileSync } from 'node:fs';
import { test } from 'vitest';
import { findings, runInProcess } from './harness.js';

test('explore', async () => {
  const profile = JSON.parse(process.env.IND_PROFILE ?? '{}');
  const { summary, ms } = await runInProcess(profile);
  const f = findings(summary);
  const out = { ms: Math.round(ms), statuses: Object.fromEntries(summary.outcomes.map((o) => [o.checkId, `${o.status} ${o.cases}`])), ...f,
    skipped: summary.outcomes.flatMap((o) => (o.records ?? []).filter((r) => r.verdict === 'skipped').map((r) => `${o.checkId}: ${r.subject}: ${r.reason}`)), notes: summary.notes };
  writeFileSync(process.env.IND_OUT ?? 'tmp/explore.json', JSON.stringify(out, null, 2));
});

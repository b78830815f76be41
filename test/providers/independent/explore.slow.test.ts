import { writeFileSync } from 'node:fs';
import { test } from 'vitest';
import { findings, runInProcess } from './harness.js';

test('explore', async () => {
  const profiles = JSON.parse(process.env.IND_PROFILES ?? '[["base",{}]]') as Array<[string, object]>;
  const all: Record<string, unknown> = {};
  for (const [name, profile] of profiles) {
    const { summary, ms } = await runInProcess(profile);
    const f = findings(summary);
    all[name] = {
      ms: Math.round(ms),
      statuses: Object.fromEntries(summary.outcomes.map((o) => [o.checkId, `${o.status} ${o.cases}`])),
      ...f,
      skipped: summary.outcomes.flatMap((o) => (o.records ?? []).filter((r) => r.verdict === 'skipped').map((r) => `${o.checkId}: ${r.subject}: ${r.reason}`)),
    };
    writeFileSync(process.env.IND_OUT ?? 'tmp/explore.json', JSON.stringify(all, null, 2));
  }
});

import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'vitest';
import { findings, runInProcess, runViaCli } from './harness.js';
import { makePrivateCa } from './private-ca.js';

test('probe', async () => {
  const out: Record<string, unknown> = {};
  const ca = makePrivateCa();
  const opts = JSON.parse(process.env.IND_OPTS ?? '{}');
  const r = process.env.IND_CLI
    ? await runViaCli({ ...opts, ...(process.env.IND_NOTLS ? {} : { tls: { key: ca.key, cert: ca.cert } }) }, { NODE_EXTRA_CA_CERTS: ca.caPath }, readFileSync(ca.caPath, 'utf8'))
    : await runInProcess(opts);
  out.ms = r.ms;
  out.durations = Object.fromEntries(r.summary.outcomes.map((o) => [o.checkId, `${o.status} ${o.cases} ${Math.round(o.durationMs)}ms`]));
  Object.assign(out, findings(r.summary));
  out.notes = r.summary.notes;
  ca.dispose();
  writeFileSync(process.env.IND_OUT ?? 'tmp/probe.json', JSON.stringify(out, null, 2));
});

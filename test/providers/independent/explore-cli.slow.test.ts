import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'vitest';
import { findings, runViaCli } from './harness.js';
import { makePrivateCa } from './private-ca.js';

test('explore cli https', async () => {
  const ca = makePrivateCa();
  try {
    const caPem = readFileSync(ca.caPath, 'utf8');
    const r = await runViaCli({ tls: { key: ca.key, cert: ca.cert }, separateAuthHost: true }, { NODE_EXTRA_CA_CERTS: ca.caPath }, caPem);
    const f = findings(r.summary);
    writeFileSync(
      'tmp/cli.json',
      JSON.stringify(
        {
          ms: Math.round(r.ms),
          exit: r.exitCode,
          stderr: r.stderr.slice(-3000),
          statuses: Object.fromEntries(r.summary.outcomes.map((o) => [o.checkId, `${o.status} ${o.cases}`])),
          ...f,
        },
        null,
        2,
      ),
    );
  } finally {
    ca.dispose();
  }
});

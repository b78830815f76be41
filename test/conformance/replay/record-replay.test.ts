/**
 * Record a run against the embedded sandbox, replay it offline: the same verdicts, no request
 * the cassette cannot answer, no credential in the cassette's bytes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import { startSandboxTarget } from '../../../cli/sandbox-target.js';
import { conformanceConfigFromArgv } from '../../../conformance/suites/api/config.js';
import { parseCassette, serializeCassette, type Cassette } from '../../../conformance/suites/api/replay/cassette.js';
import { recordConformance } from '../../../conformance/suites/api/replay/record.js';
import { behaviourDiff } from '../../../conformance/suites/api/replay/behaviour-diff.js';
import { replayConformance } from '../../../conformance/suites/api/replay/run-replay.js';
import type { SuiteSummary } from '../../../conformance/engine/types.js';
import { main } from '../../../cli/main.js';
import { recordingIO } from '../../generator/helpers/io.js';

let cassette: Cassette;
let live: SuiteSummary;
const issued: string[] = [];
let secrets: string[] = [];

beforeAll(async () => {
  const config = conformanceConfigFromArgv({}, {});
  const target = await startSandboxTarget(config);
  // Every credential the run sees, to scan the cassette for.
  const spy: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const text = await res.clone().text();
    for (const m of text.matchAll(/"(access_token|secret)"\s*:\s*"([^"]+)"/g)) issued.push(m[2]!);
    return res;
  };
  secrets = [
    target.credentials.primary!.clientSecret,
    target.credentials.secondary!.clientSecret,
    target.credentials.apiKey!,
  ];
  try {
    const r = await recordConformance(config, { target: { ...target, fetch: spy } });
    cassette = r.cassette;
    live = r.summary;
  } finally {
    await target.close();
  }
}, 120_000);

describe('record and replay against the embedded sandbox', () => {
  test('the cassette holds the exchanges, the webhooks and the verdicts, and reads back', () => {
    expect(cassette.steps.filter((s) => s.kind === 'exchange').length).toBeGreaterThan(100);
    expect(cassette.steps.filter((s) => s.kind === 'webhook').length).toBeGreaterThan(10);
    expect(Object.keys(cassette.verdicts).length).toBe(live.outcomes.length);
    let back: unknown;
    try {
      back = parseCassette(serializeCassette(cassette));
    } catch (e) {
      throw new Error(`${(e as Error).message} ${JSON.stringify((e as { details?: unknown }).details)}`);
    }
    expect(back).toEqual(JSON.parse(JSON.stringify(cassette)));
  });

  test('no credential is written: client secrets, API key, issued tokens and signing secrets', () => {
    const text = gunzipSync(serializeCassette(cassette)).toString('utf8');
    expect(issued.length).toBeGreaterThan(2);
    for (const s of [...secrets, ...issued]) expect(text, s.slice(0, 4)).not.toContain(s);
    expect(text).not.toMatch(/client_secret=(?!\[redacted\])/);
  });

  test('the offline replay gives the same verdicts, every request answered', async () => {
    const config = conformanceConfigFromArgv({}, {});
    const r = await replayConformance(cassette, config);
    expect(r.misses).toEqual([]);
    expect(r.differences).toEqual([]);
    expect(r.summary.failed).toBe(live.failed);
    expect(r.summary.warnings).toBe(live.warnings);
  }, 120_000);
});

describe('behaviour diff', () => {
  test('a recording does not differ from itself', () => {
    expect(behaviourDiff(cassette, cassette)).toEqual([]);
  });

  test('another error body and success status are listed, each with the assumption that allows it', () => {
    const other = JSON.parse(JSON.stringify(cassette)) as Cassette;
    for (const s of other.steps) {
      if (s.kind !== 'exchange' || !s.response) continue;
      if (s.response.status >= 400 && s.response.status < 500 && s.path.startsWith('/v3/'))
        s.response.body = JSON.stringify({ error: { code: 'X', message: 'no' }, request_id: 'r1' });
      if (s.response.status === 201 && s.method === 'POST' && /^\/v3\/customers\/[^/]+\/payments$/.test(s.path))
        s.response.status = 202;
    }
    const diffs = behaviourDiff(cassette, other);
    expect(diffs).toContainEqual(
      expect.objectContaining({ area: 'error-body', b: '{error, request_id}', assumption: 'A-ERROR-BODY' }),
    );
    expect(diffs).toContainEqual(
      expect.objectContaining({
        area: 'statuses',
        subject: 'POST /v3/customers/{id}/payments',
        a: '201',
        b: '202',
        assumption: 'A-SUCCESS-STATUS',
      }),
    );
    expect(diffs.every((d) => d.assumption !== undefined)).toBe(true);
  });
});

describe('cbp diff --behaviour', () => {
  test('two cassettes of the same behaviour: no difference, exit 0; a missing cassette: exit 2', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-behaviour-'));
    try {
      writeFileSync(path.join(dir, 'a.cassette.gz'), serializeCassette(cassette));
      const io = recordingIO(dir);
      expect(await main(['diff', '--behaviour', 'a.cassette.gz', 'a.cassette.gz'], io), io.text()).toBe(0);
      expect(io.text()).toContain('no behaviour differences between a.cassette.gz and a.cassette.gz');
      const missing = recordingIO(dir);
      expect(await main(['diff', '--behaviour', 'nowhere.cassette.gz', 'a.cassette.gz'], missing)).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

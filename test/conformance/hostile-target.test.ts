/**
 * The conformance runner facing a target it must not trust: one that echoes the runner's own
 * credentials back (they never reach a report or the console), sends terminal control sequences
 * and forged report lines (escaped on the console), characters XML 1.0 forbids (the JUnit report
 * still parses), and answers that never end (read up to a cap, then cut and not judged).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { Http, MAX_ANSWER_BYTES } from '../../conformance/engine/http.js';
import { Recorder } from '../../conformance/engine/recorder.js';
import { Redactor } from '../../conformance/engine/redact.js';
import { runSuite } from '../../conformance/engine/run-suite.js';
import type { Failure, SuiteSummary } from '../../conformance/engine/types.js';
import { consoleReporter, fileReporters, renderHar, renderJunit } from '../../conformance/reporters/index.js';
import { conformanceConfigFromArgv } from '../../conformance/suites/api/config.js';
import { runConformance } from '../../conformance/suites/api/run-conformance.js';
import { overExchanges } from '../../conformance/suites/api/checks/spec-common.js';
import type { RunContext } from '../../conformance/suites/api/context.js';
import { startReceiver } from '../../conformance/engine/receiver.js';
import { runConsumerConformance } from '../../conformance/suites/consumer/run-consumer.js';
import { generateWebhookSecret } from 'cross-border-payments-runtime/payments/webhooks';
import { startSandbox } from '../../sandbox/index.js';
import { startProxy } from '../variants/proxy.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cbp-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const closers: Array<() => void> = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});

async function serve(handler: (res: ServerResponse, closed: () => boolean, body: string) => void): Promise<string> {
  const server = createServer((req, res) => {
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => handler(res, () => closed, body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('a target that echoes the credentials it was sent', () => {
  test('no client secret, access token, API key, expired token ' +
    'or signing secret reaches the console or any report', async () => {
    const mock = await startSandbox({ port: 0 });
    const [a, b] = mock.fixtures.clients;
    const issued = { tokens: new Set<string>(), signing: new Set<string>() };
    let tokenRequest = '';
    // Echoes what it was sent in a header of its own and in a text answer that is not form-shaped
    // (so no field name gives the secret away): the client's Authorization and apikey, the last
    // token request's body, and the webhook signing secret it issued.
    const proxy = await startProxy(mock.baseUrl, {
      request: (r) => {
        if (r.path === '/auth/oauth/v2/token')
          tokenRequest = new URLSearchParams(r.body as Record<string, string>).toString();
        return r;
      },
      response: (req, res) => {
        const body = res.body as Record<string, unknown> | undefined;
        if (req.path === '/auth/oauth/v2/token') {
          if (typeof body?.access_token === 'string') issued.tokens.add(body.access_token);
          return { ...res, body: { ...body, note: `you sent: ${tokenRequest}` } };
        }
        if (req.path.startsWith('/_sandbox/')) {
          if (typeof body?.secret === 'string') issued.signing.add(body.secret);
          return res;
        }
        const echo =
          `you sent Authorization: ${req.headers.authorization ?? '-'}, apikey: ${req.headers.apikey ?? '-'}; ` +
          `your token request: ${tokenRequest}; your signing secret: ${[...issued.signing].join(' ')}`;
        return { status: 500, headers: { 'content-type': 'text/plain', 'x-echo': echo }, body: echo };
      },
    });
    closers.push(() => void proxy.close().then(() => mock.close()));
    const expired = 'expired-fixture-token-5b2f9e';
    const env = {
      CBP_CLIENT_ID: a.client_id,
      CBP_CLIENT_SECRET: a.client_secret,
      CBP_CLIENT_ID_2: b.client_id,
      CBP_CLIENT_SECRET_2: b.client_secret,
      CBP_API_KEY: a.api_key ?? '',
      CBP_EXPIRED_TOKEN: expired,
    };
    const files = {
      json: path.join(dir, 'echo.json'),
      junit: path.join(dir, 'echo.xml'),
      markdown: path.join(dir, 'echo.md'),
      har: path.join(dir, 'echo.har'),
    };
    const config = conformanceConfigFromArgv(
      {
        baseUrl: proxy.url,
        only: ['auth', 'firm-statements', 'spec-content-type'],
        report: Object.entries(files).map(([k, v]) => `${k}=${v}`),
      },
      env,
    );
    const out: string[] = [];
    const summary = await runConformance(config, {
      reporters: [consoleReporter({ write: (t) => out.push(t) }), ...(await fileReporters(config.reports))],
    });

    const secrets = [
      a.client_secret,
      b.client_secret,
      a.api_key ?? '',
      expired,
      ...issued.tokens,
      ...issued.signing,
      ...[...issued.signing].map((s) => s.replace(/^whsec_/, '')),
    ];
    expect(issued.tokens.size).toBeGreaterThanOrEqual(1);
    expect(issued.signing.size).toBe(1);
    expect(a.api_key).toBeTruthy();
    const console = out.join('\n');
    // The target did echo, and the echo did reach the reports (redacted): the test can fail.
    expect(summary.failed).toBeGreaterThan(0);
    expect(console).toContain('you sent Authorization: Bearer [redacted]');
    const har = readFileSync(files.har, 'utf8');
    expect(har).toContain('client_secret=[redacted]; your signing secret: [redacted]');
    expect(har).toContain('apikey: [redacted]');
    expect(har).toContain(`you sent Authorization: Bearer [redacted], apikey: -`);
    for (const [name, text] of [
      ['console', console],
      ...Object.entries(files).map(([k, f]) => [k, readFileSync(f, 'utf8')]),
    ]) {
      for (const s of secrets) expect(text.includes(s), `${name} holds a secret ${s.slice(0, 6)}…`).toBe(false);
    }
  }, 60_000);

  test('a secret learnt after an exchange was recorded is redacted when the HAR is written', () => {
    const recorder = new Recorder();
    recorder.addExchange({
      checkId: 'c',
      path: '/v1/x',
      request: { method: 'GET', url: 'http://127.0.0.1/v1/x', headers: {} },
      response: {
        status: 200,
        headers: { 'x-next-token': 'tok-issued-later-1234' },
        body: 'soon: tok-issued-later-1234',
      },
    });
    recorder.redactor.learn('tok-issued-later-1234');
    const har = renderHar({ ...recorder });
    expect(har).not.toContain('tok-issued-later-1234');
    expect(har).toContain('soon: [redacted]');
  });

  test('the redactor finds a secret in the spellings a body gives it', () => {
    const r = new Redactor();
    r.learn('s3cr+t/value=', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'abc');
    expect(r.text('client_secret=s3cr%2Bt%2Fvalue%3D&x=1')).toBe('client_secret=[redacted]&x=1');
    expect(r.text('key MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe('key [redacted]');
    // Too short to search for without wrecking the report.
    expect(r.text('abc')).toBe('abc');
    expect(r.value({ ['__proto__']: 's3cr+t/value=' })).toEqual(JSON.parse('{"__proto__":"[redacted]"}'));
    // However deep a target nests it.
    const deep = JSON.parse(`${'['.repeat(200)}"s3cr+t/value="${']'.repeat(200)}`);
    expect(JSON.stringify(r.value(deep))).not.toContain('s3cr+t/value=');
  });
});

const forged =
  '\x1b[2J\x1b]0;owned\x07\x1b]8;;http://evil.invalid\x07click\x1b]8;;\x07\nPASS ' +
  'everything (1 cases, 0 ms)\r\u009b31m\u202eevil';

function failingSummary(message: string, body: unknown): SuiteSummary {
  const failure: Failure = {
    checkId: 'spec-content-type',
    subject: 'getThing',
    message,
    severity: 'error',
    evidence: {
      exchanges: [
        {
          request: { method: 'GET', url: 'http://127.0.0.1/v1/thing', headers: {} },
          response: { status: 200, headers: { 'content-type': 'text/plain' }, body },
        },
      ],
    },
  };
  return {
    target: 'http://127.0.0.1',
    outcomes: [
      {
        checkId: 'spec-content-type',
        title: 't',
        source: 's',
        tags: [],
        status: 'failed',
        failures: [failure],
        cases: 1,
        durationMs: 1,
      },
    ],
    passed: 0,
    failed: 1,
    warnings: 0,
    skipped: 0,
    durationMs: 1,
  };
}

describe('a webhook endpoint that echoes the signing secret (consumer suite)', () => {
  test('the secret is redacted in every failure the run reports', async () => {
    const secret = generateWebhookSecret();
    const url = await serve((res, _closed, body) =>
      res
        .writeHead(500, { 'content-type': 'text/plain', 'x-echo': secret })
        .end(`cannot verify ${body} with ${secret}`),
    );
    const out: string[] = [];
    const summary = await runConsumerConformance({
      url,
      secret,
      checks: ['consumer.single-recipient'],
      reporters: [consoleReporter({ write: (t) => out.push(t) })],
    });
    expect(summary.failed).toBe(1);
    const text = `${JSON.stringify(summary)}\n${out.join('\n')}`;
    expect(text).toContain('with [redacted]');
    expect(text).not.toContain(secret);
    expect(text).not.toContain(secret.replace(/^whsec_/, ''));
  });
});

describe('terminal control from a target', () => {
  test('the console shows escapes, never the sequences, and a target cannot start a line of its own', () => {
    const out: string[] = [];
    const progress: string[] = [];
    const reporter = consoleReporter({ write: (t) => out.push(t), progress: (t) => progress.push(t) });
    reporter.handle({ type: 'check-progress', checkId: 'lifecycle', lines: [`waiting for ${forged}`] });
    reporter.handle({ type: 'suite-finish', summary: failingSummary(`answered ${forged}`, forged) });
    const printed = out.join('\n');
    // ESC, BEL, CSI (C1), CR and the bidi override never reach the terminal.
    expect(printed).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202e]/);
    expect(progress.join('').replace(/\r\x1b\[2K/g, '')).not.toMatch(/[\x00-\x08\x0a-\x1f\x7f-\x9f]/);
    expect(printed).toContain('\\x1b[2J\\x1b]0;owned\\x07');
    // Every line written is one line, and no written line is the forged PASS line.
    for (const line of out) expect(line).not.toContain('\n');
    expect(printed.split('\n').some((l) => l.startsWith('PASS'))).toBe(false);
    expect(printed).toContain('\\nPASS everything');
  });
});

/** XML 1.0 §2.2 Char, and every start tag closed in order: what a strict parser requires of this report. */
function assertWellFormed(xml: string): void {
  for (const ch of xml) {
    const c = ch.codePointAt(0)!;
    const ok =
      c === 0x9 ||
      c === 0xa ||
      c === 0xd ||
      (c >= 0x20 && c <= 0xd7ff) ||
      (c >= 0xe000 && c <= 0xfffd) ||
      (c >= 0x10000 && c <= 0x10ffff);
    expect(ok, `character U+${c.toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML 1.0`).toBe(true);
  }
  const stack: string[] = [];
  for (const m of xml.matchAll(
    /<(\/?)([A-Za-z][\w.-]*)((?:\s+[\w.-]+="[^"<&]*(?:&(?:lt|gt|amp|quot|apos);[^"<&]*)*")*)\s*(\/?)>|<\?xml[^>]*\?>|&(?:lt|gt|amp|quot|apos);|([<>&])/g,
  )) {
    expect(m[5], `stray ${m[5]} in the document`).toBeUndefined();
    if (!m[2]) continue;
    if (m[1]) expect(stack.pop()).toBe(m[2]);
    else if (!m[4]) stack.push(m[2]);
  }
  expect(stack).toEqual([]);
}

describe('JUnit with what XML 1.0 forbids', () => {
  test('U+FFFF, U+FFFE, C0 controls and lone surrogates from a target are escaped: the report parses', () => {
    const hostile = `a\uFFFFb\uFFFEc\u0001d\u001be\uD800f\uDC00g <tag a="1"> & ]]> 😀`;
    const xml = renderJunit(failingSummary(hostile, hostile));
    assertWellFormed(xml);
    expect(xml).toContain('a\\uffffb\\ufffec\\x01d\\x1be\\ud800f\\udc00g &lt;tag a=&quot;1&quot;&gt; &amp; ]]&gt; 😀');
  });
});

describe('answers with no end', () => {
  test('an endless answer is read up to the cap, the stream is cancelled, and the record says it was cut', async () => {
    let sent = 0;
    let closedAt: number | undefined;
    const url = await serve((res, closed) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"items":[');
      const chunk = Buffer.alloc(64 * 1024, '{},');
      const pump = () => {
        if (closed()) {
          closedAt ??= sent;
          return;
        }
        sent += chunk.length;
        // Bounded so that a runner reading without a cap ends on its timeout, not out of memory.
        if (sent > 64 * 1024 * 1024) return void res.end(']}');
        res.write(chunk, () => setTimeout(pump, 5));
      };
      pump();
    });
    const recorder = new Recorder();
    const http = new Http({ baseUrl: url, authUrl: url, recorder, timeoutMs: 4000 });
    const t0 = Date.now();
    const res = await http.send({ operationId: 'listThings', method: 'GET', path: '/v1/things', auth: 'none' });
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(res.status).toBe(200);
    expect(res.indeterminate).toBe(`answer exceeded ${MAX_ANSWER_BYTES} bytes (the rest was not read)`);
    expect(res.exchange.response?.truncatedAt).toBe(MAX_ANSWER_BYTES);
    expect(Buffer.byteLength(String(res.body))).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
    // The server saw the connection close long before its 64 MiB.
    await new Promise((r) => setTimeout(r, 200));
    expect(closedAt).toBeDefined();
    expect(closedAt!).toBeLessThan(8 * 1024 * 1024);
    const entry = JSON.parse(renderHar(recorder)).log.entries[0];
    expect(entry.response.content.comment).toBe(
      `truncated: the answer exceeded ${MAX_ANSWER_BYTES} bytes; only those were read`,
    );
    expect(entry._cbp.truncatedAt).toBe(MAX_ANSWER_BYTES);
  });

  test('a check judging a cut answer reports a case not judged, not a schema failure', async () => {
    const url = await serve((res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ items: Array.from({ length: 400 }, (_, i) => ({ id: `item-${i}` })) })),
    );
    const recorder = new Recorder();
    const http = new Http({ baseUrl: url, authUrl: url, recorder, timeoutMs: 4000, maxAnswerBytes: 1024 });
    const summary = await runSuite(
      [
        {
          id: 'shape',
          title: 'the list is an object',
          source: 'test',
          tags: [],
          async run() {
            const res = await http.send({ operationId: 'listThings', method: 'GET', path: '/v1/things', auth: 'none' });
            const ok =
              typeof res.body === 'object' &&
              res.body !== null &&
              Array.isArray((res.body as { items?: unknown }).items);
            return {
              cases: 1,
              failures: ok
                ? []
                : [
                    {
                      checkId: 'shape',
                      message: 'the answer is not the documented object',
                      severity: 'error',
                      evidence: { exchanges: [res.exchange] },
                    },
                  ],
            };
          },
        },
      ],
      undefined,
      { target: url },
    );
    const outcome = summary.outcomes[0];
    expect(outcome.failures).toEqual([]);
    expect(outcome.status).toBe('passed');
    expect(outcome.records?.[0]).toMatchObject({
      verdict: 'not-judged',
      reason: 'not judged: answer exceeded 1024 bytes (the rest was not read)',
    });
  });

  test('the spec checks over every exchange do not judge a cut answer either', () => {
    const recorder = new Recorder();
    recorder.addExchange({
      checkId: 'positive',
      operationId: 'listThings',
      path: '/v1/things',
      indeterminate: 'answer exceeded 1024 bytes (the rest was not read)',
      request: { method: 'GET', url: 'http://127.0.0.1/v1/things', headers: {} },
      response: { status: 200, headers: {}, body: '{"items":[{"id":"item-0"},', truncatedAt: 1024 },
    });
    const ctx = { model: { operations: [{ id: 'listThings' }] }, recorder } as unknown as RunContext;
    const result = overExchanges(ctx, 'spec-schema', () => ({
      message: 'the body does not match the schema',
      rule: 'schema',
    }));
    expect(result.failures).toEqual([]);
    expect(result.records).toEqual([
      expect.objectContaining({
        verdict: 'skipped',
        reason: 'not judged: answer exceeded 1024 bytes (the rest was not read)',
      }),
    ]);
  });

  test('a webhook delivery larger than the cap is not read: 413, and the record says so', async () => {
    const recorder = new Recorder();
    const receiver = await startReceiver({ host: '127.0.0.1', port: 0, recorder });
    closers.push(() => void receiver.close());
    const res = await fetch(receiver.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"pad":"${'x'.repeat(MAX_ANSWER_BYTES + 10)}"}`,
    }).catch((err: Error) => ({ status: `connection closed: ${err.message}` }));
    expect([413, 'connection closed: fetch failed']).toContain(res.status);
    expect(recorder.webhooks).toHaveLength(1);
    expect(recorder.webhooks[0]).toMatchObject({
      truncatedAt: MAX_ANSWER_BYTES,
      payload: `not read: the delivery exceeded ${MAX_ANSWER_BYTES} bytes`,
    });
  });
});

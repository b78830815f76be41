import { describe, expect, test } from 'vitest';
import { renderJunit, renderMarkdown, summaryLines } from '../../conformance/reporters/index.js';
import { stateDiagram, stateSection } from '../../conformance/suites/events/state-diagram.js';
import { redactBody, redactHeaders } from '../../conformance/engine/redact.js';
import { curlFor } from '../../conformance/engine/reproduce.js';
import type { RecordedExchange } from '../../conformance/engine/recorder.js';
import type { SuiteSummary } from '../../conformance/engine/types.js';
import { loadStateTable } from '../../kits/payments/state-table/index.js';

const table = loadStateTable();
const observed = [
  { from: null, to: 'AWAITING_FUNDS', count: 2 },
  { from: 'AWAITING_FUNDS', to: 'CANCELLED', count: 1 },
  { from: 'AWAITING_FUNDS', to: 'PAYMENT_COMPLETED', count: 1 },
];

const exchange: RecordedExchange = {
  checkId: 'negative',
  operationId: 'createPayment',
  path: '/v3/customers/c1/payments',
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:1/v3/customers/c1/payments',
    headers: redactHeaders({
      authorization: 'Bearer tok-SECRET-123',
      apikey: 'key-SECRET',
      'content-type': 'application/json',
    }),
    body: redactBody({ amount: { currency: 'GBP', value: 1 }, note: '<b>&"</b>' }),
  },
  response: {
    status: 201,
    headers: {},
    body: redactBody({ access_token: 'tok-SECRET-456', client_secret: 'x-SECRET' }),
  },
};

const summary: SuiteSummary = {
  target: 'embedded mock',
  outcomes: [
    {
      checkId: 'positive',
      title: 'ok',
      source: 's',
      tags: [],
      status: 'passed',
      failures: [],
      cases: 3,
      durationMs: 5,
    },
    {
      checkId: 'negative',
      title: 'neg',
      source: 'Create payment (v3), rule 3',
      tags: [],
      status: 'failed',
      cases: 2,
      durationMs: 7,
      failures: [
        {
          checkId: 'negative',
          subject: 'createPayment',
          message: 'a <sum> mismatch was accepted',
          severity: 'error',
          rule: 'payment.recipient-sum',
          evidence: { exchanges: [exchange] },
          reproduce: curlFor(exchange),
        },
      ],
    },
    {
      checkId: 'lifecycle',
      title: 'lc',
      source: 's',
      tags: [],
      status: 'skipped',
      failures: [],
      cases: 0,
      skippedReason: 'needs the sandbox',
      durationMs: 0,
    },
  ],
  passed: 1,
  failed: 1,
  warnings: 0,
  skipped: 1,
  durationMs: 12,
  sections: [stateSection(table, observed)],
};

describe('secrets never reach a report', () => {
  test('tokens, API keys, client secrets are redacted in every format', () => {
    const outputs = [
      summaryLines(summary).join('\n'),
      renderJunit(summary),
      renderMarkdown(summary),
      JSON.stringify(summary),
    ];
    for (const text of outputs) expect(text).not.toMatch(/SECRET/);
  });

  test('form bodies (the token request) are redacted too', () => {
    expect(redactBody('grant_type=client_credentials&client_id=a&client_secret=s3cr3t')).toBe(
      'grant_type=client_credentials&client_id=a&client_secret=[redacted]',
    );
    expect(redactHeaders({ Authorization: 'Basic abc', apikey: 'k' })).toEqual({
      Authorization: '[redacted]',
      apikey: '[redacted]',
    });
  });

  test('values are kept exactly as received: a URL with a query string inside a JSON body is not a form', () => {
    const url = 'https://host.example/hosted/pay/ses_1?t=a.b/c+d%3D';
    expect(redactBody({ session_id: 'ses_1', payment_page_url: url, nested: [{ link: url }] })).toEqual({
      session_id: 'ses_1',
      payment_page_url: url,
      nested: [{ link: url }],
    });
    // A form keeps every pair as sent (no re-encoding), only the secret value is replaced.
    expect(redactBody('scope=a%20b+c&client_secret=s3cr3t&x=%2F')).toBe('scope=a%20b+c&client_secret=[redacted]&x=%2F');
  });

  test('the reproduce command reads the token from the environment', () => {
    expect(curlFor(exchange)).toContain('"Authorization: Bearer $CBP_TOKEN"');
    expect(curlFor(exchange)).toContain('"apikey: $CBP_API_KEY"');
  });
});

describe('formats', () => {
  test('console: summary table, then each failure with sent, got, rule and reproduce', () => {
    const text = summaryLines(summary).join('\n');
    expect(text).toMatch(/negative\s+FAIL\s+2\s+1\s+0/);
    expect(text).toContain('FAIL [negative] createPayment: a <sum> mismatch was accepted');
    expect(text).toContain('  rule: payment.recipient-sum');
    expect(text).toContain('  sent: POST http://127.0.0.1:1/v3/customers/c1/payments');
    expect(text).toContain('  got:  201');
    expect(text).toContain('  reproduce with: curl');
    expect(text).toContain('1 failed, 0 with warnings, 1 passed, 1 skipped; 5 cases');
  });

  test('junit: one testcase per check, escaped, failures and skips marked', () => {
    const xml = renderJunit(summary);
    expect(xml).toContain('<testsuites name="cbp conformance" tests="3" failures="1"');
    expect(xml).toContain('<failure message="1 failure(s): a &lt;sum&gt; mismatch was accepted">');
    expect(xml).toContain('<skipped message="needs the sandbox"/>');
    expect(xml).not.toMatch(/<b>/);
  });

  test('markdown: a Mermaid diagram of the documented table, observed and uncovered edges visible', () => {
    const diagram = stateDiagram(table, observed);
    expect(diagram).toContain('stateDiagram-v2');
    expect(diagram).toContain('[*] --> AWAITING_FUNDS : observed ×2');
    expect(diagram).toContain('AWAITING_FUNDS --> CANCELLED : observed ×1');
    expect(diagram).toContain('AWAITING_FUNDS --> RECEIVED_FUNDS : not covered');
    expect(diagram).toContain('AWAITING_FUNDS --> PAYMENT_COMPLETED : not in table ×1');
    const markdown = renderMarkdown(summary);
    expect(markdown).toContain('| negative | failed | 2 | 1 | 0 | Create payment (v3), rule 3 |');
    expect(markdown).toContain(`## Payment states\n\n${diagram}`);
  });
});

import { consumerChecks } from '../../../conformance/suites/consumer/checks/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { conformanceConsumerCommand, consumerOptionsFromArgv } from '../../../cli/commands/conformance-consumer.js';
import { createNaiveConsumer } from '../../../examples/naive-consumer/server.js';
import { generateWebhookSecret } from 'cross-border-payments-runtime/payments/webhooks';
import { recordingIO } from '../../generator/helpers/io.js';
import { main } from '../../../cli/main.js';
import { createExampleConsumer } from '../../../examples/webhook-consumer/server.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const secret = generateWebhookSecret();
let server: Server | undefined;
afterEach(async () => {
  if (server) await new Promise((r) => server!.close(r));
  server = undefined;
});

describe('cbp conformance consumer (CLI shell)', () => {
  it('maps flags and the environment to options', () => {
    expect(
      consumerOptionsFromArgv(
        { url: 'http://127.0.0.1:1/h', stateUrl: 'http://127.0.0.1:1/p', check: ['consumer.duplicates'], timeout: 500 },
        { CBP_WEBHOOK_SECRET: secret },
      ),
    ).toEqual({
      url: 'http://127.0.0.1:1/h',
      secret,
      stateUrl: 'http://127.0.0.1:1/p',
      checks: ['consumer.duplicates'],
      timeoutMs: 500,
    });
  });

  it('takes --url once per instance of an endpoint behind a load balancer', () => {
    const urls = ['http://127.0.0.1:1/h', 'http://127.0.0.1:2/h', 'http://127.0.0.1:3/h'];
    expect(consumerOptionsFromArgv({ url: urls }, { CBP_WEBHOOK_SECRET: secret })).toEqual({
      url: urls[0],
      urls,
      secret,
    });
    expect(() => consumerOptionsFromArgv({ url: [urls[0]!, 'ftp://x'] }, { CBP_WEBHOOK_SECRET: secret })).toThrow(
      /http\(s\) URL/,
    );
  });

  it('refuses missing or bad input with E_USAGE and never echoes the secret', () => {
    expect(() => consumerOptionsFromArgv({}, { CBP_WEBHOOK_SECRET: secret })).toThrow(
      expect.objectContaining({ code: 'E_USAGE', message: '--url is required' }),
    );
    expect(() => consumerOptionsFromArgv({ url: 'ftp://x' }, { CBP_WEBHOOK_SECRET: secret })).toThrow(/http\(s\) URL/);
    expect(() => consumerOptionsFromArgv({ url: 'http://x' }, {})).toThrow(/no webhook signing secret/);
    const bad = 'whsec_hunter2!';
    expect(() => consumerOptionsFromArgv({ url: 'http://x', secret: bad }, {})).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });

  it('prints one line per check and exits 1 on failures', async () => {
    server = createNaiveConsumer({ secret });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const io = recordingIO(process.cwd());
    const code = await conformanceConsumerCommand.run(
      { url: `${base}/webhooks`, stateUrl: `${base}/payments`, secret },
      io,
    );
    expect(code).toBe(1);
    const text = io.text();
    expect(text).toMatch(/FAIL consumer\.duplicates/);
    expect(text).toMatch(/PASS consumer\.bad-signature/);
    expect(text).toMatch(/3 failed, 1 with warnings, 5 passed, 0 skipped/);
    expect(text).toMatch(
      /reproduce with: CBP_WEBHOOK_SECRET=<your secret> cbp conformance consumer --url .* --check consumer\.out-of-order/,
    );
    expect(text).not.toContain(secret);
  });

  it('runs as `cbp conformance consumer`, exits 0 against the example and writes a JSON report', async () => {
    server = createExampleConsumer({ secret });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-consumer-cli-'));
    try {
      const io = recordingIO(process.cwd());
      const report = path.join(dir, 'report.json');
      const code = await main(
        [
          'conformance',
          'consumer',
          '--url',
          `${base}/webhooks`,
          '--state-url',
          `${base}/payments`,
          '--secret',
          secret,
          '--report',
          `json=${report}`,
        ],
        io,
      );
      expect(io.text()).toMatch(new RegExp(`0 failed, 0 with warnings, ${consumerChecks.length} passed`));
      expect(code).toBe(0);
      const json = readFileSync(report, 'utf8');
      expect(JSON.parse(json).outcomes).toHaveLength(consumerChecks.length);
      expect(json).not.toContain(secret);
      expect(
        await main(
          ['conformance', 'consumer', '--url', `${base}/webhooks`, '--secret', secret, '--check', 'consumer.nope'],
          io,
        ),
      ).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

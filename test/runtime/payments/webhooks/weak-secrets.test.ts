/**
 * A webhook secret that decodes to fewer than 24 bytes (Standard Webhooks: 24 to 64) is refused at
 * start-up everywhere one is accepted: the consumer kit, `cbp conformance consumer` and `cbp
 * conformance` (CBP_WEBHOOK_SECRET). `whsec_a` decodes to nothing and `whsec_AB` to one zero byte,
 * which HMAC pads to the empty key: with them anyone can sign a delivery.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createMemoryStore,
  createWebhookConsumer,
  generateWebhookSecret,
} from 'cross-border-payments-runtime/payments/webhooks';
import { loadStateTable } from '../../../../kits/payments/state-table/index.js';
import { main } from '../../../../cli/main.js';
import { conformanceConfigFromArgv } from '../../../../conformance/suites/api/config.js';
import { recordingIO } from '../../../generator/helpers/io.js';

const b64 = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');
const WEAK = ['x', 'whsec_a', 'whsec_AB', 'whsec_dGVzdA==', `whsec_${b64(23)}`];
const table = loadStateTable();

describe('weak webhook secrets', () => {
  it('whsec_AB signs like the empty key: the reason for the rule', () => {
    const empty = createHmac('sha256', Buffer.alloc(0)).update('m').digest('hex');
    expect(createHmac('sha256', Buffer.from('AB', 'base64')).update('m').digest('hex')).toBe(empty);
  });

  it.each(WEAK)('the consumer kit refuses %s at creation, naming the rule and not the value', (secret) => {
    const create = () => createWebhookConsumer({ table, store: createMemoryStore(), secret });
    expect(create).toThrow(/fewer than 24 \(Standard Webhooks: 24 to 64 bytes|"whsec_" followed by base64/);
    try {
      create();
    } catch (err) {
      const body = secret.replace(/^whsec_/, '');
      if (body.length > 2) expect(String((err as Error).message)).not.toContain(body);
    }
  });

  it('a list of secrets (rotation) is refused when any of them is weak; 24 bytes pass', () => {
    const store = createMemoryStore();
    expect(() => createWebhookConsumer({ table, store, secret: [generateWebhookSecret(), 'whsec_AB'] })).toThrow(
      /decodes to 1 byte, fewer than 24/,
    );
    expect(() => createWebhookConsumer({ table, store, secret: `whsec_${b64(24)}` })).not.toThrow();
  });

  it.each(WEAK)('cbp conformance consumer --secret %s: exit 2 with the rule', async (secret) => {
    const io = recordingIO(process.cwd());
    const code = await main(['conformance', 'consumer', '--url', 'http://127.0.0.1:9/hooks', '--secret', secret], io);
    expect(code).toBe(2);
    expect(io.text()).toMatch(/^E_USAGE: --secret: webhook secret /m);
    expect(io.text()).toContain('[Standard Webhooks: secret of 24 to 64 bytes]');
  });

  it('cbp conformance refuses a weak CBP_WEBHOOK_SECRET before the run', () => {
    const env = { CBP_CLIENT_ID: 'id', CBP_CLIENT_SECRET: 'partner-secret-value', CBP_WEBHOOK_SECRET: 'whsec_AB' };
    expect(() => conformanceConfigFromArgv({ baseUrl: 'https://x.example' }, env)).toThrow(
      expect.objectContaining({
        code: 'E_USAGE',
        message: expect.stringMatching(/^CBP_WEBHOOK_SECRET: .*fewer than 24/),
      }),
    );
  });
});

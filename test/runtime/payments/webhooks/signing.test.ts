import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  signWebhook,
  verifyWebhook,
  generateWebhookSecret,
  type WebhookScheme,
} from 'cross-border-payments-runtime/payments/webhooks';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const now = 1_700_000_000;
const body =
  '{"event_id":"evt_1","payment_id":"pay_1","status":"AWAITING_FUNDS","amount":{"value":12345678901234567.89}}';
const sign = (b: string | Uint8Array = body, ts = now, s = secret) =>
  signWebhook(b, { id: 'evt_1', timestamp: ts, secret: s });
const verify = (b: string | Uint8Array, h: Record<string, string>, opts = {}) =>
  verifyWebhook(b, h, secret, { now: now * 1000, ...opts });

describe('signWebhook / verifyWebhook (Standard Webhooks, assumption A-WEBHOOK-SIGNATURE)', () => {
  it('accepts its own signature and returns the payload with exact amounts', () => {
    const r = verify(body, sign());
    expect(r).toMatchObject({ ok: true, id: 'evt_1', timestamp: now, rawText: body });
    if (r.ok) expect((r.payload as { amount: { value: unknown } }).amount.value).toBe('12345678901234567.89');
  });

  it('interoperates with the standardwebhooks package in both directions', () => {
    const wh = new Webhook(secret);
    const theirs = wh.sign('evt_1', new Date(now * 1000), body);
    expect(
      verify(body, { 'webhook-id': 'evt_1', 'webhook-timestamp': String(now), 'webhook-signature': theirs }).ok,
    ).toBe(true);
    expect(sign()['webhook-signature']).toBe(theirs);
  });

  it('covers the raw bytes as received: any change to the body is refused', () => {
    const headers = sign();
    const reserialized = JSON.stringify(JSON.parse(body));
    expect(verify(reserialized, headers)).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(verify(`${body} `, headers)).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(verify(Buffer.from(body), headers).ok).toBe(true);
  });

  it('refuses missing headers, bad signatures, stale and future timestamps', () => {
    const h = sign();
    expect(verify(body, { 'webhook-id': 'evt_1', 'webhook-timestamp': String(now) })).toMatchObject({
      reason: 'missing-headers',
    });
    expect(verify(body, { ...h, 'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}` })).toMatchObject({
      reason: 'bad-signature',
    });
    expect(
      verify(body, sign(body, now, `whsec_${Buffer.from('another secret of 24+ bytes').toString('base64')}`)),
    ).toMatchObject({
      reason: 'bad-signature',
    });
    expect(verify(body, sign(body, now - 301))).toMatchObject({ reason: 'stale-timestamp' });
    expect(verify(body, sign(body, now + 301))).toMatchObject({ reason: 'future-timestamp' });
    expect(verify(body, sign(body, now - 299)).ok).toBe(true);
    expect(verify(body, sign(body, now - 1000), { toleranceSeconds: 3600 }).ok).toBe(true);
    expect(verify(body, { ...h, 'webhook-timestamp': 'yesterday' })).toMatchObject({ reason: 'malformed' });
  });

  it('accepts any of several signatures and secrets (key rotation), headers in any case', () => {
    const h = sign();
    const rotated = {
      'Webhook-Id': h['webhook-id']!,
      'WEBHOOK-TIMESTAMP': h['webhook-timestamp']!,
      'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')} v2,abc ${h['webhook-signature']}`,
    };
    expect(verify(body, rotated).ok).toBe(true);
    const other = generateWebhookSecret();
    expect(verifyWebhook(body, sign(body, now, other), [secret, other], { now: now * 1000 }).ok).toBe(true);
    expect(verifyWebhook(body, new Headers(h), secret, { now: now * 1000 }).ok).toBe(true);
  });

  it('reports a signed but unparseable body as malformed', () => {
    expect(verify('{"a":', sign('{"a":'))).toMatchObject({ ok: false, reason: 'malformed' });
    const bad = Uint8Array.from([0x7b, 0xff, 0x7d]);
    expect(verify(bad, sign(bad))).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('lets another scheme be plugged in', () => {
    const plain: WebhookScheme = {
      name: 'test',
      sign: (_b, { id, timestamp }) => ({ 'x-id': id, 'x-ts': String(timestamp), 'x-sig': 'ok' }),
      parse: (h) =>
        h['x-id'] && h['x-ts'] && h['x-sig']
          ? { id: h['x-id'], timestamp: Number(h['x-ts']), signatures: [Buffer.from(h['x-sig'])] }
          : 'missing-headers',
      expected: () => Buffer.from('ok'),
    };
    const h = signWebhook(body, { id: 'e', timestamp: now, secret }, { scheme: plain });
    expect(verifyWebhook(body, h, secret, { now: now * 1000, scheme: plain }).ok).toBe(true);
    expect(verifyWebhook(body, sign(), secret, { now: now * 1000, scheme: plain })).toMatchObject({
      reason: 'missing-headers',
    });
  });

  it('rejects an unusable secret without printing it', () => {
    expect(() => sign(body, now, 'whsec_not base64!')).toThrow(/value not shown/);
    expect(() => sign(body, now, 'whsec_not base64!')).not.toThrow(/not base64!/);
  });
});

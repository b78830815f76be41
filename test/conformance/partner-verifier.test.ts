/**
 * A signature scheme of the provider's own (Events: "Signature header names and verification
 * scheme: not shown"): the partner's driver verifies it (`verifyWebhook`), the receiver records
 * its verdict.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { partnerVerifier } from '../../conformance/suites/api/webhook-schemes.js';

const body = Buffer.from('{"event_id":"e1","status":"AWAITING_FUNDS"}');
const sign = (secret: string, raw: Buffer, t = 1700000000) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.`).update(raw).digest('hex')}`;
const verify = async ({
  headers,
  rawBody,
  secret,
}: {
  headers: Record<string, string>;
  rawBody: Buffer;
  secret: string;
}) => {
  const m = /^t=(\d+),v1=([0-9a-f]+)$/.exec(headers['x-signature'] ?? '');
  if (!m) return 'no X-Signature';
  return sign(secret, rawBody, Number(m[1])) === headers['x-signature'] ? true : { ok: false, reason: 'v1 differs' };
};

describe("the partner's verifyWebhook", () => {
  test('a delivery signed with one of the known secrets verifies, and its payload is read', async () => {
    const v = partnerVerifier(verify);
    expect(await v(body, { 'X-Signature': sign('s2', body) }, ['s1', 's2'])).toEqual({
      ok: true,
      payload: { event_id: 'e1', status: 'AWAITING_FUNDS' },
    });
  });

  test('a tampered body or a missing header fails with the reason the verifier gave', async () => {
    const v = partnerVerifier(verify);
    expect(await v(Buffer.from('{"x":1}'), { 'x-signature': sign('s1', body) }, ['s1'])).toEqual({
      ok: false,
      reason: "v1 differs (the driver's verifyWebhook)",
    });
    expect(await v(body, {}, ['s1'])).toEqual({ ok: false, reason: "no X-Signature (the driver's verifyWebhook)" });
  });
});

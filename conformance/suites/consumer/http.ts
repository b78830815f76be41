/**
 * The two HTTP exchanges of `cbp conformance consumer`: a signed webhook POST and the state GET.
 * Evidence never carries the secret, and signatures are redacted.
 */
import { signWebhook } from '../../../generated/webhooks.js';
import { MAX_ANSWER_BYTES, readCapped } from '../../engine/http.js';
import type { ExchangeEvidence } from '../../engine/types.js';
import type { ConsumerContext, ConsumerTarget, Delivery, DeliveryOptions, PaymentRecord } from './context.js';
import type { WebhookPayload } from './flows.js';

async function exchange(
  url: string,
  init: RequestInit & { headers: Record<string, string> },
  evidenceBody: unknown,
  timeoutMs: number,
): Promise<{ status?: number; body?: unknown; evidence: ExchangeEvidence }> {
  const shownHeaders = Object.fromEntries(
    Object.entries(init.headers).map(([k, v]) => [k, k === 'webhook-signature' ? 'v1,<redacted>' : v]),
  );
  const evidence: ExchangeEvidence = {
    request: { method: init.method ?? 'GET', url, headers: shownHeaders, body: evidenceBody },
  };
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    // At most MAX_ANSWER_BYTES of the partner's answer are read; a cut answer is not judged.
    const { text, truncated } = await readCapped(res);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* keep the text */
    }
    evidence.response = {
      status: res.status,
      headers: headersOf(res.headers),
      body,
      durationMs: Math.round(performance.now() - started),
    };
    if (truncated) {
      evidence.response.truncatedAt = MAX_ANSWER_BYTES;
      evidence.indeterminate = `answer exceeded ${MAX_ANSWER_BYTES} bytes (the rest was not read)`;
    }
    return { status: res.status, body, evidence };
  } catch (err) {
    evidence.error =
      (err as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : String((err as Error).cause ?? (err as Error).message);
    return { evidence };
  }
}

export function deliverer(target: ConsumerTarget): ConsumerContext['deliver'] {
  return async (payload: WebhookPayload, options: DeliveryOptions = {}): Promise<Delivery> => {
    const body = JSON.stringify(payload);
    const headers = {
      'content-type': 'application/json',
      ...signWebhook(body, {
        id: payload.event_id,
        timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
        secret: options.secret ?? target.secret,
      }),
    };
    const r = await exchange(
      options.url ?? target.url,
      { method: 'POST', headers, body },
      payload,
      target.timeoutMs ?? 10_000,
    );
    return { status: r.status, evidence: r.evidence };
  };
}

export function stateReader(target: ConsumerTarget & { stateUrl: string }): NonNullable<ConsumerContext['readState']> {
  return async (paymentId) => {
    const url = `${target.stateUrl.replace(/\/+$/, '')}/${encodeURIComponent(paymentId)}`;
    const r = await exchange(
      url,
      { method: 'GET', headers: { accept: 'application/json' } },
      undefined,
      target.timeoutMs ?? 10_000,
    );
    return { ...toRecord(r.status, r.body), evidence: r.evidence };
  };
}

function toRecord(status: number | undefined, body: unknown): PaymentRecord {
  if (status === undefined) return { error: 'state endpoint did not answer' };
  if (status === 404) return { found: false };
  if (status !== 200 || typeof body !== 'object' || body === null)
    return { error: `state endpoint answered ${status} without a JSON object` };
  const b = body as Record<string, unknown>;
  if (b.status !== null && typeof b.status !== 'string') return { error: 'state endpoint body has no "status" string' };
  return {
    found: true,
    status: b.status as string | null,
    ...(typeof b.events_applied === 'number' ? { eventsApplied: b.events_applied } : {}),
    ...(typeof b.recipients === 'object' && b.recipients !== null
      ? { recipients: b.recipients as Record<string, string> }
      : {}),
  };
}

function headersOf(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

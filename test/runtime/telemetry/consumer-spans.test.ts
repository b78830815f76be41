/**
 * The webhook consumer with `telemetry: { tracer }`: one CONSUMER span per delivery, a child of the
 * provider's span when the delivery carries a W3C traceparent, violations as span events.
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadStateTable } from '../../../kits/payments/state-table/index.js';
import {
  createMemoryStore,
  createWebhookConsumer,
  signWebhook,
  type WebhookConsumerOptions,
} from '../../../packages/runtime/src/payments/webhooks/index.js';
import { otelApi } from '../../../packages/runtime/src/telemetry/otel-api.js';
import { parseTraceparent } from '../../../packages/runtime/src/telemetry/traceparent.js';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer('consumer-spans-test');
const table = loadStateTable();
const secret = `whsec_${Buffer.from('telemetry test secret, 24 bytes').toString('base64')}`;
const PROVIDER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PROVIDER_SPAN = '00f067aa0ba902b7';

const consumer = (extra: Partial<WebhookConsumerOptions> = {}) =>
  createWebhookConsumer({ table, store: createMemoryStore(), secret, ...extra });
const delivery = (payload: Record<string, unknown>, extraHeaders: Record<string, string> = {}) => {
  const body = JSON.stringify(payload);
  const headers = signWebhook(body, {
    id: String(payload['event_id']),
    timestamp: Math.floor(Date.now() / 1000),
    secret,
  });
  return { body, headers: { ...headers, ...extraHeaders } };
};
const awaiting = {
  event_id: 'evt-t-1',
  event_timestamp: '2026-03-01T09:00:00Z',
  payment_id: 'pay-t-1',
  status: 'AWAITING_FUNDS',
};

beforeEach(() => exporter.reset());

describe('consumer spans', () => {
  it('continues the trace of an incoming traceparent (and keeps its tracestate)', async () => {
    const c = consumer({ telemetry: { tracer } });
    const { body, headers } = delivery(awaiting, {
      traceparent: `00-${PROVIDER_TRACE}-${PROVIDER_SPAN}-01`,
      tracestate: 'vendor=opaque1',
    });
    expect((await c.handle(body, headers)).status).toBe(200);
    const [span] = exporter.getFinishedSpans();
    expect(span!.name).toBe('process paymentStatus');
    expect(span!.kind).toBe(SpanKind.CONSUMER);
    expect(span!.spanContext().traceId).toBe(PROVIDER_TRACE);
    expect(span!.parentSpanContext?.spanId).toBe(PROVIDER_SPAN);
    expect(span!.parentSpanContext?.isRemote).toBe(true);
    expect(span!.spanContext().traceState?.get('vendor')).toBe('opaque1');
    expect(span!.attributes).toMatchObject({
      'messaging.operation.type': 'process',
      'messaging.destination.name': 'paymentStatus',
      'http.response.status_code': 200,
      'cbp.webhook.effect': 'applied',
    });
  });

  it('starts a new trace when the delivery has no valid traceparent', async () => {
    const c = consumer({ telemetry: { tracer } });
    const { body, headers } = delivery(awaiting, { traceparent: `00-${'0'.repeat(32)}-${PROVIDER_SPAN}-01` });
    await c.handle(body, headers);
    const [span] = exporter.getFinishedSpans();
    expect(span!.spanContext().traceId).not.toBe('0'.repeat(32));
    expect(span!.parentSpanContext).toBeUndefined();
  });

  it('a refused delivery is an ERROR span; violations are events without values', async () => {
    const c = consumer({ telemetry: { tracer }, validatePayloads: 'throw' });
    const { body, headers } = delivery({ ...awaiting, status: 'ON_HOLD_Q9', client_reference_id: 'ref-secret-77' });
    expect((await c.handle(body, headers)).status).toBe(422);
    const [span] = exporter.getFinishedSpans();
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    expect(span!.attributes['error.type']).toBe('contract-violation');
    expect(span!.events.map((e) => e.name)).toEqual(['contract.violation']);
    expect(span!.events[0]!.attributes).toMatchObject({
      'cbp.contract.rule_id': 'schema/enum',
      'cbp.contract.pointer': '/status',
      'cbp.contract.value_type': 'string',
    });
    const text = JSON.stringify(span!.events);
    for (const value of ['ON_HOLD_Q9', 'ref-secret-77', 'pay-t-1', 'evt-t-1']) expect(text).not.toContain(value);
  });

  it('without telemetry, no span and @opentelemetry/api is never loaded', async () => {
    const load = vi.spyOn(otelApi, 'load');
    const { body, headers } = delivery(awaiting, { traceparent: `00-${PROVIDER_TRACE}-${PROVIDER_SPAN}-01` });
    expect((await consumer().handle(body, headers)).status).toBe(200);
    expect(load).not.toHaveBeenCalled();
    expect(exporter.getFinishedSpans()).toEqual([]);
    load.mockRestore();
  });
});

describe('traceparent (W3C Trace Context §3.2)', () => {
  it.each([
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', true],
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00', true],
    ['01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-future', true],
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra', false],
    ['ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', false],
    ['00-00000000000000000000000000000000-00f067aa0ba902b7-01', false],
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01', false],
    ['00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01', false],
    ['garbage', false],
  ])('%s → valid: %s', (value, valid) => {
    expect(parseTraceparent(value) !== undefined).toBe(valid);
  });
});

/**
 * The generated client with `telemetry: { tracer }` against a node:http server on 127.0.0.1, spans
 * read back from the OpenTelemetry SDK's in-memory exporter: one CLIENT span per call with the HTTP
 * client conventions' attributes, resends counted, the token's origin, and the traceparent each
 * request carried naming that span.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPaymentsClient } from '../../../generated/client.js';
import { otelApi } from '../../../generated/runtime/telemetry/otel-api.js';
import { clientSpans } from '../../../packages/runtime/src/telemetry/client-spans.js';
import type { ContractViolation } from '../../../packages/runtime/src/contract/violation.js';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer('client-spans-test');

let server: Server;
let base: string;
const received: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];
/** Answers queued per path; a path with none answers 200 `{}`. */
const queued = new Map<string, number[]>();

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push({ method: req.method!, url: req.url!, headers: req.headers });
    req.resume();
    req.on('end', () => {
      const path = req.url!.split('?')[0]!;
      if (path === '/auth/oauth/v2/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: `tok${received.length}`, token_type: 'bearer', expires_in: 3600 }));
        return;
      }
      const status = queued.get(path)?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json', ...(status === 503 ? { 'retry-after': '0' } : {}) });
      res.end(status === 200 ? JSON.stringify({ unique_identifier: 'va-1' }) : JSON.stringify({ errors: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  exporter.reset();
  received.length = 0;
  queued.clear();
});

const client = () =>
  createPaymentsClient({
    baseUrl: base,
    authUrl: base,
    clientId: 'client-1',
    clientSecret: 'secret-value-1',
    telemetry: { tracer },
  });
const getVa = (c: ReturnType<typeof createPaymentsClient>) =>
  c.getVirtualAccount({ params: { path: { customer_id: 'cust-1' }, query: { 'unique-ref': 'va-1' } } });
const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
const traceparentOf = (span: ReadableSpan) => `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`;

describe('client spans (HTTP client semantic conventions)', () => {
  it('one CLIENT span per call: method, url.template, server, status, operation id; token fetched then cached', async () => {
    const c = client();
    expect((await getVa(c)).apiError).toBeUndefined();
    expect((await getVa(c)).apiError).toBeUndefined();
    const [first, second] = spans();
    expect(spans()).toHaveLength(2);
    expect(first!.name).toBe('GET /v1/customers/{customer_id}/virtual-accounts');
    expect(first!.kind).toBe(SpanKind.CLIENT);
    expect(first!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'url.template': '/v1/customers/{customer_id}/virtual-accounts',
      'url.full': `${base}/v1/customers/cust-1/virtual-accounts?unique-ref=va-1`,
      'server.address': '127.0.0.1',
      'server.port': Number(new URL(base).port),
      'http.response.status_code': 200,
      'cbp.operation.id': 'getVirtualAccount',
      'cbp.auth.token': 'fetched',
    });
    expect(first!.attributes['http.request.resend_count']).toBeUndefined();
    expect(first!.attributes['error.type']).toBeUndefined();
    expect(second!.attributes['cbp.auth.token']).toBe('cached');
  });

  it('the traceparent each request carried names the call span, the token request included', async () => {
    await getVa(client());
    const [span] = spans();
    const token = received.find((r) => r.url === '/auth/oauth/v2/token')!;
    const api = received.find((r) => r.url.startsWith('/v1/'))!;
    expect(api.headers['traceparent']).toBe(traceparentOf(span!));
    expect(token.headers['traceparent']).toBe(traceparentOf(span!));
  });

  it('a 503 then 200 counts one resend; the span ends with the last answer', async () => {
    queued.set('/v1/customers/cust-1/virtual-accounts', [503]);
    const result = await getVa(client());
    expect(result.apiError).toBeUndefined();
    const [span] = spans();
    expect(span!.attributes['http.request.resend_count']).toBe(1);
    expect(span!.attributes['http.response.status_code']).toBe(200);
    const sent = received.filter((r) => r.url.startsWith('/v1/'));
    expect(sent.map((r) => r.headers['traceparent'])).toEqual([traceparentOf(span!), traceparentOf(span!)]);
  });

  it('a 401 refreshes the token: refreshed, one resend', async () => {
    queued.set('/v1/customers/cust-1/virtual-accounts', [401]);
    await getVa(client());
    const [span] = spans();
    expect(span!.attributes).toMatchObject({ 'cbp.auth.token': 'refreshed', 'http.request.resend_count': 1 });
  });

  it('a client.raw request is a call of its own, named after the operation its URL matches', async () => {
    const c = client();
    const { response } = await c.raw.GET('/v1/customers/{customer_id}/virtual-accounts', {
      params: { path: { customer_id: 'cust-1' } },
    });
    expect(response.status).toBe(200);
    const [span] = spans();
    expect(span!.name).toBe('GET /v1/customers/{customer_id}/virtual-accounts');
    expect(span!.attributes).toMatchObject({
      'cbp.operation.id': 'getVirtualAccount',
      'http.response.status_code': 200,
    });
    expect(received.find((r) => r.url.startsWith('/v1/'))!.headers['traceparent']).toBe(traceparentOf(span!));
  });

  it('an error answer sets error.type to the status and the span status to ERROR', async () => {
    queued.set('/v1/customers/cust-1/virtual-accounts', [404]);
    await getVa(client());
    const [span] = spans();
    expect(span!.attributes['error.type']).toBe('404');
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('url.full never carries a credential placed in the query', async () => {
    const observer = await clientSpans(
      { tracer },
      {},
      {
        addSecret() {},
        scrub: (t) => t.split('live-secret').join('[REDACTED]'),
      },
    );
    await observer.observe(undefined, 'GET', async (obs) => {
      obs.onAttempt(new Request(`${base}/x?api_key=k-123&ref=live-secret&page=2`), 0);
      return new Response(null, { status: 204 });
    });
    const url = String(spans()[0]!.attributes['url.full']);
    expect(url).not.toContain('k-123');
    expect(url).not.toContain('live-secret');
    expect(url).toContain('page=2');
  });

  it('contract violations become span events with rule, pointer and value type, never the value', async () => {
    const observer = await clientSpans({ tracer }, {}, { addSecret() {}, scrub: (t) => t });
    const violation: ContractViolation = {
      source: 'response',
      operationId: 'createPayment',
      status: 201,
      ruleId: 'schema/type',
      pointer: '/amount/value',
      documentHash: 'abc123',
      valueType: 'string',
      message: 'schema/type broken at /amount/value (string)',
    };
    const path = '/v3/customers/{customer_id}/payments';
    await observer.observe({ id: 'createPayment', path }, 'post', async (obs) => {
      obs.onViolation(violation);
      return { response: new Response(null, { status: 201 }) };
    });
    expect(spans()[0]!.name).toBe(`POST ${path}`);
    const [event] = spans()[0]!.events;
    expect(event!.name).toBe('contract.violation');
    expect(event!.attributes).toEqual({
      'cbp.contract.source': 'response',
      'cbp.contract.rule_id': 'schema/type',
      'cbp.contract.pointer': '/amount/value',
      'cbp.contract.value_type': 'string',
      'cbp.contract.document_hash': 'abc123',
    });
  });

  it("with telemetry the client needs only the app's tracer: @opentelemetry/api is not loaded", async () => {
    const load = vi.spyOn(otelApi, 'load');
    await getVa(client());
    expect(spans()).toHaveLength(1);
    expect(load).not.toHaveBeenCalled();
    load.mockRestore();
  });

  it('without telemetry no span is made, no traceparent sent, and @opentelemetry/api is never loaded', async () => {
    const load = vi.spyOn(otelApi, 'load');
    const plain = createPaymentsClient({
      baseUrl: base,
      authUrl: base,
      clientId: 'client-1',
      clientSecret: 'secret-value-1',
    });
    expect((await getVa(plain)).apiError).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    expect(spans()).toEqual([]);
    expect(received.every((r) => r.headers['traceparent'] === undefined)).toBe(true);
    load.mockRestore();
  });
});

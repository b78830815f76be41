/**
 * `--report har=PATH`: every exchange of the run (judged or not: throttled attempts, polls) and
 * every webhook the receiver got, as an HTTP Archive (HAR 1.2), so that a failure against a
 * partner's sandbox can be attached to a ticket and opened in any HAR viewer. Everything in it
 * was redacted when it was recorded (runner/redact.ts); webhook deliveries are entries marked
 * `_cbpWebhook`, which `cbp conformance events PATH.har` judges again offline.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RecordedExchange, RecordedWebhook } from './recorder.js';
import { redactBody, type Redactor } from './redact.js';
import type { Reporter } from './types.js';

export interface Recording {
  exchanges: readonly RecordedExchange[];
  unjudged: readonly RecordedExchange[];
  webhooks: readonly RecordedWebhook[];
  /** Where the webhooks were received (the receiver's URL). */
  webhookUrl?: string;
  /** The run's redactor: applied again when the HAR is written, so a secret learnt after an
   * exchange was recorded (a target may echo a token before it issues it) is redacted too. */
  redactor?: Redactor;
}

interface HarHeader {
  name: string;
  value: string;
}

const headerList = (h: Record<string, string> = {}): HarHeader[] =>
  Object.entries(h).map(([name, value]) => ({ name, value }));
const text = (body: unknown): string | undefined =>
  body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
const iso = (ms: number | undefined) => new Date(ms ?? 0).toISOString();

function exchangeEntry(x: RecordedExchange, judged: boolean) {
  const url = new URL(x.request.url);
  const reqText = text(x.request.body);
  const resText = text(x.response?.body);
  const reqType = x.request.headers['content-type'] ?? 'application/json';
  const time = x.response?.durationMs ?? 0;
  return {
    startedDateTime: iso(x.startedAt),
    time,
    request: {
      method: x.request.method,
      url: x.request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(x.request.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(reqText !== undefined ? { postData: { mimeType: reqType, text: reqText } } : {}),
      headersSize: -1,
      bodySize: reqText === undefined ? 0 : Buffer.byteLength(reqText),
    },
    response: {
      status: x.response?.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(x.response?.headers),
      content: {
        size: resText === undefined ? 0 : Buffer.byteLength(resText),
        mimeType: x.response?.headers['content-type'] ?? '',
        ...(resText !== undefined ? { text: resText } : {}),
        ...(x.response?.truncatedAt !== undefined
          ? { comment: `truncated: the answer exceeded ${x.response.truncatedAt} bytes; only those were read` }
          : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: resText === undefined ? 0 : Buffer.byteLength(resText),
      ...(x.error ? { _error: x.error } : {}),
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
    _cbp: {
      checkId: x.checkId,
      operationId: x.operationId,
      judged,
      ...(x.indeterminate ? { notJudgedBecause: x.indeterminate } : {}),
      ...(x.response?.truncatedAt !== undefined ? { truncatedAt: x.response.truncatedAt } : {}),
    },
  };
}

function webhookEntry(w: RecordedWebhook, url: string) {
  const body = JSON.stringify(redactBody(w.payload));
  const answer = w.truncatedAt === undefined ? '{"received":true}' : '{"received":false}';
  return {
    startedDateTime: iso(w.receivedAt),
    time: 0,
    request: {
      method: 'POST',
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(w.headers),
      queryString: [],
      postData: { mimeType: 'application/json', text: body },
      headersSize: -1,
      bodySize: Buffer.byteLength(body),
    },
    response: {
      status: w.truncatedAt === undefined ? 200 : 413,
      statusText: w.truncatedAt === undefined ? 'OK' : 'Content Too Large',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'content-type', value: 'application/json' }],
      content: { size: answer.length, mimeType: 'application/json', text: answer },
      redirectURL: '',
      headersSize: -1,
      bodySize: answer.length,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    _cbpWebhook: {
      signatureValid: w.signatureValid ?? null,
      ...(w.signatureError ? { signatureError: w.signatureError } : {}),
      ...(w.truncatedAt !== undefined ? { truncatedAt: w.truncatedAt } : {}),
    },
  };
}

export function renderHar(r: Recording, creator = { name: 'cbp conformance', version: '0.1.0' }): string {
  const entries = [
    ...r.exchanges.map((x) => ({ at: x.startedAt ?? 0, e: exchangeEntry(x, true) as object })),
    ...r.unjudged.map((x) => ({ at: x.startedAt ?? 0, e: exchangeEntry(x, false) as object })),
    ...r.webhooks.map((w) => ({
      at: w.receivedAt,
      e: webhookEntry(w, r.webhookUrl ?? 'http://127.0.0.1/webhooks') as object,
    })),
  ]
    .sort((a, b) => a.at - b.at)
    .map((x) => (r.redactor ? r.redactor.value(x.e) : x.e));
  return `${JSON.stringify({ log: { version: '1.2', creator, pages: [], entries } }, null, 2)}\n`;
}

export function writeHar(file: string, r: Recording): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, renderHar(r));
}

/** The HAR of a run, written once the suite finished; the suite that owns the recording adds it. */
export function harReporter(file: string, recording: Omit<Recording, 'webhookUrl'>, webhookUrl?: string): Reporter {
  let finished = false;
  return {
    name: 'har',
    handle(e) {
      if (e.type === 'suite-finish') finished = true;
    },
    finish() {
      if (finished)
        writeHar(file, {
          exchanges: recording.exchanges,
          unjudged: recording.unjudged,
          webhooks: recording.webhooks,
          webhookUrl,
          redactor: recording.redactor,
        });
    },
  };
}

/**
 * Plain-fetch HTTP for the suite (negative requests must reach the wire, which the generated
 * client's pre-flight would refuse). Every exchange is recorded, secrets redacted, with the
 * operation it targets so the spec checks can judge it later.
 */
import type { Recorder, RecordedExchange } from './recorder.js';
import { redactBody, redactHeaders } from './redact.js';

export type AuthChoice = 'primary' | 'secondary' | 'none' | { bearer: string } | { apiKey: string };

export interface SendRequest {
  operationId?: string;
  method: string;
  /** Path (and query string) relative to the API base, or to the auth base when `base` is 'auth'. */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  auth?: AuthChoice;
  base?: 'api' | 'auth';
}

export interface SendResult {
  status: number;
  headers: Record<string, string>;
  contentType?: string;
  body: unknown;
  exchange: RecordedExchange;
  error?: string;
}

export interface TokenSource {
  token(which: 'primary' | 'secondary'): Promise<string>;
}

export interface HttpOptions {
  baseUrl: string;
  authUrl: string;
  recorder: Recorder;
  timeoutMs: number;
  tokens?: TokenSource;
}

export class Http {
  /** The check currently running; set by the runner. */
  checkId = 'setup';
  tokens?: TokenSource;

  constructor(private readonly options: HttpOptions) {
    this.tokens = options.tokens;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  url(req: Pick<SendRequest, 'path' | 'query' | 'base'>): string {
    const base = req.base === 'auth' ? this.options.authUrl : this.options.baseUrl;
    const qs = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
    return `${base}${req.path}${qs}`;
  }

  async send(req: SendRequest): Promise<SendResult> {
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    let body: string | undefined;
    if (req.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(req.json);
    } else if (req.form) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      body = new URLSearchParams(req.form).toString();
    }
    const auth = req.auth ?? 'primary';
    if (auth === 'primary' || auth === 'secondary') {
      if (this.tokens) headers.authorization = `Bearer ${await this.tokens.token(auth)}`;
    } else if (auth !== 'none') {
      if ('bearer' in auth) headers.authorization = `Bearer ${auth.bearer}`;
      else headers.apikey = auth.apiKey;
    }
    const url = this.url(req);
    const exchange: RecordedExchange = {
      checkId: this.checkId,
      operationId: req.operationId,
      path: url.slice((req.base === 'auth' ? this.options.authUrl : this.options.baseUrl).length),
      request: { method: req.method.toUpperCase(), url, headers: redactHeaders(headers), body: redactBody(req.json ?? (body !== undefined ? body : undefined)) },
    };
    const started = Date.now();
    try {
      const res = await fetch(url, { method: req.method.toUpperCase(), headers, body, signal: AbortSignal.timeout(this.options.timeoutMs), redirect: 'manual' });
      const text = await res.text();
      const resHeaders: Record<string, string> = {};
      res.headers.forEach((v, k) => {
        resHeaders[k] = v;
      });
      const contentType = res.headers.get('content-type') ?? undefined;
      const parsed = parseBody(text, contentType);
      exchange.response = { status: res.status, headers: redactHeaders(resHeaders), body: redactBody(parsed), durationMs: Date.now() - started };
      this.options.recorder.addExchange(exchange);
      return { status: res.status, headers: resHeaders, contentType, body: parsed, exchange };
    } catch (err) {
      exchange.error = (err as Error).name === 'TimeoutError' ? `no answer within ${this.options.timeoutMs} ms` : String((err as Error).message ?? err);
      this.options.recorder.addExchange(exchange);
      return { status: 0, headers: {}, body: undefined, exchange, error: exchange.error };
    }
  }
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (text === '') return undefined;
  if (contentType && /[/+]json\b/i.test(contentType)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

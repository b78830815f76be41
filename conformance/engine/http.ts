/**
 * Plain-fetch HTTP for the suite (negative requests must reach the wire, which the generated
 * client's pre-flight would refuse). Every exchange is recorded, secrets redacted, with the
 * operation it targets so the spec checks can judge it later. A polite client of a real service
 * (polite.ts): requests are spaced to `--rate`; 429 and 503 are waited out (Retry-After)
 * and retried for reads, and never judged as the contract; a POST is never resent (the seed has
 * no idempotency key): when its answer is lost, the resource is looked up instead.
 */
import { READ_METHODS, RateLimiter, retryAfterMs, sleep, THROTTLE_STATUSES } from './polite.js';
import type { Recorder, RecordedExchange } from './recorder.js';
import { currentCheckId } from './check-scope.js';
import { describeNetworkError } from '../../lib/network-error.js';
import type { Deadline } from './deadline.js';

/**
 * `bearer` is sent as given and not learnt as a secret (the auth check sends a malformed value on
 * purpose); a credential sent that way (an expired token) is learnt where it comes from.
 */
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
  /** Why this answer says nothing about the contract (throttled, or lost and not resent). */
  indeterminate?: string;
  /** What a lookup found when a create's answer was lost (e.g. the session record). */
  recovered?: unknown;
}

/** Finds what a create made when its answer was lost (timeout, connection reset). */
export type CreateLookup = (http: Http, req: SendRequest) => Promise<unknown | undefined>;

export interface TokenSource {
  token(which: 'primary' | 'secondary'): Promise<string>;
  /** Forget cached tokens, so the next request asks for fresh ones (a token the target's clock outlived). */
  reset?(): void;
}

export interface HttpOptions<T extends TokenSource = TokenSource> {
  baseUrl: string;
  authUrl: string;
  recorder: Recorder;
  timeoutMs: number;
  /**
   * Where the Bearer tokens of `primary`/`secondary` requests come from: a source, or a factory
   * given this client (a token source that requests tokens through it, tokens.ts).
   */
  tokens?: T | ((http: Http) => T);
  /** Lookups by operation id, used when a create's answer is lost (the suite's, live/lookups.ts). */
  lookups?: Readonly<Record<string, CreateLookup>>;
  /** Most requests per second (`--rate`); default unlimited. */
  rate?: number;
  /** Retries of a throttled read. Default 3. */
  maxRetries?: number;
  /** Most bytes of an answer read, judged and recorded. Default MAX_ANSWER_BYTES. */
  maxAnswerBytes?: number;
  /** How a request reaches the target; default the global fetch (Target.fetch). */
  fetch?: typeof fetch;
  /** The run's deadline: past it nothing is sent (a case built on it is not judged) and waits end at once. */
  deadline?: Deadline;
}

/**
 * Most bytes of one answer the runner reads (1 MiB): an endless or huge answer must not take the
 * run's memory. The rest is not read (the stream is cancelled), the record says so, and a check
 * judging the answer reports a case not judged instead of a schema failure on a cut body.
 */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * Everything it uses is given at construction and never replaced: the exchanges it records are
 * attributed to the check whose scope sends them (check-scope.ts), not to a field set between checks.
 */
export class Http<T extends TokenSource = TokenSource> {
  readonly tokens?: T;
  private readonly lookups: Readonly<Record<string, CreateLookup>>;
  private readonly limiter: RateLimiter;

  constructor(private readonly options: HttpOptions<T>) {
    this.tokens = typeof options.tokens === 'function' ? options.tokens(this) : options.tokens;
    this.lookups = options.lookups ?? {};
    const deadline = options.deadline;
    this.limiter = new RateLimiter(options.rate, deadline ? (ms) => deadline.sleep(ms) : sleep);
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  get authUrl(): string {
    return this.options.authUrl;
  }

  url(req: Pick<SendRequest, 'path' | 'query' | 'base'>): string {
    const base = req.base === 'auth' ? this.options.authUrl : this.options.baseUrl;
    const qs = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
    return `${base}${req.path}${qs}`;
  }

  async send(req: SendRequest): Promise<SendResult> {
    const method = req.method.toUpperCase();
    // The token request creates nothing: repeating it is as safe as a read.
    const retriable = READ_METHODS.has(method) || req.base === 'auth';
    for (let attempt = 0; ; attempt++) {
      await this.limiter.slot();
      if (this.options.deadline?.passed) return this.notSent(req, this.options.deadline.reason);
      const res = await this.exchange(req);
      if (THROTTLE_STATUSES.has(res.status)) {
        const wait = retryAfterMs(res.headers['retry-after'], attempt);
        this.limiter.pauseUntil(Date.now() + wait);
        const again = retriable && attempt < (this.options.maxRetries ?? 3);
        res.indeterminate = again
          ? `throttled (HTTP ${res.status}), retried after ${wait} ms`
          : retriable
            ? `still throttled (HTTP ${res.status}) after ${attempt} retries`
            : `throttled (HTTP ${res.status}); a ${method} is not resent (the service description shows no idempotency key)`;
        res.exchange.indeterminate = res.indeterminate;
        this.options.recorder.addUnjudged(res.exchange);
        if (again) continue;
        return res;
      }
      if (res.error && !retriable) return this.lost(req, res);
      this.options.recorder.addExchange(res.exchange);
      return res;
    }
  }

  /**
   * Sends a read until `done` holds or `timeoutMs` passes (e.g. a virtual account whose creation
   * was only "initiated"). Only the last answer is judged; the earlier ones are kept as evidence.
   */
  async poll(
    req: SendRequest,
    done: (res: SendResult) => boolean,
    opts: { timeoutMs: number; intervalMs: number },
  ): Promise<SendResult> {
    const deadline = Date.now() + opts.timeoutMs;
    for (;;) {
      await this.limiter.slot();
      if (this.options.deadline?.passed) return this.notSent(req, this.options.deadline.reason);
      const res = await this.exchange(req);
      if (done(res) || THROTTLE_STATUSES.has(res.status) || Date.now() + opts.intervalMs > deadline) {
        if (THROTTLE_STATUSES.has(res.status)) return this.send(req);
        this.options.recorder.addExchange(res.exchange);
        return res;
      }
      res.exchange.indeterminate = 'polled before the resource was expected to exist';
      this.options.recorder.addUnjudged(res.exchange);
      await (this.options.deadline?.sleep(opts.intervalMs) ?? sleep(opts.intervalMs));
    }
  }

  /** A request the run did not send (its deadline passed): an answer that says nothing, recorded as such. */
  private notSent(req: SendRequest, why: string): SendResult {
    const redactor = this.options.recorder.redactor;
    const indeterminate = `not sent: ${why}`;
    const exchange: RecordedExchange = {
      checkId: currentCheckId(),
      operationId: req.operationId,
      path: redactor.text(req.path),
      startedAt: Date.now(),
      request: { method: req.method.toUpperCase(), url: redactor.text(this.url(req)), headers: {} },
      error: indeterminate,
      indeterminate,
    };
    this.options.recorder.addUnjudged(exchange);
    return { status: 0, headers: {}, body: undefined, exchange, error: indeterminate, indeterminate };
  }

  /** A create whose answer was lost is looked up, never resent. */
  private async lost(req: SendRequest, res: SendResult): Promise<SendResult> {
    const lookup = req.operationId ? this.lookups[req.operationId] : undefined;
    const found = lookup ? await lookup(this, req).catch(() => undefined) : undefined;
    res.indeterminate = `${res.error}; not resent (the service description shows no idempotency key)${
      lookup ? (found === undefined ? ', and a lookup did not find it' : ', a lookup found it was created') : ''
    }`;
    res.recovered = found;
    res.exchange.indeterminate = res.indeterminate;
    this.options.recorder.addUnjudged(res.exchange);
    return res;
  }

  /** One exchange on the wire, not yet recorded. */
  private async exchange(req: SendRequest): Promise<SendResult> {
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
    const started = Date.now();
    // Every credential this request carries is learnt before anything is recorded, so that a
    // target echoing it anywhere (another header, its own field, a text answer) is redacted too.
    const redactor = this.options.recorder.redactor;
    if (auth === 'primary' || auth === 'secondary') redactor.learn(headers.authorization?.replace(/^bearer\s+/i, ''));
    if (typeof auth === 'object' && 'apiKey' in auth) redactor.learn(auth.apiKey);
    redactor.learnFields(req.form);
    redactor.learnFields(req.json);
    const exchange: RecordedExchange = {
      checkId: currentCheckId(),
      operationId: req.operationId,
      path: redactor.text(url.slice((req.base === 'auth' ? this.options.authUrl : this.options.baseUrl).length)),
      startedAt: started,
      request: {
        method: req.method.toUpperCase(),
        url: redactor.text(url),
        headers: redactor.headers(headers),
        body: redactor.body(req.json ?? (body !== undefined ? body : undefined)),
      },
    };
    try {
      const res = await (this.options.fetch ?? fetch)(url, {
        method: req.method.toUpperCase(),
        headers,
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'manual',
      });
      const cap = this.options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
      const { text, truncated } = await readCapped(res, cap);
      const resHeaders: Record<string, string> = {};
      res.headers.forEach((v, k) => {
        resHeaders[k] = v;
      });
      const contentType = res.headers.get('content-type') ?? undefined;
      const parsed = parseBody(text, contentType);
      // A token answer's access_token, a subscription's signing secret: learnt as they are issued.
      redactor.learnFields(parsed);
      exchange.response = {
        status: res.status,
        headers: redactor.headers(resHeaders),
        body: redactor.body(parsed),
        durationMs: Date.now() - started,
      };
      const result: SendResult = { status: res.status, headers: resHeaders, contentType, body: parsed, exchange };
      if (truncated) {
        exchange.response.truncatedAt = cap;
        exchange.indeterminate = result.indeterminate = `answer exceeded ${cap} bytes (the rest was not read)`;
      }
      return result;
    } catch (err) {
      const message = describeNetworkError(err, this.options.timeoutMs).text;
      exchange.error = redactor.text(message);
      return { status: 0, headers: {}, body: undefined, exchange, error: exchange.error };
    }
  }
}

/** The answer's text, at most `cap` bytes of it; the rest of the stream is cancelled, not read. */
export async function readCapped(
  res: Response,
  cap: number = MAX_ANSWER_BYTES,
): Promise<{ text: string; truncated: boolean }> {
  if (!res.body) return { text: '', truncated: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > cap) {
      chunks.push(value.subarray(0, cap - size));
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated };
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

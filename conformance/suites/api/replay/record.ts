/**
 * `cbp record`: runs the API suite against a live target exactly as `cbp conformance` does and
 * writes what happened as a cassette (cassette.ts). The suite is not changed: the Target it is
 * handed carries a recording `fetch` (every exchange of the suite and of the built-in driver, as
 * on the wire) and a driver wrapper (the calls of a partner's driver module and their answers);
 * the webhooks come from the run's recorder, with their arrival times.
 *
 * Credentials are never written: the run's client secrets, API key, expired token and webhook
 * secret, every token and signing secret issued during the run (learnt from the answers as they
 * arrive), and every secret-named header or field (engine/redact.ts), wherever they appear.
 * Answers are kept as the target sent them (a decimal literal stays the literal, seed §Amount),
 * only the secrets in them replaced.
 */
import { randomBytes } from 'node:crypto';
import { Recorder } from '../../../engine/recorder.js';
import { REDACTED, Redactor, redactHeaders } from '../../../engine/redact.js';
import type { SuiteSummary } from '../../../engine/types.js';
import type { ConformanceConfig } from '../config.js';
import { DRIVER_MEMBERS, type Driver } from '../driver.js';
import { runConformance, type RunOptions } from '../run-conformance.js';
import type { Target } from '../target.js';
import {
  CASSETTE_FORMAT,
  CASSETTE_VERSION,
  type AuthClass,
  type Cassette,
  type DriverStep,
  type ExchangeStep,
  type Step,
} from './cassette.js';
import { verdictsOf } from './verdicts.js';

export interface RecordResult {
  cassette: Cassette;
  summary: SuiteSummary;
}

/** Where the run id stood in what was sent (re-bound on replay). */
export const RUN_MARK = '{{run}}';
/** Where the runner's receiver URL stood (the replay's receiver stands there on replay). */
export const RECEIVER_MARK = '{{receiver}}';

/** Runs the suite against `options.target` and returns the cassette of the run with its summary. */
export async function recordConformance(
  config: ConformanceConfig,
  options: RunOptions & { target: Target },
): Promise<RecordResult> {
  const { target } = options;
  const runId = randomBytes(3).toString('hex');
  const started = Date.now();
  const redactor = new Redactor();
  const c = target.credentials;
  redactor.learn(c.primary?.clientSecret, c.secondary?.clientSecret, c.apiKey, c.expiredToken, config.webhooks.secret);
  const classes = new Map<string, AuthClass>();
  if (c.expiredToken) classes.set(c.expiredToken, 'expired');
  const steps: Step[] = [];
  let receiver: string | undefined;
  let driverInfo: Cassette['target']['driver'] = { name: 'passive', kind: 'passive', methods: [] };
  const authApart = target.authUrl !== target.baseUrl;

  const clientClass = (id: string | null | undefined): AuthClass =>
    id && id === c.primary?.clientId ? 'primary' : id && id === c.secondary?.clientId ? 'secondary' : 'other';

  const recordingFetch: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const headers = Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const base = authApart && url.startsWith(target.authUrl) ? 'auth' : 'api';
    const step: ExchangeStep = {
      kind: 'exchange',
      at: Date.now() - started,
      base,
      auth: authClassOf(headers, classes),
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.slice((base === 'auth' ? target.authUrl : target.baseUrl).length) || '/',
      request: { ...(headers['content-type'] ? { contentType: headers['content-type'] } : {}), body },
      durationMs: 0,
    };
    steps.push(step);
    const t = Date.now();
    try {
      const res = await (target.fetch ?? fetch)(input, init);
      const text = await res.text();
      const resHeaders: Record<string, string> = {};
      res.headers.forEach((v, k) => {
        resHeaders[k] = v;
      });
      step.durationMs = Date.now() - t;
      step.response = { status: res.status, headers: resHeaders, body: text };
      learnAnswer(text, body, headers.authorization, redactor, classes, clientClass);
      return new Response(nullBodyStatus(res.status) ? null : text, { status: res.status, headers: res.headers });
    } catch (err) {
      step.durationMs = Date.now() - t;
      step.error = (err as Error).name === 'TimeoutError' ? 'no answer (timeout)' : String((err as Error).message);
      throw err;
    }
  };

  const wrapDriver = (d: Driver): Driver => {
    driverInfo = {
      name: d.name,
      kind: d.kind ?? 'module',
      methods: DRIVER_MEMBERS.filter((m) => m !== 'name' && typeof d[m] === 'function'),
    };
    const inner = target.wrapDriver ? target.wrapDriver(d) : d;
    const out: Record<string, unknown> = { name: inner.name, kind: inner.kind, control: inner.control };
    for (const m of DRIVER_MEMBERS) {
      const f = (inner as unknown as Record<string, unknown>)[m];
      if (m === 'name' || typeof f !== 'function') continue;
      out[m] = async (args: unknown) => {
        if (m === 'subscribeWebhooks') receiver = (args as { url: string }).url;
        // The sandbox driver's calls are exchanges on the wire already; a module's are recorded as calls.
        const step: DriverStep | undefined =
          inner.kind === 'sandbox' || m === 'close' || m === 'connect'
            ? undefined
            : { kind: 'driver', at: Date.now() - started, method: m, args, durationMs: 0 };
        if (step) steps.push(step);
        const t = Date.now();
        try {
          const result = await (f as (a: unknown) => Promise<unknown>)(args);
          if (step) {
            step.durationMs = Date.now() - t;
            redactor.learnFields(result);
            if (m === 'expiredToken' && typeof result === 'string') {
              redactor.learn(result);
              classes.set(result, 'expired');
            }
            // A subscription's close is the driver's business; the replay gives its own.
            step.result = stripFunctions(result);
          }
          return result;
        } catch (err) {
          if (step) {
            step.durationMs = Date.now() - t;
            step.error = { name: (err as Error).name ?? 'Error', message: String((err as Error).message ?? err) };
          }
          throw err;
        }
      };
    }
    return out as unknown as Driver;
  };

  const recorder = new Recorder();
  const summary = await runConformance(config, {
    ...options,
    recorder,
    target: { ...target, fetch: recordingFetch, runId, wrapDriver },
  });
  for (const w of recorder.webhooks)
    steps.push({
      kind: 'webhook',
      at: Math.max(0, w.receivedAt - started),
      headers: w.headers,
      payload: w.payload,
      ...(w.signatureValid === undefined ? {} : { signature: w.signatureValid ? 'valid' : 'invalid' }),
    });
  steps.sort((a, b) => a.at - b.at);

  const finish = (s: string) => mark(redactor.text(s), runId, receiver);
  const cassette: Cassette = {
    format: CASSETTE_FORMAT,
    version: CASSETTE_VERSION,
    recordedAt: new Date(started).toISOString(),
    target: {
      name: redactor.text(target.name),
      authApart,
      live: config.target.kind === 'live',
      apiKey: c.apiKey !== undefined,
      expiredToken: c.expiredToken !== undefined,
      clients: {
        ...(c.primary ? { primary: c.primary.clientId } : {}),
        ...(c.secondary ? { secondary: c.secondary.clientId } : {}),
      },
      driver: driverInfo,
    },
    run: {
      id: runId,
      wallMs: Date.now() - started,
      ...(receiver ? { receiver } : {}),
      options: { only: config.only, skip: config.skip, strict: config.strict, require: config.require },
      ...(target.fixtures ? { fixtures: redactor.value(target.fixtures) } : {}),
      ...(config.file ? { file: redactor.body(config.file) } : {}),
    },
    steps: steps.map((s) => finishStep(s, redactor, finish)),
    verdicts: verdictsOf(summary),
  };
  return { cassette, summary };
}

/** Statuses whose answer has no body (Fetch: a null body status). */
const nullBodyStatus = (s: number) => s === 101 || s === 204 || s === 205 || s === 304;

function authClassOf(headers: Record<string, string>, classes: ReadonlyMap<string, AuthClass>): AuthClass {
  const auth = headers.authorization;
  if (auth !== undefined) {
    const bearer = /^bearer\s+(.*)$/i.exec(auth)?.[1];
    if (bearer !== undefined) return classes.get(bearer) ?? 'other';
    return /^basic\s/i.test(auth) ? 'basic' : 'other';
  }
  return headers.apikey !== undefined ? 'apikey' : 'none';
}

/** Learns the secrets an answer issues (a token answer's access_token: of which client). */
function learnAnswer(
  text: string,
  requestBody: string | undefined,
  basic: string | undefined,
  redactor: Redactor,
  classes: Map<string, AuthClass>,
  clientClass: (id: string | null | undefined) => AuthClass,
): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return;
  }
  redactor.learnFields(parsed);
  const token = (parsed as { access_token?: unknown } | null)?.access_token;
  if (typeof token !== 'string') return;
  classes.set(token, clientClass(tokenClientId(requestBody, basic)));
}

/** The client a token request names: its form's client_id, or HTTP Basic's user (RFC 6749 §2.3.1). */
export function tokenClientId(body: string | undefined, authorization: string | undefined): string | undefined {
  const fromForm = body !== undefined ? new URLSearchParams(body).get('client_id') : null;
  if (fromForm) return fromForm;
  const basic = authorization && /^basic\s+(.+)$/i.exec(authorization)?.[1];
  if (!basic) return undefined;
  const user = Buffer.from(basic, 'base64').toString('utf8').split(':')[0];
  try {
    return user === undefined ? undefined : decodeURIComponent(user.replace(/\+/g, ' '));
  } catch {
    return user;
  }
}

function stripFunctions(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return typeof v === 'function' ? undefined : v;
  return JSON.parse(JSON.stringify(v)) as unknown;
}

/** The run id and the receiver URL as marks (re-bound on replay). */
function mark(s: string, runId: string, receiver: string | undefined): string {
  let out = s.split(runId).join(RUN_MARK);
  if (receiver) out = out.split(receiver).join(RECEIVER_MARK);
  return out;
}

function mapDeep(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === 'string') return f(v);
  if (Array.isArray(v)) return v.map((x) => mapDeep(x, f));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v))
      Object.defineProperty(out, k, { value: mapDeep(x, f), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v;
}

/** Every credential out, by name and by value; marks in. */
function finishStep(s: Step, redactor: Redactor, finish: (s: string) => string): Step {
  if (s.kind === 'exchange') {
    const body = s.request.body;
    return {
      ...s,
      path: finish(s.path),
      request: {
        ...s.request,
        ...(body !== undefined ? { body: finish(redactRequestBody(body, redactor)) } : {}),
      },
      ...(s.response
        ? {
            response: {
              ...s.response,
              headers: mapDeep(redactHeaders(s.response.headers), finish) as Record<string, string>,
              body: finish(s.response.body),
            },
          }
        : {}),
      ...(s.error !== undefined ? { error: finish(s.error) } : {}),
    };
  }
  if (s.kind === 'webhook')
    return {
      ...s,
      headers: mapDeep(redactHeaders(s.headers), finish) as Record<string, string>,
      payload: mapDeep(s.payload, finish),
    };
  return {
    ...s,
    args: mapDeep(s.args, finish),
    ...(s.result !== undefined ? { result: mapDeep(redactor.body(s.result), finish) } : {}),
    ...(s.error ? { error: { name: s.error.name, message: finish(s.error.message) } } : {}),
  };
}

/** A request body with its secret-named fields (a form's client_secret) and known secrets replaced. */
function redactRequestBody(body: string, redactor: Redactor): string {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed !== null && typeof parsed === 'object') return JSON.stringify(redactor.body(parsed));
  } catch {
    // not JSON: a form, or text
  }
  const redacted = redactor.body(body);
  return typeof redacted === 'string' ? redacted : REDACTED;
}

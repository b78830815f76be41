/**
 * Serves a cassette as a target, on loopback only. A request is matched by meaning, not by bytes:
 * the same base, method and caller (which client's token, none, an API key), a path and body
 * equal to a recorded one where the recording's run id, receiver URL and times count as
 * placeholders, and the recorded order (the first such exchange not yet answered; a read asked
 * again after its last recorded answer gets that answer again). Answers are the recorded ones,
 * with the run's values re-bound: the replay's run id and receiver, fresh tokens and a replay
 * signing secret where the recording redacted them, and every RFC 3339 time and epoch-ms stamp
 * moved by the time since the recording (so an expiry still lies ahead). Webhooks are re-emitted
 * to the replay's receiver in the recorded order, after the step they followed, their gaps
 * compressed by `factor`, signed again with the replay secret (a delivery the receiver found
 * badly signed is signed with another secret, so it is still refused). A request the cassette
 * cannot answer gets a 404 problem naming the nearest recorded exchange and what differs: never
 * a guess.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { standardWebhooks } from '../../../../generated/webhooks.js';
import { REDACTED, Redactor } from '../../../engine/redact.js';
import type { Driver } from '../driver.js';
import { svixScheme } from '../webhook-schemes.js';
import type { AuthClass, Cassette, DriverStep, ExchangeStep, WebhookStep } from './cassette.js';
import { RECEIVER_MARK, RUN_MARK, tokenClientId } from './record.js';

/** The signing secret of every replay (not a secret: the cassette's deliveries are re-signed with it). */
export const REPLAY_SECRET = `whsec_${Buffer.from('cbp-replay-signing-key-v1-000000').toString('base64')}`;
/** Credentials a replay target accepts (the cassette's client ids, these secrets). */
export const REPLAY_CLIENT_SECRET = 'replay-client-secret';
export const REPLAY_EXPIRED_TOKEN = 'replay-expired-token';
export const REPLAY_API_KEY = 'replay-api-key';
const WRONG_SECRET = `whsec_${Buffer.from('cbp-replay-not-the-signing-key-0').toString('base64')}`;

export interface ReplayOptions {
  host?: string;
  port?: number;
  /** Recorded gaps between a step and the webhooks after it are divided by this. Default 20. */
  factor?: number;
  /** The run id of the replaying runner's `unique` values, when known (else bound from its first request). */
  runId?: string;
  /** One line per request not in the cassette. */
  log?: (line: string) => void;
}

export interface ReplayServer {
  baseUrl: string;
  authUrl: string;
  /** Requests the cassette could not answer, one line each. */
  readonly misses: readonly string[];
  /** Where webhooks go (a replay driver's subscription tells it; else the recorded request's place does). */
  bindReceiver(url: string): void;
  /** The cassette's driver calls answered in order (a partner's module driver is not run on replay). */
  replayDriver(): Driver | undefined;
  /** Webhooks not yet re-emitted. */
  pendingWebhooks(): number;
  close(): Promise<void>;
}

const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/;
const ISO_G = new RegExp(ISO.source, 'g');
const MARKS = new RegExp(`(${escapeRe(RUN_MARK)}|${escapeRe(RECEIVER_MARK)}|${ISO.source})`);

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export async function startReplayServer(cassette: Cassette, options: ReplayOptions = {}): Promise<ReplayServer> {
  const factor = options.factor ?? 20;
  const recordedAt = Date.parse(cassette.recordedAt);
  const shift = Date.now() - recordedAt;
  const steps = cassette.steps;
  const consumed = new Set<number>();
  let progress = -1;
  let lastServedAt = Date.now();
  const servedAt = new Map<number, number>();
  const misses: string[] = [];
  let runId: string | undefined = options.runId;
  let receiver: string | undefined;
  const tokens = new Map<string, AuthClass>([[REPLAY_EXPIRED_TOKEN, 'expired']]);
  let minted = 0;
  const redactor = new Redactor();
  redactor.learn(REPLAY_CLIENT_SECRET, REPLAY_API_KEY, REPLAY_EXPIRED_TOKEN);
  const wake: Array<() => void> = [];
  const notify = () => {
    for (const w of wake.splice(0)) w();
  };
  const regexCache = new Map<string, RegExp>();

  /** A recorded string as a pattern: marks and times match what the replay sent in their place. */
  const compile = (recorded: string, captureRun: boolean): RegExp => {
    const src = recorded
      .split(MARKS)
      .map((p, i) =>
        i % 2 === 0
          ? escapeRe(p)
          : p === RUN_MARK
            ? runId && !captureRun
              ? escapeRe(runId)
              : '([0-9a-f]{6})'
            : p === RECEIVER_MARK
              ? '.+?'
              : ISO.source,
      )
      .join('');
    return new RegExp(`^${src}$`, 's');
  };
  const pattern = (recorded: string): RegExp => {
    const cached = regexCache.get(recorded);
    if (cached) return cached;
    const re = compile(recorded, false);
    if (runId || !recorded.includes(RUN_MARK)) regexCache.set(recorded, re);
    return re;
  };

  /** The first replay to send the run id where the recording had it binds it (a runner other than ours). */
  const bindRun = (recorded: string, sent: string) => {
    if (runId || !recorded.includes(RUN_MARK)) return;
    const m = compile(recorded, true).exec(sent);
    if (m?.[1]) runId = m[1];
  };

  const sameValue = (
    recorded: unknown,
    sent: unknown,
    at: string,
    found: (receiver: string) => void,
  ): string | undefined => {
    if (typeof recorded === 'string') {
      if (typeof sent !== 'string' || !pattern(recorded).test(sent)) return at || '/';
      if (recorded === RECEIVER_MARK) found(sent);
      return undefined;
    }
    if (Array.isArray(recorded)) {
      if (!Array.isArray(sent) || sent.length !== recorded.length) return at || '/';
      for (let i = 0; i < recorded.length; i++) {
        const d = sameValue(recorded[i], sent[i], `${at}/${i}`, found);
        if (d !== undefined) return d;
      }
      return undefined;
    }
    if (recorded !== null && typeof recorded === 'object') {
      if (sent === null || typeof sent !== 'object' || Array.isArray(sent)) return at || '/';
      const a = Object.keys(recorded);
      const b = Object.keys(sent);
      if (a.length !== b.length || a.some((k) => !Object.hasOwn(sent, k))) return at || '/';
      for (const k of a) {
        const d = sameValue(
          (recorded as Record<string, unknown>)[k],
          (sent as Record<string, unknown>)[k],
          `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          found,
        );
        if (d !== undefined) return d;
      }
      return undefined;
    }
    return recorded === sent ? undefined : at || '/';
  };

  const NOT_JSON = Symbol('not JSON');
  const parsedBodies = new Map<number, unknown>();
  const recordedBody = (i: number, text: string): unknown => {
    if (!parsedBodies.has(i)) {
      let v: unknown = NOT_JSON;
      try {
        v = JSON.parse(text);
      } catch {
        // a form, or text
      }
      parsedBodies.set(i, v);
    }
    return parsedBodies.get(i);
  };

  /** Where the sent body differs from the recorded one (a JSON pointer), or undefined when it matches. */
  const bodyDiff = (
    i: number,
    recorded: string | undefined,
    sent: { text: string; json: unknown } | undefined,
    found: (r: string) => void,
  ) => {
    if ((recorded ?? '') === '' && (sent?.text ?? '') === '') return undefined;
    if (recorded === undefined || sent === undefined) return 'the body';
    const r = recordedBody(i, recorded);
    if (r !== NOT_JSON && sent.json !== NOT_JSON) return sameValue(r, sent.json, '', found);
    return pattern(recorded).test(sent.text) ? undefined : 'the body';
  };

  const authOf = (req: IncomingMessage): AuthClass => {
    const auth = req.headers.authorization;
    if (auth !== undefined) {
      const bearer = /^bearer\s+(.*)$/i.exec(auth)?.[1];
      if (bearer !== undefined) return tokens.get(bearer) ?? 'other';
      return /^basic\s/i.test(auth) ? 'basic' : 'other';
    }
    return req.headers.apikey !== undefined ? 'apikey' : 'none';
  };

  /** The exchanges by base and method, in recorded order. */
  const groups = new Map<string, number[]>();
  steps.forEach((s, i) => {
    if (s.kind !== 'exchange') return;
    const k = `${s.base} ${s.method}`;
    groups.set(k, [...(groups.get(k) ?? []), i]);
  });

  const find = (base: 'api' | 'auth', method: string, path: string, auth: AuthClass, body: string | undefined) => {
    const candidates = groups.get(`${base} ${method}`) ?? [];
    const normalized = body === undefined || body === '' ? undefined : normalizeRequestBody(body, redactor);
    let json: unknown = NOT_JSON;
    if (normalized !== undefined)
      try {
        json = JSON.parse(normalized);
      } catch {
        // a form, or text
      }
    const sent = normalized === undefined ? undefined : { text: normalized, json };
    const read = method === 'GET' || method === 'HEAD';
    let repeat: number | undefined;
    for (const i of candidates) {
      const s = steps[i] as ExchangeStep;
      if ((consumed.has(i) && !read) || s.auth !== auth || !pattern(s.path).test(path)) continue;
      let receiverFound: string | undefined;
      if (
        bodyDiff(i, s.request.body, sent, (r) => {
          receiverFound = r;
        }) !== undefined
      )
        continue;
      if (consumed.has(i)) {
        repeat = i;
        continue;
      }
      bindRun(s.path, path);
      if (s.request.body && sent) bindRun(s.request.body, sent.text);
      if (receiverFound && !receiver) receiver = receiverFound;
      return { index: i };
    }
    if (repeat !== undefined) return { index: repeat };
    // Not answerable: the nearest unanswered exchange, and what differs.
    let nearest: { index: number; differs: string[] } | undefined;
    for (const i of candidates) {
      if (consumed.has(i)) continue;
      const s = steps[i] as ExchangeStep;
      const differs: string[] = [];
      if (!pattern(s.path).test(path)) differs.push('the path');
      if (s.auth !== auth) differs.push(`the caller (recorded: ${s.auth}, sent: ${auth})`);
      const d = bodyDiff(i, s.request.body, sent, () => undefined);
      if (d !== undefined) differs.push(d === 'the body' ? d : `the body at ${d}`);
      if (!nearest || differs.length < nearest.differs.length) nearest = { index: i, differs };
    }
    return { nearest: nearest && { index: nearest.index, differs: nearest.differs.join(', ') } };
  };

  const rebind = (text: string): string => {
    let out = text;
    if (runId) out = out.split(RUN_MARK).join(runId);
    if (receiver) out = out.split(RECEIVER_MARK).join(receiver);
    return shiftTimes(out, shift, recordedAt);
  };

  const answer = (
    s: ExchangeStep,
    clientId: string | null,
  ): { status: number; headers: Record<string, string>; body: string } => {
    const r = s.response!;
    let body = rebind(r.body);
    body = body.replace(
      /"(access_token|refresh_token|secret|webhook_secret|signing_secret)"(\s*:\s*)"\[redacted\]"/g,
      (_m, field: string, colon: string) => {
        if (field === 'access_token' || field === 'refresh_token') {
          const cls: AuthClass =
            clientId && clientId === cassette.target.clients.primary
              ? 'primary'
              : clientId && clientId === cassette.target.clients.secondary
                ? 'secondary'
                : 'other';
          const token = `replay-${cls}-${++minted}`;
          tokens.set(token, cls);
          return `"${field}"${colon}"${token}"`;
        }
        return `"${field}"${colon}"${REPLAY_SECRET}"`;
      },
    );
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.headers)) {
      if (['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'content-encoding', 'date'].includes(k))
        continue;
      if (v === REDACTED || v === `Bearer ${REDACTED}`) continue;
      headers[k] = rebind(v);
    }
    return { status: r.status, headers, body };
  };

  const markServed = (i: number) => {
    consumed.add(i);
    servedAt.set(i, Date.now());
    lastServedAt = Date.now();
    if (i > progress) progress = i;
    notify();
  };

  const prefix = { api: cassette.target.authApart ? '/api' : '', auth: cassette.target.authApart ? '/auth' : '' };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 4 * 1024 * 1024) chunks.push(c);
    });
    req.on('end', () => {
      const url = req.url ?? '/';
      const base = cassette.target.authApart && url.startsWith('/auth/') ? 'auth' : 'api';
      const path = url.slice(prefix[base].length) || '/';
      const method = (req.method ?? 'GET').toUpperCase();
      const raw = chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
      const body = raw === '' ? undefined : raw;
      const auth = authOf(req);
      const found = find(base, method, path, auth, body);
      if ('index' in found && found.index !== undefined) {
        const s = steps[found.index] as ExchangeStep;
        markServed(found.index);
        if (!s.response) {
          // The recording got no answer here (a timeout, a reset): so does the replay.
          req.socket.destroy();
          return;
        }
        const clientId = tokenClientId(body, req.headers.authorization) ?? null;
        const a = answer(s, clientId);
        res.writeHead(a.status, a.headers);
        res.end([101, 204, 205, 304].includes(a.status) ? undefined : a.body);
        return;
      }
      const near = found.nearest ? (steps[found.nearest.index] as ExchangeStep) : undefined;
      const line = `${method} ${path} (${auth}): not in the cassette${
        near
          ? `; nearest: step ${found.nearest!.index} ${near.method} ${near.path}, differs in ${found.nearest!.differs}`
          : ''
      }`;
      misses.push(line);
      options.log?.(line);
      res.writeHead(404, { 'content-type': 'application/problem+json', 'x-cbp-replay': 'miss' }).end(
        JSON.stringify({
          type: 'https://cross-border-payments.dev/problems/replay-miss',
          title: 'Not in the cassette',
          status: 404,
          detail: line,
          ...(near
            ? {
                nearest: {
                  step: found.nearest!.index,
                  method: near.method,
                  path: near.path,
                  differs: found.nearest!.differs,
                },
              }
            : {}),
        }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = (options.host ?? '127.0.0.1').includes(':') ? `[${options.host}]` : (options.host ?? '127.0.0.1');
  const origin = `http://${host}:${port}`;

  // Webhooks: each after the last step recorded before it, in the recorded order.
  const webhooks = steps.flatMap((s, i) =>
    s.kind === 'webhook' ? [{ step: s, index: i, trigger: triggerOf(i) }] : [],
  );
  function triggerOf(i: number): number {
    for (let j = i - 1; j >= 0; j--) if (steps[j]!.kind !== 'webhook') return j;
    return -1;
  }
  let emitted = 0;
  let closed = false;
  const waitUntil = async (ready: () => boolean) => {
    while (!ready() && !closed) await new Promise<void>((r) => wake.push(r));
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
  const emitter = (async () => {
    let previous: { at: number; sentAt: number } | undefined;
    for (const w of webhooks) {
      await waitUntil(() => receiver !== undefined && progress >= w.trigger);
      if (closed) return;
      const trigger = w.trigger >= 0 ? steps[w.trigger]! : undefined;
      const triggerServed = (w.trigger >= 0 ? servedAt.get(w.trigger) : undefined) ?? lastServedAt;
      const after = trigger ? triggerServed + (w.step.at - trigger.at) / factor : Date.now();
      const afterPrevious = previous ? previous.sentAt + (w.step.at - previous.at) / factor : 0;
      await sleep(Math.max(after, afterPrevious) - Date.now());
      if (closed) return;
      await deliver(w.step).catch(() => undefined);
      previous = { at: w.step.at, sentAt: Date.now() };
      emitted++;
    }
  })();

  async function deliver(w: WebhookStep): Promise<void> {
    const raw = Buffer.from(rebind(JSON.stringify(w.payload)));
    const headers: Record<string, string> = { 'content-type': w.headers['content-type'] ?? 'application/json' };
    for (const [k, v] of Object.entries(w.headers)) {
      if (/^(host|content-length|connection|transfer-encoding|(webhook|svix)-(id|timestamp|signature))$/.test(k))
        continue;
      if (v === REDACTED) continue;
      headers[k] = v;
    }
    const scheme = w.headers['svix-signature'] !== undefined ? svixScheme : standardWebhooks;
    const id = w.headers['webhook-id'] ?? w.headers['svix-id'];
    if (w.signature !== undefined && id !== undefined) {
      const secret = w.signature === 'valid' ? REPLAY_SECRET : WRONG_SECRET;
      Object.assign(headers, scheme.sign(raw, { id, timestamp: Math.floor(Date.now() / 1000), secret }));
    } else {
      for (const k of [
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
        'svix-id',
        'svix-timestamp',
        'svix-signature',
      ])
        if (w.headers[k] !== undefined) headers[k] = w.headers[k];
    }
    await fetch(receiver!, { method: 'POST', headers, body: raw, signal: AbortSignal.timeout(10_000) });
  }

  const replayDriver = (): Driver | undefined => {
    const d = cassette.target.driver;
    if (d.kind !== 'module') return undefined;
    const out: Record<string, unknown> = { name: d.name, kind: 'module' };
    for (const m of d.methods) {
      out[m] = async (args: unknown) => {
        if (m === 'subscribeWebhooks') receiver = (args as { url: string }).url;
        let index = -1;
        const wanted = JSON.stringify(args ?? null);
        for (let i = 0; i < steps.length; i++) {
          const s = steps[i]!;
          if (s.kind !== 'driver' || s.method !== m || consumed.has(i)) continue;
          if (index < 0) index = i;
          if (sameValue(s.args ?? null, JSON.parse(wanted), '', () => undefined) === undefined) {
            index = i;
            break;
          }
        }
        if (index < 0) {
          if (m === 'close' || m === 'connect') return undefined;
          const line = `driver ${m}(${wanted.slice(0, 200)}): not in the cassette`;
          misses.push(line);
          options.log?.(line);
          throw new Error(line);
        }
        const s = steps[index] as DriverStep;
        markServed(index);
        if (s.error) {
          const err = new Error(rebind(s.error.message));
          err.name = s.error.name;
          throw err;
        }
        if (m === 'expiredToken') return REPLAY_EXPIRED_TOKEN;
        const result = s.result === undefined ? undefined : (JSON.parse(rebind(JSON.stringify(s.result))) as unknown);
        if (m === 'subscribeWebhooks' && result && typeof result === 'object') {
          const r = result as { secret?: string };
          return { ...r, ...(r.secret !== undefined ? { secret: REPLAY_SECRET } : {}), close: async () => undefined };
        }
        return result;
      };
    }
    return out as unknown as Driver;
  };

  return {
    baseUrl: `${origin}${prefix.api}`,
    authUrl: `${origin}${prefix.auth}`,
    misses,
    bindReceiver: (url) => {
      receiver = url;
      notify();
    },
    replayDriver,
    pendingWebhooks: () => webhooks.length - emitted,
    close: async () => {
      closed = true;
      notify();
      await emitter.catch(() => undefined);
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

/** A sent body as record.ts writes it: known secrets and secret-named fields redacted, JSON re-serialized. */
function normalizeRequestBody(body: string, redactor: Redactor): string {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed !== null && typeof parsed === 'object') return JSON.stringify(redactor.body(parsed));
  } catch {
    // a form, or text
  }
  const r = redactor.body(body);
  return typeof r === 'string' ? r : REDACTED;
}

/**
 * Every RFC 3339 date-time and every epoch-milliseconds number within a year of the recording,
 * moved by `shift` ms, each in the form it had (fraction digits, `Z` or offset).
 */
export function shiftTimes(text: string, shift: number, recordedAt: number): string {
  if (shift === 0) return text;
  const year = 366 * 24 * 3600 * 1000;
  return (
    text
      .replace(ISO_G, (iso) => {
        const t = Date.parse(iso);
        if (Number.isNaN(t)) return iso;
        const m = /^(.{19})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.exec(iso);
        if (!m) return iso;
        const offset =
          m[3] === 'Z'
            ? 0
            : (m[3]!.startsWith('-') ? -1 : 1) * (Number(m[3]!.slice(1, 3)) * 60 + Number(m[3]!.slice(4, 6)));
        const digits = m[2] ? m[2].length - 1 : 0;
        // Sub-millisecond digits are kept as recorded; the rest moves by `shift`.
        const sub = digits > 3 ? m[2]!.slice(4) : '';
        const moved = new Date(t + shift + offset * 60_000).toISOString();
        const fraction = digits === 0 ? '' : `.${moved.slice(20, 23).slice(0, Math.min(3, digits))}${sub}`;
        return `${moved.slice(0, 19)}${fraction}${m[3]}`;
      })
      // JSON numbers only: an id that embeds a time (`msg_1733…`) is an id, and stays as it was.
      .replace(/(?<=[:[,]\s*)(1\d{12})(?![\d.])/g, (n) => {
        const t = Number(n);
        return Math.abs(t - recordedAt) < year ? String(t + shift) : n;
      })
  );
}

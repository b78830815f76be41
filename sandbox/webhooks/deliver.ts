/**
 * One webhook POST, over node:http(s) rather than fetch, because the mock must control three
 * things fetch hides: where the connection goes (every resolved address passes the target
 * policy before the socket connects, see target-policy.ts), redirects (never followed: a 3xx is
 * a failed delivery, so the signed body never reaches another origin), and how much of the
 * answer is read (at most `maxAnswerBytes`; then the connection is closed and the attempt marked
 * truncated, so an endless answer cannot grow the mock's memory).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookTargetPolicy } from './target-policy.js';

/** Bytes of a webhook endpoint's answer read at most (its status is all the mock needs). */
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface DeliveryOutcome {
  status?: number;
  /** `timeout`, `refused: …` (target policy), `redirect not followed (307)` or a network error. */
  error?: string;
  /** The target policy refused the address: retrying cannot help. */
  refused?: boolean;
  /** The answer was longer than the cap: the rest was not read and the connection was closed. */
  truncated?: boolean;
}

export interface DeliverOptions {
  timeoutMs: number;
  maxAnswerBytes: number;
  policy: WebhookTargetPolicy;
  /** checkedLookup(policy), made once. */
  lookup: LookupFunction;
  agents: { http: http.Agent; https: https.Agent };
}

class RefusedTarget extends Error {}

/** A dns.lookup that fails when any address of `hostname` is refused by the policy. */
export function checkedLookup(policy: WebhookTargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refusal = addresses.map((a) => policy.refuseAddress(hostname, a.address)).find((r) => r !== undefined);
      if (refusal !== undefined) return callback(new RefusedTarget(refusal), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (first === undefined) return callback(new Error(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

export function deliver(
  url: string,
  headers: Record<string, string>,
  body: string,
  o: DeliverOptions,
): Promise<DeliveryOutcome> {
  const target = new URL(url);
  const refusal = o.policy.refuseUrl(target);
  if (refusal !== undefined) return Promise.resolve({ error: `refused: ${refusal}`, refused: true });
  const secure = target.protocol === 'https:';
  const payload = Buffer.from(body);
  return new Promise<DeliveryOutcome>((resolve) => {
    const outcome: DeliveryOutcome = {};
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = (secure ? https : http).request(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(payload.length) },
      agent: secure ? o.agents.https : o.agents.http,
      lookup: o.lookup,
    });
    const timer = setTimeout(() => {
      if (outcome.status === undefined) outcome.error = 'timeout';
      request.destroy();
      finish();
    }, o.timeoutMs);
    request.on('error', (error) => {
      if (outcome.status === undefined && outcome.error === undefined) {
        outcome.error =
          error instanceof RefusedTarget
            ? `refused: ${error.message}`
            : String((error as { code?: string }).code ?? error.message);
        if (error instanceof RefusedTarget) outcome.refused = true;
      }
      finish();
    });
    request.on('response', (response) => {
      outcome.status = response.statusCode ?? 0;
      if (outcome.status >= 300 && outcome.status < 400) outcome.error = `redirect not followed (${outcome.status})`;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > o.maxAnswerBytes && !outcome.truncated) {
          outcome.truncated = true;
          request.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', finish);
      response.on('close', finish);
    });
    request.end(payload);
  });
}

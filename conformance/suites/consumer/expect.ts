/**
 * Assertions shared by the consumer scenarios: every delivery answered as expected, and (with
 * --state-url) the partner's final record. Failures carry the exchanges as evidence.
 */
import type { Failure } from '../../engine/types.js';
import type { ConsumerCheckResult } from './check.js';
import type { ConsumerContext, DeliveryOptions } from './context.js';
import type { WebhookPayload } from './flows.js';

/** Delivers in order; each answer must be 200 (seed §Events: duplicates and unknown payments too). */
export async function expectAcknowledged(
  ctx: ConsumerContext,
  checkId: string,
  payloads: WebhookPayload[],
  rule: string,
): Promise<ConsumerCheckResult> {
  const failures: Failure[] = [];
  for (const p of payloads) {
    const d = await ctx.deliver(p);
    if (d.status !== 200) {
      failures.push({
        checkId,
        subject: p.payment_id,
        severity: 'error',
        rule,
        message: `event ${p.event_id} (${p.status}) answered ${d.status ?? 'nothing'}, expected 200`,
        evidence: { exchanges: [d.evidence] },
      });
    }
  }
  return { failures, cases: payloads.length };
}

/** Delivers one webhook that must be refused with a 4xx (bad signature, stale timestamp); `why` says why a refusal is
 * expected. */
export async function expectRefused(
  ctx: ConsumerContext,
  checkId: string,
  payload: WebhookPayload,
  options: DeliveryOptions,
  rule: string,
  why: string,
): Promise<ConsumerCheckResult> {
  const d = await ctx.deliver(payload, options);
  const sent = Object.entries(d.evidence.request.headers)
    .filter(([k]) => k.startsWith('webhook-'))
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  const ok = d.status !== undefined && d.status >= 400 && d.status < 500;
  const failures: Failure[] = ok
    ? []
    : [
        {
          checkId,
          subject: payload.payment_id,
          severity: 'error',
          rule,
          message: `answered ${d.status ?? 'nothing'}, expected a 4xx refusal`,
          evidence: { exchanges: [d.evidence], note: `headers sent: ${sent}. A refusal was expected: ${why}` },
        },
      ];
  return { failures, cases: 1 };
}

export interface ExpectedRecord {
  /** Undefined: the partner must have no record (404). */
  status?: string;
  eventsApplied?: number;
  recipients?: Record<string, string>;
}

/** Reads the partner's record; without --state-url judges nothing (the run notes it once). */
export async function expectRecord(
  ctx: ConsumerContext,
  checkId: string,
  paymentId: string,
  expected: ExpectedRecord,
  rule: string,
): Promise<ConsumerCheckResult> {
  // Without --state-url only the answers are judged; the run says so once (a note), not as a warning per check.
  if (!ctx.readState) return { failures: [], cases: 0 };
  const r = await ctx.readState(paymentId);
  const fail = (message: string): ConsumerCheckResult => ({
    failures: [
      { checkId, subject: paymentId, severity: 'error', rule, message, evidence: { exchanges: [r.evidence] } },
    ],
    cases: 1,
  });
  if ('error' in r) return fail(r.error);
  if (expected.status === undefined)
    return r.found && r.status !== null
      ? fail(`payment has a record with status ${r.status}; expected none (404)`)
      : { failures: [], cases: 1 };
  if (!r.found) return fail(`no record (404); expected status ${expected.status}`);
  if (r.status !== expected.status) return fail(`final status ${r.status}, expected ${expected.status}`);
  if (
    expected.eventsApplied !== undefined &&
    r.eventsApplied !== undefined &&
    r.eventsApplied !== expected.eventsApplied
  ) {
    return fail(
      `events_applied is ${r.eventsApplied}, expected ${expected.eventsApplied} ` +
        `distinct events (a repeated event_id was processed again)`,
    );
  }
  for (const [id, status] of Object.entries(expected.recipients ?? {})) {
    if (r.recipients && r.recipients[id] !== status)
      return fail(`recipient ${id} is ${r.recipients[id] ?? 'missing'}, expected ${status}`);
  }
  return { failures: [], cases: 1 };
}

export function merge(...results: ConsumerCheckResult[]): ConsumerCheckResult {
  return { failures: results.flatMap((r) => r.failures), cases: results.reduce((n, r) => n + r.cases, 0) };
}

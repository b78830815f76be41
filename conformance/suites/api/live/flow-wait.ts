/**
 * The live wait of the webhook flows (seed §Events consumer rule 5: "in production, each stage
 * takes seconds to minutes"; §Limits: PAYMENT_COMPLETED "expected within 5 minutes of the last
 * PAYOUT_CREDITED"). Every flow is waited for until its expectation is met or provably broken
 * (flow-progress.ts), each stage bounded by the per-stage timeout and the completion stage by
 * the completion allowance; then a grace window catches events that must not come (after
 * CANCELLED: "No further webhooks follow"). Flows wait side by side, so a run costs the slowest
 * flow, not their sum.
 */
import type { StateTable } from '../../../../kits/payments/state-table/index.js';
import type { PaymentExpectation } from '../../events/event-types.js';
import type { RecordedWebhook, Recorder } from '../../../engine/recorder.js';
import { webhooksFor } from '../payment-webhooks.js';
import type { ConformanceConfig } from '../config.js';
import { flowProgress, tableShape, type FlowEvent, type FlowProgress } from './flow-progress.js';
import { liftFields } from '../../events/event-judge.js';

export interface WaitedFlow {
  name: string;
  paymentId: string;
  expectation: PaymentExpectation;
  /** When the runner last acted on the flow (created it, drove it), ms since the epoch. */
  startedAt: number;
}

export interface FlowTiming {
  /** Longest wait for the next webhook of a flow. */
  stageMs: number;
  /** Longest wait for the completion status after every recipient was credited. */
  completionMs: number;
  /** Listening on after every flow settled, for events that must not come. */
  graceMs: number;
}

export interface FlowOutcome {
  flow: WaitedFlow;
  progress: FlowProgress;
  /** Stopped waiting at a timeout (the flow neither met its expectation nor reached a dead end). */
  timedOut: boolean;
  /** Which bound ended the wait, when one did. */
  bound?: 'stage' | 'completion';
  waitedMs: number;
}

/** One line per flow still waiting, for a progress display. */
export type FlowProgressListener = (lines: string[]) => void;

export async function waitForFlows(
  flows: readonly WaitedFlow[],
  recorder: Recorder,
  table: StateTable,
  timing: FlowTiming,
  onProgress?: FlowProgressListener,
): Promise<FlowOutcome[]> {
  const shape = tableShape(table);
  const began = Date.now();
  const look = (f: WaitedFlow) => {
    const hooks = webhooksFor(recorder, f.paymentId);
    const progress = flowProgress(hooks.map(event), f.expectation, shape);
    const last = Math.max(f.startedAt, ...hooks.map((h) => h.receivedAt));
    const credited = shape.perRecipient.at(-1);
    const lastCredit = Math.max(
      f.startedAt,
      ...hooks.filter((h) => event(h).status === credited).map((h) => h.receivedAt),
    );
    const bound: 'stage' | 'completion' =
      progress.awaitingCompletion && timing.completionMs > timing.stageMs ? 'completion' : 'stage';
    const deadline = bound === 'completion' ? lastCredit + timing.completionMs : last + timing.stageMs;
    return { f, progress, deadline, bound };
  };
  for (;;) {
    const now = Date.now();
    const states = flows.map(look);
    const waiting = states.filter((s) => !s.progress.settled && s.deadline > now);
    if (waiting.length === 0) break;
    onProgress?.(
      waiting.map(
        (s) =>
          `${s.f.name} (${s.f.paymentId}): waiting for ${s.progress.waitingFor}, ` +
          `${Math.ceil((s.deadline - now) / 1000)} s left of the ` +
          `${s.bound === 'completion' ? 'completion allowance' : 'per-stage timeout'}`,
      ),
    );
    const count = recorder.webhooks.length;
    // Wake on the next webhook, the nearest deadline, or once a second to refresh the countdown.
    const next = Math.min(...waiting.map((s) => s.deadline)) - now;
    await recorder.waitFor(
      () => recorder.webhooks.length !== count,
      Math.max(1, Math.min(next, onProgress ? 1000 : next)),
    );
  }
  if (timing.graceMs > 0) {
    onProgress?.([
      `every flow settled or timed out; listening ` +
        `${Math.ceil(timing.graceMs / 1000)} s more for events that must not come`,
    ]);
    await new Promise((r) => setTimeout(r, timing.graceMs));
  }
  onProgress?.([]);
  return flows.map((f) => {
    const s = look(f);
    return {
      flow: f,
      progress: s.progress,
      timedOut: !s.progress.settled,
      bound: s.progress.settled ? undefined : s.bound,
      waitedMs: Date.now() - began,
    };
  });
}

/** The same reading of a payload as the event judge's: top level, else under `data`; null is absent. */
function event(w: RecordedWebhook): FlowEvent {
  const p =
    w.payload !== null && typeof w.payload === 'object' ? liftFields(w.payload as Record<string, unknown>).event : {};
  return {
    status: typeof p.status === 'string' ? p.status : '',
    recipient_id: typeof p.recipient_id === 'string' ? p.recipient_id : undefined,
  };
}

/** The wait bounds of a run: the config's, the completion allowance defaulting to the state table's (seed §Limits: 5
 * minutes). */
export function flowTiming(config: ConformanceConfig, table: StateTable): FlowTiming {
  const allowance = tableShape(table).completionAllowanceSeconds;
  return {
    stageMs: config.webhooks.waitMs,
    completionMs: config.webhooks.completionMs ?? (allowance !== undefined ? allowance * 1000 : config.webhooks.waitMs),
    graceMs: config.webhooks.graceMs,
  };
}

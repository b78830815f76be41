/**
 * Every exchange the suite makes and every webhook it receives, in order. Stateful checks (checks
 * over all exchanges, event judges) query it; checks keep no state of their own.
 */
import { Redactor } from './redact.js';
import type { ExchangeEvidence } from './types.js';

/** A webhook delivery as received: its payload and, when a secret was known, the signature verdict. */
export interface ReceivedEvent {
  payload: unknown;
  /** false when the delivery's signature did not verify; undefined when unknown (offline logs). */
  signatureValid?: boolean;
  signatureError?: string;
}

export interface RecordedExchange extends ExchangeEvidence {
  /** Operation id when the request targets a documented operation; undefined for sandbox calls. */
  operationId?: string;
  /** The check that sent it. */
  checkId: string;
  /** Path as sent, without origin (for reproduce commands). */
  path: string;
  /** When the request left, ms since the epoch (HAR timings). */
  startedAt?: number;
  /** Set when the answer says nothing about the contract (throttled, timed out): failures built
   * on this exchange are reported as cases not judged, with this reason. */
  indeterminate?: string;
}

export interface RecordedWebhook extends ReceivedEvent {
  receivedAt: number;
  /** The delivery was larger than this many bytes and was not read (its payload says so). */
  truncatedAt?: number;
  headers: Record<string, string>;
}

export class Recorder {
  readonly exchanges: RecordedExchange[] = [];
  readonly webhooks: RecordedWebhook[] = [];
  /** Exchanges no check judges (a throttled attempt that was retried, a poll before the resource
   * existed); kept for the HAR report. */
  readonly unjudged: RecordedExchange[] = [];
  private waiters: Array<() => void> = [];
  /** The run's redactor: what the run records and reports passes through it (engine/redact.ts). */
  readonly redactor = new Redactor();

  addExchange(x: RecordedExchange): void {
    this.exchanges.push(x);
  }

  addUnjudged(x: RecordedExchange): void {
    this.unjudged.push(x);
  }

  addWebhook(w: RecordedWebhook): void {
    this.webhooks.push(w);
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }

  /** Resolves when `done()` holds, or after `timeoutMs` (whichever first); checked on every webhook. */
  async waitFor(done: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return true;
  }
}

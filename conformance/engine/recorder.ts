/**
 * Every exchange the suite makes and every webhook it receives, in order. Stateful checks (checks
 * over all exchanges, event judges) query it; checks keep no state of their own.
 */
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
}

export interface RecordedWebhook extends ReceivedEvent {
  receivedAt: number;
  headers: Record<string, string>;
}

export class Recorder {
  readonly exchanges: RecordedExchange[] = [];
  readonly webhooks: RecordedWebhook[] = [];
  private waiters: Array<() => void> = [];

  addExchange(x: RecordedExchange): void {
    this.exchanges.push(x);
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

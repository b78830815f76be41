/**
 * Webhook delivery: at-least-once, signed (Standard Webhooks by default, assumption
 * A-WEBHOOK-SIGNATURE, pluggable), retried with exponential backoff on non-2xx answers, network
 * errors and timeouts, so nothing is lost while a consumer is down (seed §Events: the retry
 * schedule is not shown; ours is configurable). Secrets never reach the delivery log. An
 * endpoint that answers 410 Gone is disabled instead (Standard Webhooks, "Retry schedule": the
 * endpoint asks to stop), which drops its pending retries too. Deliveries go only to the
 * subscription's URL (no redirect is followed), never to a link-local or metadata address
 * unless allowed (target-policy.ts), and at most MAX_ANSWER_BYTES of an answer is read
 * (deliver.ts).
 */
import http from 'node:http';
import https from 'node:https';
import { signWebhook, type WebhookScheme } from 'cross-border-payments-runtime/webhooks';
import type { PaymentEvent, SubscriptionRecord } from '../types.js';
import { isChaotic, seededRandom, shuffle, type ChaosOptions } from './chaos.js';
import { checkedLookup, deliver, MAX_ANSWER_BYTES, type DeliverOptions } from './deliver.js';
import { createTargetPolicy, type WebhookTargetPolicy } from './target-policy.js';

export interface RetryOptions {
  /** First retry delay. Default 500 ms. */
  initialDelayMs?: number;
  /** Growth per attempt. Default 2. */
  factor?: number;
  /** Cap of one delay. Default 60 000 ms. */
  maxDelayMs?: number;
  /** Attempts per delivery, the first included. Default 30 (about half an hour with the defaults). */
  maxAttempts?: number;
  /** Per-attempt timeout. Default 5000 ms. */
  timeoutMs?: number;
}

export interface DispatcherOptions {
  retry?: RetryOptions;
  chaos?: ChaosOptions;
  scheme?: WebhookScheme;
  /** Told when a subscription is disabled (410 Gone), for the request log. */
  onDisabled?: (sub: SubscriptionRecord) => void;
  /** Which targets may be delivered to. Default: everything but link-local and metadata addresses. */
  targets?: WebhookTargetPolicy;
  /** Bytes of an endpoint's answer read at most. Default MAX_ANSWER_BYTES (64 KiB). */
  maxAnswerBytes?: number;
}

/** One attempt, for tests and debugging (never the secret or the signature); the last 10 000 are kept. */
export interface DeliveryAttempt {
  subscription_id: string;
  event_id: string;
  attempt: number;
  status?: number;
  error?: string;
  /** The answer exceeded the read cap: the rest was dropped and the connection closed. */
  truncated?: true;
  at: string;
}

const LOG_LIMIT = 10_000;

interface Job {
  sub: SubscriptionRecord;
  event: PaymentEvent;
  attempt: number;
}

export class WebhookDispatcher {
  readonly log: DeliveryAttempt[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly random: () => number;
  private held: Job[] = [];
  /** Without chaos, first attempts to one endpoint go one after the other, in emission order. */
  private readonly chains = new Map<string, Promise<void>>();
  private queued = 0;
  private inFlight = 0;
  private closed = false;
  private idleWaiters: Array<() => void> = [];
  private readonly delivery: Omit<DeliverOptions, 'timeoutMs'>;
  /** The target policy, which the control API also applies when a subscription is created. */
  readonly targets: WebhookTargetPolicy;

  constructor(private readonly options: DispatcherOptions = {}) {
    this.random = seededRandom(options.chaos?.seed ?? 1);
    const policy = options.targets ?? createTargetPolicy();
    this.targets = policy;
    // Own agents: a pooled socket of another part of the process was not connected through the policy.
    this.delivery = {
      policy,
      lookup: checkedLookup(policy),
      maxAnswerBytes: options.maxAnswerBytes ?? MAX_ANSWER_BYTES,
      agents: { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) },
    };
  }

  /** Queues `event` for every subscription given. */
  dispatch(event: PaymentEvent, subs: SubscriptionRecord[]): void {
    const chaos = this.options.chaos;
    for (const sub of subs) {
      const copies = chaos && this.random() < (chaos.duplicateRate ?? 0) ? 2 : 1;
      for (let i = 0; i < copies; i++) this.firstAttempt({ sub, event, attempt: 1 });
    }
  }

  /** Resolves when nothing is queued, in flight or waiting for a retry. */
  idle(): Promise<void> {
    if (this.pending() === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  pending(): number {
    return this.inFlight + this.queued + this.timers.size + this.held.length;
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.held = [];
    this.delivery.agents.http.destroy();
    this.delivery.agents.https.destroy();
    this.settle();
  }

  private firstAttempt(job: Job): void {
    const chaos = this.options.chaos;
    if (!isChaotic(chaos)) {
      this.inOrder(job);
      return;
    }
    const delay = Math.floor(this.random() * (chaos!.delayMs ?? 0));
    if ((chaos!.reorderWindowMs ?? 0) > 0) {
      if (this.held.length === 0) this.later(chaos!.reorderWindowMs! + delay, () => this.releaseHeld());
      this.held.push(job);
      return;
    }
    this.later(delay, () => void this.send(job));
  }

  private inOrder(job: Job): void {
    const id = job.sub.subscription_id;
    this.queued++;
    const next = (this.chains.get(id) ?? Promise.resolve()).then(async () => {
      this.queued--;
      await this.send(job);
    });
    this.chains.set(id, next);
    void next.then(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
  }

  private releaseHeld(): void {
    const batch = shuffle(this.held, this.random);
    this.held = [];
    for (const job of batch) void this.send(job);
  }

  private later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
      this.settle();
    }, ms);
    this.timers.add(t);
  }

  private async send(job: Job): Promise<void> {
    // An unsubscribed endpoint gets nothing more, retries included.
    if (this.closed || job.sub.deleted || job.sub.disabled) return this.settle();
    const retry = this.options.retry ?? {};
    const body = JSON.stringify(job.event);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'cbp-mock-webhooks',
      ...signWebhook(
        body,
        { id: job.event.event_id, timestamp: Math.floor(Date.now() / 1000), secret: job.sub.secret },
        { scheme: this.options.scheme },
      ),
    };
    const entry: DeliveryAttempt = {
      subscription_id: job.sub.subscription_id,
      event_id: job.event.event_id,
      attempt: job.attempt,
      at: new Date().toISOString(),
    };
    this.inFlight++;
    let refused = false;
    try {
      const outcome = await deliver(job.sub.url, headers, body, {
        ...this.delivery,
        timeoutMs: retry.timeoutMs ?? 5000,
      });
      if (outcome.status !== undefined) entry.status = outcome.status;
      if (outcome.error !== undefined) entry.error = outcome.error;
      if (outcome.truncated) entry.truncated = true;
      refused = outcome.refused === true;
    } catch (err) {
      // A URL or header node:http refuses outright: a failed attempt like any other.
      entry.error = (err as Error).message;
    } finally {
      this.inFlight--;
    }
    this.log.push(entry);
    // A long-running sandbox keeps the recent attempts only.
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
    const delivered = entry.status !== undefined && entry.status >= 200 && entry.status < 300;
    if (entry.status === 410 && !job.sub.disabled) {
      job.sub.disabled = { at: entry.at, reason: `the endpoint answered 410 Gone to event ${job.event.event_id}` };
      this.options.onDisabled?.(job.sub);
    }
    // A refused target stays refused: no retry.
    if (!delivered && !refused && !job.sub.disabled && !this.closed && job.attempt < (retry.maxAttempts ?? 30)) {
      const delay = Math.min(
        (retry.initialDelayMs ?? 500) * (retry.factor ?? 2) ** (job.attempt - 1),
        retry.maxDelayMs ?? 60_000,
      );
      this.later(delay, () => void this.send({ ...job, attempt: job.attempt + 1 }));
    }
    this.settle();
  }

  private settle(): void {
    if (this.pending() > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}

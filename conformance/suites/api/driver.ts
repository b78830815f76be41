/**
 * A driver makes happen on a target what the seed's API cannot: funds arriving, a cancellation,
 * the payer completing a hosted page, a session expiring, a recipient failing its name check, a
 * webhook subscription. The seed shows none of these as operations (§Other operations: "Create a
 * webhook", "Unsubscribe from status updates": "methods, paths, and payloads: not shown"; §States
 * and transitions: "Funds arrive" and "Cancellation" are triggers, not endpoints), so every
 * target needs its own way.
 *
 * Every method is optional: a case that needs a missing one is skipped, naming the method
 * (`missingMethod`), and `--require` turns that skip into a failure. A method that throws fails
 * the case it serves, with the message, unless it throws `NotPossible`: the documented answer "this
 * cannot be done for this payment or session on this target" (e.g. a payment paid from a funded
 * wallet never awaits funds, so it cannot be cancelled while it does), which skips the case with
 * that reason. Built in (drivers/builtin.ts): `sandbox` (drivers/sandbox.ts, this package's
 * /_sandbox/ control API, picked when the target answers it) and `passive` (drivers/passive.ts,
 * nothing driven). A partner's driver is an ES module whose default export is a
 * `ConformanceDriver` (`--driver PATH`, drivers/load-driver.ts; example in examples/driver/).
 */
import type { TargetFixtures } from './config-file.js';
import type { Http } from '../../engine/http.js';

/**
 * A driver's typed answer: the action is not possible for this payment or session on this target,
 * which is no fault of the target (seed, Payment request: the service waits for funds only "If the
 * wallet balance is insufficient"; a funded wallet's payment may complete at once). Throw it from
 * any driver method; the case it serves is skipped with the message as its reason. A module that
 * cannot import this class may throw any Error whose `name` is 'NotPossible'.
 */
export class NotPossible extends Error {
  override readonly name = 'NotPossible';
}

/** Is `err` a driver's "not possible for this payment" answer (NotPossible, or any Error named so)? */
export const isNotPossible = (err: unknown): err is Error => err instanceof Error && err.name === 'NotPossible';

/** A partner verifier's answer: `true` / `{ ok: true }`, or why the signature does not verify. */
export type WebhookVerdict = true | false | string | { ok: boolean; reason?: string };

export interface PaymentRef {
  customerId: string;
  paymentId: string;
}

export interface SessionRef {
  customerId: string;
  sessionId: string;
  /** session_expires_at as the target answered it, when it did. */
  expiresAt?: string;
}

/** What a partner implements (`--driver PATH`): every member optional. */
export interface ConformanceDriver {
  /** Shown in reports. Default: the module's file name. */
  name?: string;
  /**
   * Called once, first, with where the run goes (`--base-url`, `--auth-url`; the embedded
   * sandbox's own URLs), so a driver needs no copy of them in its own environment.
   */
  connect?(target: { name: string; baseUrl: string; authUrl: string }): Promise<void>;
  /**
   * Subscribe `url` (the runner's receiver, or `webhooks.public_url`) to payment status webhooks.
   * Return the signing secret when there is one (deliveries are then verified, assumption
   * A-WEBHOOK-SIGNATURE) and a `close` that unsubscribes. Without this method, subscribe
   * `webhooks.public_url` by hand before the run.
   */
  subscribeWebhooks?(args: { url: string }): Promise<{ secret?: string; close?: () => Promise<void> } | undefined>;
  /**
   * Verifies one delivery's signature in the provider's own scheme ("Signature header names and
   * verification scheme: not shown"), for a scheme that is neither Standard Webhooks nor Svix
   * (e.g. `X-Signature: t=...,v1=<hex HMAC>`). Given the headers (names in lower case), the raw
   * body bytes as received and one signing secret; answers `true` (or `{ ok: true }`) when the
   * signature verifies, otherwise why not (a string, or `{ ok: false, reason }`). May be async.
   * When present it replaces `webhooks.scheme`.
   */
  verifyWebhook?(args: {
    headers: Record<string, string>;
    rawBody: Buffer;
    secret: string;
  }): WebhookVerdict | Promise<WebhookVerdict>;
  /**
   * The payment's funds arrive ("Funds arrive": AWAITING_FUNDS → RECEIVED_FUNDS). Throw
   * `NotPossible` when the payment does not await funds (it was paid from a funded wallet).
   */
  deliverFunds?(args: PaymentRef): Promise<void>;
  /**
   * The payment is cancelled while it awaits funds ("Cancellation": → CANCELLED). Throw
   * `NotPossible` when it never awaited funds (a funded wallet: PROCESSING first, completed at once).
   */
  cancelPayment?(args: PaymentRef): Promise<void>;
  /**
   * The payer completes the hosted page, which creates a payment. Answer its payment_id when
   * known; otherwise the runner finds it through the session lookup (decision rule 2).
   */
  payHostedSession?(args: SessionRef): Promise<{ paymentId?: string } | undefined>;
  /**
   * The session expires (§Session states). A sandbox with a movable clock moves it and answers
   * the target's time afterwards (`now`, RFC 3339), which session_expires_at is compared with; a
   * driver that waits until `expiresAt` answers nothing and the runner's clock is used.
   */
  expireSession?(args: SessionRef): Promise<{ now?: string } | undefined>;
  /** The id of an active recipient of this customer (in `currency`, when given) whose next name check (CoP/VoP) fails.
   */
  recipientFailingNameCheck?(args: { customerId: string; currency?: string }): Promise<string>;
  /** A new active recipient of this customer (three-recipient flows, when the config lists fewer). */
  createRecipient?(args: { customerId: string; currency: string }): Promise<string>;
  /** Customers, recipients, quotes and third parties the target already holds, per credential. */
  fixtures?(as: 'primary' | 'secondary'): Promise<TargetFixtures>;
  /**
   * A fresh quote for `sell → buy` for this customer. Asked for every conversion request the run
   * builds (each positive and negative case, each conversion flow), so a quote that expires in
   * minutes or is single-use never makes a case unattributable; without it, `quotes:` of the config.
   */
  createQuote?(args: { customerId: string; sell: string; buy: string }): Promise<{ quoteId: string }>;
  /**
   * The `confirm_recipient` object for the resubmission after a failed name check (its inner
   * fields: not shown), built from the refused answer (`failed`: the last refusal, e.g. to echo a
   * request or check id). Wins over `payloads.confirm_recipient` of the config.
   */
  confirmRecipient?(args: {
    customerId: string;
    recipientId: string;
    failed: { status: number; headers: Record<string, string>; body: unknown };
  }): Promise<unknown>;
  /** A token of the primary client that the target has expired (or revoked), for the expired-token case. Wins over
   * CBP_EXPIRED_TOKEN. */
  expiredToken?(): Promise<string>;
  /** Called once when the run ends. */
  close?(): Promise<void>;
}

/** The members a driver module may have (a misspelt method would silently skip its cases). */
export const DRIVER_MEMBERS = [
  'name',
  'connect',
  'subscribeWebhooks',
  'verifyWebhook',
  'deliverFunds',
  'cancelPayment',
  'payHostedSession',
  'expireSession',
  'recipientFailingNameCheck',
  'createRecipient',
  'fixtures',
  'createQuote',
  'confirmRecipient',
  'expiredToken',
  'close',
] as const satisfies ReadonlyArray<keyof ConformanceDriver>;

export type DriverMethod = Exclude<(typeof DRIVER_MEMBERS)[number], 'name' | 'verifyWebhook'>;

/** A driver as the suite holds it: named, and where it came from. */
export interface Driver extends ConformanceDriver {
  /** Shown in reports ('sandbox', 'passive', the module's name). */
  readonly name: string;
  /** built-in sandbox, built-in passive, or a partner's module. */
  readonly kind?: 'sandbox' | 'passive' | 'module';
  /**
   * Levers only this package's sandbox has (its clock, raw control calls). Not part of the
   * contract a partner implements.
   */
  readonly control?: SandboxControl;
}

/** What the built-in sandbox driver exposes as `control` (implemented by `Sandbox` in drivers/sandbox.ts). */
export type SandboxControl = import('./drivers/sandbox.js').Sandbox;

/** What a driver factory gets when the run connects: the suite's authenticated, recorded HTTP client. */
export interface DriverSession {
  http: Http;
}

/**
 * How a target names its driver: an object (a partner's module), or a factory run once the
 * suite's HTTP client exists (the built-in sandbox driver); a factory may answer undefined when
 * the target does not support it (probing).
 */
export type DriverChoice = Driver | ((session: DriverSession) => Promise<Driver | undefined>);

/** Why a case that needs `method` cannot run on this driver, and what would enable it. */
export function missingMethod(driver: Driver | undefined, method: DriverMethod): { reason: string; enable: string } {
  const name = driver?.name ?? 'passive';
  const reason = `needs ${method}(), which the ${name} driver does not have`;
  return driver?.kind === 'module'
    ? { reason, enable: `add an async ${method}() to the driver module ${name}` }
    : { reason, enable: `--driver PATH: an ES module whose default export has ${method}() (see examples/driver/)` };
}

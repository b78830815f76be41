/**
 * A driver makes happen on a target what the seed's API cannot: funds arriving, a cancellation,
 * a hosted session paid or expired, a recipient failing its name check, a webhook subscription.
 * Every method is optional; a check that needs a missing one is skipped, naming it.
 *
 * Built in: the `sandbox` driver (sandbox.ts, over this package's /_sandbox/ control API).
 * A partner's driver is a plain object with the methods their sandbox supports.
 */
import type { TargetFixtures } from './config-file.js';
import type { Http } from '../../engine/http.js';

export interface PaymentRef {
  customerId: string;
  paymentId: string;
}

export interface SessionRef {
  customerId: string;
  sessionId: string;
}

export interface Driver {
  /** Shown in reports ('sandbox', 'passive', the module path of a partner's driver). */
  readonly name: string;
  /** Subscribes the suite's webhook receiver; `close` ends the subscription when the run ends. */
  subscribeWebhooks?(args: { url: string }): Promise<{ secret?: string; close?: () => Promise<void> }>;
  deliverFunds?(args: PaymentRef): Promise<void>;
  cancelPayment?(args: PaymentRef): Promise<void>;
  /** The payer completes the hosted page; answers the payment it created. */
  payHostedSession?(args: SessionRef): Promise<{ paymentId: string }>;
  expireSession?(args: SessionRef): Promise<void>;
  /** A recipient of this customer whose next name check fails. */
  recipientFailingNameCheck?(args: { customerId: string }): Promise<{ recipientId: string }>;
  /** Customers, recipients, quotes and third parties the target already holds, per credential. */
  fixtures?(as: 'primary' | 'secondary'): Promise<TargetFixtures>;
  /** A fresh quote for `sell → buy` for this customer. */
  createQuote?(args: { customerId: string; sell: string; buy: string }): Promise<{ quoteId: string }>;
  /**
   * Levers only this package's sandbox has (its clock, raw control calls). Checks that need it
   * are skipped on other targets; it is not part of the contract a partner implements.
   */
  readonly control?: SandboxControl;
}

/** What the built-in sandbox driver exposes as `control` (implemented by `Sandbox` in sandbox.ts). */
export type SandboxControl = import('./sandbox.js').Sandbox;

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

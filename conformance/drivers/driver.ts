/**
 * A conformance driver: the one place that knows how to make things happen on a target that the
 * seed's API cannot make happen (funds arriving, a cancellation, the payer completing a hosted
 * page, a session expiring, a recipient name check failing, a webhook subscription). The seed
 * shows none of these as operations of the API (§Other operations: "Create a webhook",
 * "Unsubscribe from status updates": "methods, paths, and payloads: not shown"; §States and
 * transitions: "Funds arrive", "Cancellation" are triggers, not endpoints), so every target needs
 * its own way, and a run only asks for what a case needs.
 *
 * Every method is optional. A run skips exactly the cases that need a missing method and names
 * the method in the skip. Methods may throw: the case they serve then fails with the message.
 * `--driver PATH` loads an ES module whose default export is a `ConformanceDriver`.
 */

/** What the runner passes to a driver method about a payment it created. */
export interface DriverPayment {
  customerId: string;
  paymentId: string;
}

/** What the runner passes to a driver method about a hosted session it created. */
export interface DriverSession {
  customerId: string;
  sessionId: string;
  /** session_expires_at as the target answered it, when it did. */
  expiresAt?: string;
}

export interface ConformanceDriver {
  /** Shown in the report ("driver: ./ci/driver.mjs"). Default: the module's file name. */
  name?: string;
  /**
   * Subscribe `url` (the runner's webhook receiver, or `webhooks.public_url`) to payment status
   * webhooks. Return the signing secret when the subscription has one: deliveries are then
   * verified (assumption A-WEBHOOK-SIGNATURE); without it they are recorded unverified.
   * Without this method, subscribe `webhooks.public_url` by hand before the run.
   */
  subscribeWebhooks?(args: { url: string }): Promise<{ secret?: string } | undefined | void>;
  /** Make the payment's funds arrive (the "Funds arrive" trigger: AWAITING_FUNDS → RECEIVED_FUNDS). */
  deliverFunds?(args: DriverPayment): Promise<void>;
  /** Cancel the payment while it awaits funds (the "Cancellation" trigger: → CANCELLED). */
  cancelPayment?(args: DriverPayment): Promise<void>;
  /**
   * The payer completes the hosted page of this session, which creates a payment. Return its
   * payment_id when known; otherwise the runner finds it by looking the session up (decision
   * rule 2: has_payment true and payment_id present), bounded by the per-stage wait.
   */
  payHostedSession?(args: DriverSession): Promise<{ paymentId?: string } | undefined | void>;
  /**
   * Make the session expire (seed §Session states: "A session expires at session_expires_at").
   * A sandbox with a movable clock moves it and returns the target's time afterwards (`now`,
   * RFC 3339), which the runner then compares session_expires_at with; a driver that simply
   * waits until `expiresAt` returns nothing and the runner's own clock is used.
   */
  expireSession?(args: DriverSession): Promise<{ now?: string } | undefined | void>;
  /**
   * The id of an active recipient of this customer whose next name check (CoP/VoP) fails, in
   * `currency` when given. Seed §Create payment (v3) rule 5; §Errors rule 2.
   */
  recipientFailingNameCheck?(args: { customerId: string; currency?: string }): Promise<string>;
  /**
   * A new active recipient of this customer in `currency` (for flows with three recipients when
   * the config file lists fewer). Seed §Other operations: "add a recipient" (path not shown).
   */
  createRecipient?(args: { customerId: string; currency: string }): Promise<string>;
  /** Called once at the end of the run (unsubscribe, close connections). */
  close?(): Promise<void>;
}

/** The driver methods, in the order the docs list them (used to validate a loaded module). */
export const DRIVER_METHODS = [
  'subscribeWebhooks',
  'deliverFunds',
  'cancelPayment',
  'payHostedSession',
  'expireSession',
  'recipientFailingNameCheck',
  'createRecipient',
  'close',
] as const satisfies ReadonlyArray<keyof ConformanceDriver>;

export type DriverMethod = (typeof DRIVER_METHODS)[number];

/** A driver the runner holds: the object, where it came from, and how to say what is missing. */
export interface LoadedDriver {
  /** `sandbox`, `passive`, or the module path. */
  kind: 'sandbox' | 'passive' | 'module';
  name: string;
  driver: ConformanceDriver;
}

/** Why a case that needs `method` cannot run, and what would enable it. */
export function missingMethod(d: LoadedDriver, method: DriverMethod): { reason: string; enable: string } {
  const reason = `the ${d.name} driver has no ${method}()`;
  return d.kind === 'module'
    ? { reason, enable: `add an async ${method}() to ${d.name}` }
    : { reason, enable: `--driver PATH: an ES module whose default export has ${method}() (see examples/driver/)` };
}

/**
 * The built-in `sandbox` driver: a client of this package's sandbox control API (SANDBOX
 * CONTRACT in sandbox/README.md: reserved prefix /_sandbox/, same Bearer token as the API). Used
 * for the embedded sandbox, and for a live target when GET /_sandbox/clock answers; checks that
 * need it are skipped otherwise. It talks HTTP only: the suite never imports the sandbox itself.
 */
import { CbpError } from '../../../../lib/errors.js';
import type { TargetFixtures } from '../config-file.js';
import { type Driver, type DriverSession, NotPossible } from '../driver.js';
import type { Http, SendResult } from '../../../engine/http.js';
import type { ResolvedDrivers } from './resolve-driver.js';

/** The sandbox driver for a target known to answer /_sandbox/ (the embedded sandbox). */
export async function sandboxDriver({ http }: DriverSession): Promise<Driver> {
  return driverOver(new Sandbox(http));
}

/** `--driver sandbox`: the target's own sandbox driver, else one when the target answers /_sandbox/. */
export async function chooseSandboxDriver(session: DriverSession, own: Driver | undefined): Promise<ResolvedDrivers> {
  const sandbox = own?.kind === 'sandbox' ? own : await probeSandboxDriver(session);
  if (!sandbox) {
    throw new CbpError(
      'E_CONFIG',
      '--driver sandbox: the target does not answer the sandbox control API (GET /_sandbox/clock)',
      {
        hint: 'use --driver PATH (a module that drives your sandbox, see examples/driver/) or --driver passive',
      },
    );
  }
  return { driver: sandbox, own: own ?? sandbox };
}

/** The sandbox driver when the target answers /_sandbox/; none otherwise. */
export async function probeSandboxDriver({ http }: DriverSession): Promise<Driver | undefined> {
  const sandbox = await Sandbox.probe(http);
  return sandbox ? driverOver(sandbox) : undefined;
}

/** The Driver contract over the control API; `control` keeps the sandbox-only levers. */
function driverOver(sandbox: Sandbox): Driver {
  const ok = async (res: Promise<SendResult>, what: string) => {
    const r = await res;
    if (r.status < 200 || r.status >= 300) throw new Error(`sandbox ${what} answered ${r.error ?? r.status}`);
  };
  // A 409 of the control API: the payment is not in a state the action applies to (it never
  // awaited funds, or already completed): not possible for this payment, not a fault of the target.
  const possible = async (res: Promise<SendResult>, what: string) => {
    const r = await res;
    if (r.status === 409)
      throw new NotPossible(`the sandbox cannot ${what} this payment: ${messageOf(r.body) ?? 'HTTP 409'}`);
    if (r.status < 200 || r.status >= 300) throw new Error(`sandbox ${what} answered ${r.error ?? r.status}`);
  };
  return {
    name: 'sandbox',
    kind: 'sandbox',
    control: sandbox,
    async subscribeWebhooks({ url }) {
      const sub = await sandbox.subscribe(url);
      return { secret: sub.secret, close: () => sandbox.unsubscribe(sub.subscription_id) };
    },
    deliverFunds: ({ paymentId }) => possible(sandbox.payment(paymentId, 'deliver-funds'), 'deliver funds to'),
    cancelPayment: ({ paymentId }) => possible(sandbox.payment(paymentId, 'cancel'), 'cancel'),
    payHostedSession: async ({ sessionId }) => ({ paymentId: (await sandbox.paySession(sessionId)).payment_id }),
    async expireSession({ expiresAt }) {
      const now = Date.parse(await sandbox.now());
      const due = Date.parse(expiresAt ?? '');
      // Unknown expiry: a day of sandbox time is past any session the sandbox creates (default 1800 s).
      const seconds = Number.isFinite(due) && Number.isFinite(now) ? Math.ceil((due - now) / 1000) + 1 : 86_400;
      await sandbox.advanceClock(Math.max(seconds, 1));
      return { now: await sandbox.now() };
    },
    async recipientFailingNameCheck({ customerId, currency }) {
      // A fresh recipient, so the fixtures' own recipients never carry an armed failure.
      const wallet =
        currency ??
        (await sandbox.fixtures('primary')).customers.find((c) => c.customer_id === customerId)?.wallet_currency;
      if (!wallet) throw new Error(`the sandbox has no customer ${customerId} with a wallet currency`);
      const { recipient_id } = await sandbox.createRecipient(customerId, wallet, 'Conformance Name Check');
      await ok(sandbox.failNameCheck(recipient_id), 'fail-name-check');
      return recipient_id;
    },
    createRecipient: async ({ customerId, currency }) =>
      (await sandbox.createRecipient(customerId, currency, 'Conformance Recipient')).recipient_id,
    fixtures: (as) => sandbox.fixtures(as),
    createQuote: async ({ customerId, sell, buy }) => ({
      quoteId: (await sandbox.createQuote(customerId, sell, buy)).quote_id,
    }),
  };
}

export class Sandbox {
  constructor(private readonly http: Http) {}

  /** Does the target answer the control API? */
  static async probe(http: Http): Promise<Sandbox | undefined> {
    const res = await http.send({ method: 'GET', path: '/_sandbox/clock' });
    return res.status === 200 ? new Sandbox(http) : undefined;
  }

  async fixtures(as: 'primary' | 'secondary' = 'primary'): Promise<TargetFixtures> {
    return (await this.ok({ method: 'GET', path: '/_sandbox/fixtures', auth: as })) as TargetFixtures;
  }

  async createQuote(customerId: string, sell: string, buy: string): Promise<{ quote_id: string }> {
    return (await this.ok({
      method: 'POST',
      path: `/_sandbox/customers/${enc(customerId)}/quotes`,
      json: { sell_currency: sell, buy_currency: buy },
    })) as { quote_id: string };
  }

  async createRecipient(customerId: string, currency: string, name: string): Promise<{ recipient_id: string }> {
    return (await this.ok({
      method: 'POST',
      path: `/_sandbox/customers/${enc(customerId)}/recipients`,
      json: { currency, name },
    })) as { recipient_id: string };
  }

  failNameCheck(recipientId: string): Promise<SendResult> {
    return this.send({ method: 'POST', path: `/_sandbox/recipients/${enc(recipientId)}/fail-name-check`, json: {} });
  }

  async subscribe(
    url: string,
    as: 'primary' | 'secondary' = 'primary',
  ): Promise<{ subscription_id: string; secret: string }> {
    return (await this.ok({ method: 'POST', path: '/_sandbox/webhook-subscriptions', json: { url }, auth: as })) as {
      subscription_id: string;
      secret: string;
    };
  }

  async unsubscribe(id: string, as: 'primary' | 'secondary' = 'primary'): Promise<void> {
    await this.send({ method: 'DELETE', path: `/_sandbox/webhook-subscriptions/${enc(id)}`, auth: as });
  }

  payment(
    paymentId: string,
    action: 'deliver-funds' | 'cancel' | 'bounce-back' | 'hold' | 'release',
  ): Promise<SendResult> {
    return this.send({ method: 'POST', path: `/_sandbox/payments/${enc(paymentId)}/${action}`, json: {} });
  }

  async events(paymentId: string): Promise<unknown[]> {
    const res = await this.send({ method: 'GET', path: `/_sandbox/payments/${enc(paymentId)}/events` });
    const body = res.body as { events?: unknown[] } | unknown[] | undefined;
    return Array.isArray(body) ? body : (body?.events ?? []);
  }

  async paySession(sessionId: string): Promise<{ payment_id: string }> {
    return (await this.ok({ method: 'POST', path: `/_sandbox/sessions/${enc(sessionId)}/pay`, json: {} })) as {
      payment_id: string;
    };
  }

  /** The sandbox clock (RFC 3339). */
  async now(): Promise<string> {
    return ((await this.ok({ method: 'GET', path: '/_sandbox/clock' })) as { now: string }).now;
  }

  async advanceClock(seconds: number): Promise<void> {
    await this.ok({ method: 'POST', path: '/_sandbox/clock/advance', json: { seconds } });
  }

  /**
   * A control call. The driver's own credentials are its business, never a verdict on the target:
   * a 401 (a token the sandbox clock outlived, e.g. after moving it past an unknown session
   * expiry) renews the tokens once and sends again.
   */
  private async send(req: Parameters<Http['send']>[0]): Promise<SendResult> {
    const res = await this.http.send(req);
    if (
      res.status !== 401 ||
      !this.http.tokens?.reset ||
      (req.auth !== undefined && req.auth !== 'primary' && req.auth !== 'secondary')
    )
      return res;
    this.http.tokens.reset();
    return this.http.send(req);
  }

  private async ok(req: Parameters<Http['send']>[0]): Promise<unknown> {
    const res = await this.send(req);
    if (res.status < 200 || res.status >= 300) {
      throw new Error(
        `sandbox ${req.method} ${req.path} answered ${res.error ?? res.status}: ${JSON.stringify(res.body)}`,
      );
    }
    return res.body;
  }
}

const enc = encodeURIComponent;

/** The first error message of a sandbox error body ({ errors: [{ message }] }). */
function messageOf(body: unknown): string | undefined {
  const first = (body as { errors?: Array<{ message?: unknown }> } | undefined)?.errors?.[0]?.message;
  return typeof first === 'string' ? first : undefined;
}

/**
 * Webhook subscriptions and signed deliveries. The service description says deliveries go
 * "through a third-party webhook delivery provider that signs deliveries" and that the
 * "Signature header names and verification scheme" are not shown (service description, Events):
 * this provider signs the way the common delivery providers document it, HMAC-SHA256 over
 * `<msg id>.<unix seconds>.<raw body>` with a `whsec_` base64 secret, under either the Standard
 * Webhooks header names or Svix's (the same construction, other names).
 */
import { createHmac, randomBytes } from 'node:crypto';

export interface Subscription {
  id: string;
  clientId: string;
  url: string;
  secret: string;
  /** Serialises first attempts to one endpoint, in emission order. */
  chain: Promise<void>;
}

export interface DeliveryOptions {
  scheme: 'standard-webhooks' | 'svix' | 'own';
  /** The first event of a payment is sent this many ms late (it does not hold the others back). */
  lateFirstMs: number;
}

export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function signatureHeaders(
  scheme: DeliveryOptions['scheme'],
  secret: string,
  msgId: string,
  body: string,
  at = Math.floor(Date.now() / 1000),
): Record<string, string> {
  if (scheme === 'own') return { 'x-signature': ownSignature(secret, body, at) };
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const sig = createHmac('sha256', key).update(`${msgId}.${at}.${body}`).digest('base64');
  const prefix = scheme === 'svix' ? 'svix' : 'webhook';
  return { [`${prefix}-id`]: msgId, [`${prefix}-timestamp`]: String(at), [`${prefix}-signature`]: `v1,${sig}` };
}

/**
 * This provider's own scheme (`signature: 'own'`): `X-Signature: t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's text, as several payment providers
 * sign. A partner's driver verifies it (`verifyWebhook` in driver.mjs).
 */
export function ownSignature(secret: string, body: string, at: number): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

export class Deliveries {
  private readonly subs = new Map<string, Subscription>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: DeliveryOptions) {}

  subscribe(clientId: string, url: string): Subscription {
    const sub: Subscription = {
      id: `wh_${randomBytes(8).toString('hex')}`,
      clientId,
      url,
      secret: newSecret(),
      chain: Promise.resolve(),
    };
    this.subs.set(sub.id, sub);
    return sub;
  }

  unsubscribe(clientId: string, id: string): boolean {
    const sub = this.subs.get(id);
    if (!sub || sub.clientId !== clientId) return false;
    this.subs.delete(id);
    return true;
  }

  /** Sends `payload` to every subscription of the client; `first` marks a payment's first event. */
  emit(clientId: string, payload: unknown, first: boolean): void {
    if (this.closed) return;
    const body = JSON.stringify(payload);
    for (const sub of this.subs.values()) {
      if (sub.clientId !== clientId) continue;
      const msgId = `msg_${randomBytes(10).toString('hex')}`;
      if (first && this.options.lateFirstMs > 0) {
        const t = setTimeout(() => {
          this.timers.delete(t);
          this.track(this.send(sub, msgId, body));
        }, this.options.lateFirstMs);
        this.timers.add(t);
      } else {
        sub.chain = sub.chain.then(() => this.send(sub, msgId, body));
        this.track(sub.chain);
      }
    }
  }

  private track(p: Promise<void>): void {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  /** At most three attempts, 100 ms then 400 ms apart; any 2xx is an acknowledgement. */
  private async send(sub: Subscription, msgId: string, body: string): Promise<void> {
    for (let attempt = 0; attempt < 3 && !this.closed; attempt++) {
      try {
        const headers = {
          'content-type': 'application/json',
          'user-agent': 'independent-provider-webhooks/1',
          ...signatureHeaders(this.options.scheme, sub.secret, msgId, body),
        };
        const res = await fetch(sub.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.ok) return;
      } catch {
        // network error or timeout: retried below
      }
      await new Promise((r) => setTimeout(r, 100 * 4 ** attempt));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.subs.clear();
    await Promise.allSettled([...this.inFlight]);
  }
}

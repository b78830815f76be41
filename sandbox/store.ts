/**
 * The mock's in-memory state. Every lookup by customer goes through `customer(clientId, id)`, so a
 * client only ever sees its own customers (tenant isolation). Mutations are
 * synchronous: a check-and-insert (e.g. a session's client_reference_id) cannot interleave with
 * another request, which is what makes 200 concurrent creations yield exactly one success.
 */
import { randomBytes, randomFillSync } from 'node:crypto';
import type { SandboxClock, TenantClocks } from './clock.js';
import { fixtureSeed, SANDBOX_CLIENTS, type FixtureSeed } from './fixtures.js';
import type {
  ClientRecord,
  CustomerRecord,
  PaymentRecord,
  QuoteRecord,
  RecipientRecord,
  SessionRecord,
  SubscriptionRecord,
  ThirdPartyRecord,
  VirtualAccountRecord,
} from './types.js';

export class SandboxStore {
  readonly clients = new Map<string, ClientRecord>();
  readonly tokens = new Map<string, { clientId: string; expiresAtMs: number }>();
  readonly customers = new Map<string, CustomerRecord>();
  readonly recipients = new Map<string, RecipientRecord>();
  readonly quotes = new Map<string, QuoteRecord>();
  /** Key: `${customer_id}\u0000${client_customer_ref}`. */
  readonly thirdParties = new Map<string, ThirdPartyRecord>();
  readonly virtualAccounts = new Map<string, VirtualAccountRecord>();
  readonly sessions = new Map<string, SessionRecord>();
  readonly payments = new Map<string, PaymentRecord>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  /** Third-party payment references per customer (Errors rule 1). */
  readonly thirdPartyPaymentRefs = new Set<string>();
  /** Instruction numbers count per tenant, so one client cannot count another's payments. */
  private readonly instructionSeq = new Map<string, number>();

  constructor(
    readonly clocks: TenantClocks,
    seed: FixtureSeed = fixtureSeed(),
  ) {
    for (const c of SANDBOX_CLIENTS) this.clients.set(c.clientId, { ...c });
    for (const c of seed.customers) this.customers.set(c.customer_id, { ...c });
    for (const r of seed.recipients) this.recipients.set(r.recipient_id, { ...r, nameCheck: 'pass' });
    for (const q of seed.quotes) {
      this.quotes.set(q.quote_id, {
        quote_id: q.quote_id,
        customer_id: q.customer_id,
        sell_currency: q.sell_currency,
        buy_currency: q.buy_currency,
        status: 'active',
        expiresAtMs: this.clockOfCustomer(q.customer_id).now() + q.expiresInSeconds * 1000,
      });
    }
    for (const t of seed.thirdParties) {
      const clock = this.clockOfCustomer(t.customer_id);
      const now = clock.iso();
      this.thirdParties.set(tpKey(t.customer_id, t.client_customer_ref), {
        ...t,
        verifiedAtMs: clock.now(),
        created_at: now,
        updated_at: now,
      });
    }
  }

  /** The tenant's own clock. */
  clockOf(clientId: string): SandboxClock {
    return this.clocks.of(clientId);
  }

  /** The clock of the tenant that owns the customer. */
  clockOfCustomer(customerId: string): SandboxClock {
    return this.clocks.of(this.customers.get(customerId)?.clientId ?? '');
  }

  newId(prefix: string): string {
    // 128 random bits as 32 hex digits, taken from a pooled CSPRNG buffer (as randomUUID does):
    // one flat string instead of a UUID sliced and re-joined, which V8 had to flatten on every
    // Map lookup by id.
    if (idPoolOffset + 16 > ID_POOL.length) {
      randomFillSync(ID_POOL);
      idPoolOffset = 0;
    }
    const hex = ID_POOL.toString('hex', idPoolOffset, idPoolOffset + 16);
    idPoolOffset += 16;
    return `${prefix}_${hex}`;
  }

  nextInstructionNumber(clientId: string): string {
    const n = (this.instructionSeq.get(clientId) ?? 1000) + 1;
    this.instructionSeq.set(clientId, n);
    return `INS-${n}`;
  }

  /** The customer if it exists AND belongs to the client; undefined otherwise (same 404 for both). */
  customer(clientId: string, customerId: string): CustomerRecord | undefined {
    const c = this.customers.get(customerId);
    return c !== undefined && c.clientId === clientId ? c : undefined;
  }

  customersOf(clientId: string): CustomerRecord[] {
    return [...this.customers.values()].filter((c) => c.clientId === clientId);
  }

  recipient(customerId: string, recipientId: string): RecipientRecord | undefined {
    const r = this.recipients.get(recipientId);
    return r !== undefined && r.customer_id === customerId ? r : undefined;
  }

  quote(customerId: string, quoteId: string): QuoteRecord | undefined {
    const q = this.quotes.get(quoteId);
    return q !== undefined && q.customer_id === customerId ? q : undefined;
  }

  thirdParty(customerId: string, ref: string): ThirdPartyRecord | undefined {
    return this.thirdParties.get(tpKey(customerId, ref));
  }

  putThirdParty(record: ThirdPartyRecord): void {
    this.thirdParties.set(tpKey(record.customer_id, record.client_customer_ref), record);
  }

  /** Sessions of a customer with this reference, newest first (lookup's sessions[0] is the latest). */
  sessionsByReference(customerId: string, ref: string): SessionRecord[] {
    return [...this.sessions.values()]
      .filter((s) => s.customer_id === customerId && s.client_reference_id === ref)
      .sort((a, b) => b.createdAtMs - a.createdAtMs);
  }

  /** A reference blocks a new session unless every earlier session with it expired unpaid: that
   * is the replacement of lookup decision rule 4 (assumption A-MOCK-SESSION-REPLACE). */
  isSessionReferenceTaken(customerId: string, ref: string): boolean {
    const now = this.clockOfCustomer(customerId).now();
    return this.sessionsByReference(customerId, ref).some((s) => s.payment_id !== undefined || s.expiresAtMs > now);
  }

  paymentOf(customerId: string, paymentId: string): PaymentRecord | undefined {
    const p = this.payments.get(paymentId);
    return p !== undefined && p.customer_id === customerId ? p : undefined;
  }

  /** The payment if its customer belongs to the client. */
  paymentForClient(clientId: string, paymentId: string): PaymentRecord | undefined {
    const p = this.payments.get(paymentId);
    return p !== undefined && this.customer(clientId, p.customer_id) !== undefined ? p : undefined;
  }

  clientOfPayment(payment: PaymentRecord): string | undefined {
    return this.customers.get(payment.customer_id)?.clientId;
  }

  newWebhookSecret(): string {
    return `whsec_${randomBytes(24).toString('base64')}`;
  }
}

const ID_POOL = Buffer.alloc(16 * 256);
let idPoolOffset = ID_POOL.length;

function tpKey(customerId: string, ref: string): string {
  return `${customerId}\u0000${ref}`;
}

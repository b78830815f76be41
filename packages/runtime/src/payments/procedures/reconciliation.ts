/**
 * Reconciliation of your records with payments and webhooks (the service description, §Reconciliation identifiers):
 * records are keyed by the pair (customer_id, client_reference_id), never by
 * client_reference_id alone, since uniqueness is only per customer and not enforced at all for
 * non-third-party API payments. payment_id and session_id, once known, link webhooks to records.
 */
export interface ReconciliationKey {
  customerId: string;
  clientReferenceId: string;
}

export interface ReconciliationEntry<T> extends ReconciliationKey {
  paymentId?: string;
  sessionId?: string;
  value: T;
}

export interface ReconciliationIndex<T> {
  set(key: ReconciliationKey, value: T): ReconciliationEntry<T>;
  get(key: ReconciliationKey): ReconciliationEntry<T> | undefined;
  delete(key: ReconciliationKey): boolean;
  /** Records the ids the service assigned (payment_id from the first webhook, session_id). */
  link(
    key: ReconciliationKey,
    ids: { paymentId?: string | undefined; sessionId?: string | undefined },
  ): ReconciliationEntry<T>;
  byPaymentId(paymentId: string): ReconciliationEntry<T> | undefined;
  bySessionId(sessionId: string): ReconciliationEntry<T> | undefined;
  /**
   * Finds the record of a webhook: by payment_id, then session_id, then the pair of the
   * subscription's customer and the event's client_reference_id. Links what it learns.
   */
  match(
    event: { payment_id?: string; session_id?: string; client_reference_id?: string },
    customerId: string,
  ): ReconciliationEntry<T> | undefined;
  readonly size: number;
}

/** JSON of the pair: no separator can make ('a:b','c') and ('a','b:c') collide. */
function keyOf(key: ReconciliationKey): string {
  if (
    !key ||
    typeof key.customerId !== 'string' ||
    key.customerId === '' ||
    typeof key.clientReferenceId !== 'string' ||
    key.clientReferenceId === ''
  ) {
    throw new TypeError(
      'A reconciliation key needs both customerId and clientReferenceId (the service description, §Reconciliation identifiers)',
    );
  }
  return JSON.stringify([key.customerId, key.clientReferenceId]);
}

export function createReconciliationIndex<T = unknown>(): ReconciliationIndex<T> {
  const entries = new Map<string, ReconciliationEntry<T>>();
  const payments = new Map<string, ReconciliationEntry<T>>();
  const sessions = new Map<string, ReconciliationEntry<T>>();

  const index: ReconciliationIndex<T> = {
    set(key, value) {
      const existing = entries.get(keyOf(key));
      const entry: ReconciliationEntry<T> = {
        ...existing,
        customerId: key.customerId,
        clientReferenceId: key.clientReferenceId,
        value,
      };
      entries.set(keyOf(key), entry);
      if (entry.paymentId) payments.set(entry.paymentId, entry);
      if (entry.sessionId) sessions.set(entry.sessionId, entry);
      return entry;
    },
    get: (key) => entries.get(keyOf(key)),
    delete(key) {
      const entry = entries.get(keyOf(key));
      if (!entry) return false;
      if (entry.paymentId) payments.delete(entry.paymentId);
      if (entry.sessionId) sessions.delete(entry.sessionId);
      return entries.delete(keyOf(key));
    },
    link(key, ids) {
      const entry = entries.get(keyOf(key));
      if (!entry)
        throw new RangeError(
          `No record for customer ${JSON.stringify(key.customerId)} ` +
            `and reference ${JSON.stringify(key.clientReferenceId)}`,
        );
      if (ids.paymentId) payments.set((entry.paymentId = ids.paymentId), entry);
      if (ids.sessionId) sessions.set((entry.sessionId = ids.sessionId), entry);
      return entry;
    },
    byPaymentId: (id) => payments.get(id),
    bySessionId: (id) => sessions.get(id),
    match(event, customerId) {
      const found =
        (event.payment_id ? payments.get(event.payment_id) : undefined) ??
        (event.session_id ? sessions.get(event.session_id) : undefined) ??
        (event.client_reference_id && customerId
          ? entries.get(keyOf({ customerId, clientReferenceId: event.client_reference_id }))
          : undefined);
      if (found) index.link(found, { paymentId: event.payment_id, sessionId: event.session_id });
      return found;
    },
    get size() {
      return entries.size;
    },
  };
  return index;
}

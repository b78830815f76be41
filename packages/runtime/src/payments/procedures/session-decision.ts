/**
 * What to do after `GET /v1/customers/{customer_id}/sessions?client_reference_id=...`
 * (seed §Look up sessions by client reference, decision rules 1–4).
 *
 * The rules are tried in the seed's order and the first that applies wins, so a session that
 * has a payment is tracked (rule 2) even when it is still SESSION_CREATED and unexpired (rule 3).
 * Rules 2–4 read sessions[0], as rules 2 and 3 say; rule 4 names no index and is read the same.
 * A session counts as expired from session_expires_at on ("expires at", seed §Session states).
 *
 * When no rule applies (e.g. has_payment true without payment_id — which the seed says cannot
 * happen, so rules 3-4 are not applied to such a record either —, an unexpired session whose
 * latest_status is not SESSION_CREATED, or an unreadable expiry) the answer is 'undecided' with
 * the reason: creating a session then could duplicate a payment and reusing one could hand out a
 * dead URL, so the caller must decide (the seed shows no rule for it).
 */
export interface SessionLookupRecord {
  session_id?: string;
  has_payment?: boolean;
  payment_id?: string;
  latest_status?: string;
  session_expires_at?: string;
}

export type SessionDecision =
  | { action: 'create'; rule: 1 }
  | { action: 'track-payment'; rule: 2; paymentId: string; sessionId?: string | undefined }
  | { action: 'reuse'; rule: 3; sessionId: string }
  | { action: 'replace'; rule: 4; expiredSessionId?: string | undefined }
  | { action: 'undecided'; rule: null; reason: string; session: SessionLookupRecord };

export function decideSessionAction(
  lookupResponse: { sessions?: SessionLookupRecord[] | null } | null | undefined,
  now: Date | number,
): SessionDecision {
  const sessions = lookupResponse?.sessions ?? [];
  // Rule 1: no session for this reference yet.
  if (sessions.length === 0) return { action: 'create', rule: 1 };
  const first = sessions[0]!;
  // Rule 2: a payment exists; never create another session for it.
  if (first.has_payment === true && typeof first.payment_id === 'string' && first.payment_id !== '') {
    return { action: 'track-payment', rule: 2, paymentId: first.payment_id, sessionId: first.session_id };
  }
  // The seed says payment_id is present when has_payment is true; a record breaking that is
  // not trusted for rules 3-4 (reusing or replacing a session that has a payment could pay twice).
  if (first.has_payment === true) {
    return { action: 'undecided', rule: null, reason: 'has_payment is true but payment_id is missing', session: first };
  }
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const expiresAt = first.session_expires_at === undefined ? Number.NaN : Date.parse(first.session_expires_at);
  if (Number.isNaN(expiresAt)) {
    return {
      action: 'undecided',
      rule: null,
      reason: 'session_expires_at is missing or not a date-time',
      session: first,
    };
  }
  const expired = expiresAt <= nowMs;
  // Rule 3: the session is still usable.
  if (
    first.latest_status === 'SESSION_CREATED' &&
    !expired &&
    typeof first.session_id === 'string' &&
    first.session_id !== ''
  ) {
    return { action: 'reuse', rule: 3, sessionId: first.session_id };
  }
  // Rule 4: the session expired without a payment.
  if (expired && first.has_payment === false) return { action: 'replace', rule: 4, expiredSessionId: first.session_id };
  return { action: 'undecided', rule: null, reason: undecidedReason(first, expired), session: first };
}

function undecidedReason(session: SessionLookupRecord, expired: boolean): string {
  if (expired) return 'the session expired but has_payment is not false';
  if (session.latest_status !== 'SESSION_CREATED') {
    return (
      `the session is unexpired with latest_status ` +
      `${JSON.stringify(session.latest_status ?? null)}, which no rule covers`
    );
  }
  return 'the unexpired SESSION_CREATED session has no session_id';
}

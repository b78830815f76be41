/**
 * The per-payment half of the event-log judge: walks one payment's events in event_timestamp
 * order and checks every move against the state table (seed §States and transitions), the
 * per-recipient fan-out, completion, the terminal CANCELLED and the echoed identifiers.
 */
import type { StateTable } from '../../../generator/ir/model.js';
import type { JudgeFinding, PaymentEvent, PaymentExpectation } from './event-types.js';

interface Moves {
  findings: JudgeFinding[];
  transitions: Array<{ from: string | null; to: string }>;
}

export function judgeMoves(paymentId: string, events: PaymentEvent[], table: StateTable, expect: PaymentExpectation, strict: boolean): Moves {
  const findings: JudgeFinding[] = [];
  const transitions: Moves['transitions'] = [];
  const soft = strict ? ('error' as const) : ('warning' as const);
  const fail = (rule: string, message: string, evs: unknown[], severity: 'error' | 'warning' = 'error') => findings.push({ severity, rule, paymentId, message, events: evs });

  const known = new Set(table.statuses.map((s) => s.name));
  const terminal = new Set(table.statuses.filter((s) => s.terminal).map((s) => s.name));
  const initial = new Set(table.initial.map((s) => s.status));
  const fanOut = new Set(table.fanOut.statuses);
  const allowed = new Map(table.transitions.map((t) => [`${t.from}->${t.to}`, t] as const));
  // Statuses whose moves are not shown (PROCESSING, BOUNCED_BACK), and statuses that may or may
  // not be emitted (FX_COMPLETED for a same-currency payment, A-STATE-2): skipping one is soft.
  const notShown = new Set(table.notShown.filter((n) => known.has(n.subject) && /transition/i.test(n.what)).map((n) => n.subject));
  const optional = table.notShown.filter((n) => known.has(n.subject) && !/transition/i.test(n.what));
  const completion = table.transitions.filter((t) => t.requiresAllRecipients);
  const key = table.fanOut.key;

  let last: string | null = null;
  let base: string | null = null;
  let ended: PaymentEvent | undefined;
  const perRecipient = new Map<string, Map<string, PaymentEvent[]>>();
  // Events arrive here in timestamp order, so the latest status per recipient is the last one set.
  const recipientLast = new Map<string, string>();
  const lastOf = (r: string) => recipientLast.get(r);

  events.forEach((e, i) => {
    const s = e.status;
    if (ended) {
      fail('States and transitions, row 7: no further webhooks follow CANCELLED', `${s} (${e.event_id}) follows ${ended.status}`, [ended, e]);
      return;
    }
    if (!known.has(s)) {
      fail('Events: statuses beyond the nine listed are not shown (A-OPEN-STATUS)', `unlisted status ${s}`, [e], soft);
      transitions.push({ from: last, to: s });
      last = s;
      base = s;
      return;
    }
    const recipient = typeof e[key] === 'string' ? (e[key] as string) : undefined;
    if (i === 0) {
      if (!initial.has(s)) fail('States and transitions, row 1; Events: the first webhook is AWAITING_FUNDS or PROCESSING', `first event is ${s}`, [e]);
      transitions.push({ from: null, to: s });
    } else {
      let from: string | null = last;
      if (fanOut.has(s)) {
        if (recipient === undefined) fail(`Reconciliation identifiers: ${key} (${s} carries it)`, `${s} without ${key}`, [e]);
        from = (recipient !== undefined ? lastOf(recipient) : undefined) ?? base;
        const firstFan = table.fanOut.statuses[0];
        const lastFan = table.fanOut.statuses[table.fanOut.statuses.length - 1];
        if (s === firstFan && [...perRecipient.values()].some((m) => m.has(lastFan))) {
          fail(`A-STATE-1 (interleaved payouts are not shown)`, `${s} for ${recipient} after another recipient's ${lastFan}`, [e], soft);
        }
      }
      if (!allowed.has(`${from}->${s}`)) {
        const unshown = (from !== null && notShown.has(from)) || notShown.has(s);
        const skipped = optional.find((o) => allowed.has(`${from}->${o.subject}`) && allowed.has(`${o.subject}->${s}`));
        if (unshown) fail('States and transitions: moves of PROCESSING and BOUNCED_BACK are not shown', `move ${from} -> ${s}`, [e], soft);
        else if (skipped) fail(`${skipped.assumption ?? skipped.source}: ${skipped.what}`, `move ${from} -> ${s} skips ${skipped.subject}`, [e], soft);
        else fail('States and transitions (every move is in the table); Events, consumer rule 4', `move ${from} -> ${s} is not in the state table`, [e]);
      }
      transitions.push({ from, to: s });
    }
    if (fanOut.has(s) && recipient !== undefined) {
      const m = perRecipient.get(recipient) ?? new Map<string, PaymentEvent[]>();
      const list = m.get(s) ?? [];
      list.push(e);
      m.set(s, list);
      perRecipient.set(recipient, m);
      recipientLast.set(recipient, s);
      if (list.length > 1) fail('States and transitions, rows 4-5: once per recipient', `${list.length} ${s} events for recipient ${recipient}`, list);
    }
    for (const t of completion.filter((c) => c.to === s)) checkCompletion(t, e);
    if (terminal.has(s)) ended = e;
    last = s;
    if (!fanOut.has(s)) base = s;
  });

  function checkCompletion(t: StateTable['transitions'][number], e: PaymentEvent): void {
    const need = t.requiresAllRecipients!;
    const recipients = new Set([...(expect.recipients ?? []), ...perRecipient.keys()]);
    const missing = [...recipients].filter((r) => !perRecipient.get(r)?.has(need));
    if (recipients.size === 0 || missing.length > 0) {
      fail(`${t.source}: ${t.to} only after all recipients are ${need}`, `${t.to} before ${need} of ${missing.join(', ') || 'any recipient'}`, [e]);
    }
    const credited = [...perRecipient.values()].flatMap((m) => m.get(need) ?? []);
    const latest = Math.max(...credited.map((c) => Date.parse(c.event_timestamp)));
    const delay = (Date.parse(e.event_timestamp) - latest) / 1000;
    if (t.maxDelaySeconds !== undefined && credited.length > 0 && delay > t.maxDelaySeconds) {
      fail(`${t.source} (within ${t.maxDelaySeconds} s of the last ${need})`, `${t.to} came ${delay} s after the last ${need}`, [e]);
    }
  }

  const statusCount = (s: string) => events.filter((e) => e.status === s).length;
  for (const t of completion) {
    if (statusCount(t.to) > 1)
      fail(
        `${t.source}: one ${t.to}`,
        `${statusCount(t.to)} ${t.to} events`,
        events.filter((e) => e.status === t.to),
      );
    const done = statusCount(t.to) > 0 || expect.complete === true;
    if (!done) continue;
    const recipients = new Set([...(expect.recipients ?? []), ...perRecipient.keys()]);
    for (const r of recipients) {
      for (const s of table.fanOut.statuses) {
        if (!perRecipient.get(r)?.has(s)) fail('States and transitions, rows 4-5: one event per recipient', `no ${s} for recipient ${r}`, []);
      }
    }
    if (expect.complete && statusCount(t.to) === 0) fail(`${t.source}`, `no ${t.to} received`, []);
  }
  if (expect.cancelled && ![...terminal].some((s) => statusCount(s) > 0)) fail('States and transitions, row 7', 'no CANCELLED received', []);
  checkIdentifiers(events, expect, fail);
  return { findings, transitions };
}

function checkIdentifiers(events: PaymentEvent[], expect: PaymentExpectation, fail: (rule: string, message: string, evs: unknown[]) => void): void {
  const echo: Array<[keyof PaymentEvent, string | undefined]> = [
    ['client_reference_id', expect.clientReferenceId],
    ['client_customer_ref', expect.clientCustomerRef],
  ];
  for (const e of events) {
    for (const [field, want] of echo) {
      if (want !== undefined && e[field] !== want) {
        fail(
          `Reconciliation identifiers: ${String(field)} echoes the request`,
          `${e.status} carries ${String(field)} ${JSON.stringify(e[field])}, expected ${JSON.stringify(want)}`,
          [e],
        );
      }
    }
    if (expect.sessionId === null && e.session_id !== undefined) {
      fail('Reconciliation identifiers: session_id is absent for API payments', `${e.status} carries session_id`, [e]);
    } else if (typeof expect.sessionId === 'string' && e.session_id !== expect.sessionId) {
      fail('Reconciliation identifiers: session_id links webhooks to the session', `${e.status} carries session_id ${JSON.stringify(e.session_id)}, expected ${expect.sessionId}`, [
        e,
      ]);
    }
  }
}

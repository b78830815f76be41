/**
 * The per-payment half of the event-log judge: walks one payment's events in event_timestamp
 * order against the state table (seed §States and transitions): the per-recipient fan-out,
 * completion, the terminal CANCELLED and the echoed identifiers. A move the table does not show
 * is a warning ("any move not in the table: not shown"); what the table states is a failure.
 */
import type { StateTable } from '../../../kits/payments/state-table/index.js';
import type { Finder } from './event-judge.js';
import type { PaymentEvent, PaymentExpectation } from './event-types.js';

/** How the walk compares events: by event_timestamp, or (unreadable stamps) by arrival. */
export interface EventOrder {
  arrival: boolean;
  /** Negative, zero or positive as a is before, with or after b. */
  compare(a: PaymentEvent, b: PaymentEvent): number;
  /** b - a in seconds (by event_timestamp only). */
  seconds?(a: PaymentEvent, b: PaymentEvent): number;
}

interface Moves {
  transitions: Array<{ from: string | null; to: string; id?: string }>;
}

export function judgeMoves(
  events: PaymentEvent[],
  table: StateTable,
  expect: PaymentExpectation,
  find: Finder,
  order: EventOrder,
): Moves {
  const transitions: Moves['transitions'] = [];
  const known = new Set(table.statuses.map((s) => s.name));
  const terminal = new Set(table.statuses.filter((s) => s.terminal).map((s) => s.name));
  const initial = new Set(table.initial.map((s) => s.status));
  const [firstFan, lastFan] = [table.fanOut.statuses[0], table.fanOut.statuses[table.fanOut.statuses.length - 1]];
  const fanOut = new Set(table.fanOut.statuses);
  const allowed = new Map(table.transitions.map((t) => [`${t.from}->${t.to}`, t] as const));
  const unshownStatuses = new Set(
    table.notShown.filter((n) => known.has(n.subject) && /transition/i.test(n.what)).map((n) => n.subject),
  );
  const optional = table.notShown.filter((n) => known.has(n.subject) && !/transition/i.test(n.what));
  const completion = table.transitions.find((t) => t.requiresAllRecipients);
  const key = table.fanOut.key;

  // Per recipient, the events of each fan-out status (in timestamp order).
  const perRecipient = new Map<string, Map<string, PaymentEvent[]>>();
  for (const e of events) {
    const r = typeof e[key] === 'string' ? (e[key] as string) : undefined;
    if (!fanOut.has(e.status) || r === undefined) continue;
    const m = perRecipient.get(r) ?? new Map<string, PaymentEvent[]>();
    m.set(e.status, [...(m.get(e.status) ?? []), e]);
    perRecipient.set(r, m);
  }
  const recipients = new Set([...(expect.recipients ?? []), ...perRecipient.keys()]);

  let last: string | null = null;
  let base: string | null = null;
  let cancelled: PaymentEvent | undefined;
  let completed: PaymentEvent | undefined;
  const recipientLast = new Map<string, string>();
  const creditedSoFar = new Set<string>();
  events.forEach((e, i) => {
    const s = e.status;
    if (cancelled) {
      find(
        'events.nothing-after-cancelled',
        `${s} (${e.event_id}, ${e.event_timestamp}) follows CANCELLED (${cancelled.event_timestamp})`,
        [cancelled, e],
      );
      return;
    }
    if (!known.has(s)) {
      find('events.unlisted-status', `unlisted status ${s}`, [e]);
      transitions.push({ from: last, to: s });
      last = base = s;
      return;
    }
    const recipient = typeof e[key] === 'string' ? (e[key] as string) : undefined;
    let from: string | null = i === 0 ? null : last;
    if (i > 0 && fanOut.has(s)) from = (recipient !== undefined ? recipientLast.get(recipient) : undefined) ?? base;
    if (fanOut.has(s) && recipient === undefined)
      find('events.payout-recipient-id', `${s} (${e.event_id}) without ${key}`, [e]);
    if (i === 0) {
      if (!initial.has(s))
        find(
          'events.first-usually-awaiting-funds',
          `the first event (${order.arrival ? 'to arrive' : 'by event_timestamp'}) is ${s}`,
          [e],
        );
    } else if (completed) {
      if (unshownStatuses.has(s)) judgeMove(last, s, e);
      else if (s !== completed.status)
        find('events.after-completed', `${s} (${e.event_id}) follows PAYMENT_COMPLETED`, [e]);
    } else if (!(fanOut.has(s) && recipient === undefined)) {
      judgeMove(from, s, e);
    }
    const t = allowed.get(`${from}->${s}`);
    transitions.push({ from, to: s, ...(t ? { id: t.id } : {}) });
    if (s === firstFan && recipient !== undefined && creditedSoFar.size > 0 && !creditedSoFar.has(recipient)) {
      find('events.payouts-interleaved', `${s} for ${recipient} after another recipient's ${lastFan}`, [e]);
    }
    if (fanOut.has(s) && recipient !== undefined) {
      recipientLast.set(recipient, s);
      if (s === lastFan) creditedSoFar.add(recipient);
    }
    if (completion && s === completion.to) {
      if (completed) find('events.one-completed', `a second ${s} (${e.event_id})`, [completed, e]);
      else checkCompletion(e);
      completed = completed ?? e;
    }
    if (terminal.has(s)) cancelled = e;
    last = s;
    if (!fanOut.has(s)) base = s;
  });

  function judgeMove(from: string | null, to: string, e: PaymentEvent): void {
    if (allowed.has(`${from}->${to}`)) return;
    if (from === to && fanOut.has(to)) return;
    if ((from !== null && unshownStatuses.has(from)) || unshownStatuses.has(to)) {
      find(
        'events.move-not-shown',
        `move ${from} -> ${to} (moves of ${[...unshownStatuses].join(' and ')} are not shown)`,
        [e],
      );
      return;
    }
    const skipped = optional.find((o) => allowed.has(`${from}->${o.subject}`) && allowed.has(`${o.subject}->${to}`));
    if (skipped) find('events.fx-skipped', `move ${from} -> ${to} skips ${skipped.subject}`, [e]);
    else find('events.move-not-shown', `move ${from} -> ${to} is not in the state table`, [e]);
  }

  function checkCompletion(e: PaymentEvent): void {
    const need = completion!.requiresAllRecipients!;
    if (recipients.size === 0) {
      find('events.completed-after-all-credited', `${e.status} with no ${need} before it`, [e], { pending: true });
      return;
    }
    for (const r of recipients) {
      const credits = perRecipient.get(r)?.get(need) ?? [];
      if (credits.length === 0)
        find('events.completed-after-all-credited', `${e.status} but no ${need} for recipient ${r}`, [e], {
          pending: true,
        });
      else if (credits.every((c) => order.compare(c, e) > 0))
        find(
          'events.completed-after-all-credited',
          `${e.status} (${e.event_timestamp}) before ${need} of ${r} (${credits[0].event_timestamp})`,
          [e, credits[0]],
        );
    }
    const credited = [...perRecipient.values()]
      .flatMap((m) => m.get(need) ?? [])
      .filter((c) => order.compare(c, e) <= 0)
      .sort(order.compare);
    if (credited.length === 0 || completion!.maxDelaySeconds === undefined || !order.seconds) return;
    const delay = order.seconds(credited[credited.length - 1], e);
    if (delay > completion!.maxDelaySeconds)
      find(
        'events.completed-within-5-minutes',
        `${e.status} came ${Math.round(delay * 1e6) / 1e6} s after the last ${need} (at most ${completion!.maxDelaySeconds} s)`,
        [e],
      );
  }

  // Per recipient: exactly one of each fan-out status, credited after initiated.
  const done = completed !== undefined || expect.complete === true;
  for (const r of recipients) {
    const m = perRecipient.get(r);
    for (const s of table.fanOut.statuses) {
      const list = m?.get(s) ?? [];
      if (list.length > 1)
        find('events.payout-once-per-recipient', `${list.length} ${s} events for recipient ${r}`, list);
      if (list.length === 0 && done && !(completed && s === lastFan))
        find('events.payout-once-per-recipient', `no ${s} for recipient ${r}`, [], { pending: true });
    }
    const [init, credit] = [m?.get(firstFan)?.[0], m?.get(lastFan)?.[0]];
    if (credit && init && order.compare(credit, init) < 0)
      find(
        'events.credited-after-initiated',
        `${lastFan} of ${r} (${credit.event_timestamp}) precedes its ${firstFan} (${init.event_timestamp})`,
        [init, credit],
      );
    if (credit && !init && !done)
      find('events.credited-after-initiated', `${lastFan} of ${r} without its ${firstFan}`, [credit], {
        pending: true,
      });
  }
  if (expect.complete && !completed && !cancelled)
    find('events.flow-completes', `no ${completion?.to ?? 'completion'} received`, [], { pending: true });
  if (expect.cancelled && !cancelled)
    find('events.flow-completes', `no ${[...terminal].join('/')} received`, [], { pending: true });
  if (completed || cancelled) missingStages(events, table, find, completed !== undefined);
  checkIdentifiers(events, expect, find);
  return { transitions };
}

/** A completed (or cancelled) payment without a documented earlier stage: maybe still on its way. */
function missingStages(events: PaymentEvent[], table: StateTable, find: Finder, completed: boolean): void {
  const has = new Set(events.map((e) => e.status));
  const initial = table.initial.map((s) => s.status);
  if (!initial.some((s) => has.has(s)))
    find('events.stage-missing', `no ${initial.join(' or ')} received`, [], { pending: true });
  if (!completed) return;
  const optional = new Set(table.notShown.map((n) => n.subject));
  const chain = table.transitions.filter(
    (t) =>
      t.from !== null &&
      !t.requiresAllRecipients &&
      !table.fanOut.statuses.includes(t.to) &&
      !table.statuses.find((s) => s.name === t.to)?.terminal,
  );
  for (const t of chain)
    if (!has.has(t.to) && !optional.has(t.to))
      find('events.stage-missing', `no ${t.to} received`, [], { pending: true });
}

function checkIdentifiers(events: PaymentEvent[], expect: PaymentExpectation, find: Finder): void {
  const echoes: Array<['client_reference_id' | 'client_customer_ref', string | undefined]> = [
    ['client_reference_id', expect.clientReferenceId],
    ['client_customer_ref', expect.clientCustomerRef],
  ];
  for (const [field, want] of echoes) {
    if (want === undefined) continue;
    const carrying = events.filter((e) => e[field] !== undefined);
    const wrong = carrying.find((e) => e[field] !== want);
    if (wrong)
      find(
        'events.reference-echo',
        `${wrong.status} carries ${field} ${JSON.stringify(wrong[field])}, the request sent ${JSON.stringify(want)}`,
        [wrong],
      );
    else if (carrying.length === 0 && events.length > 0)
      find('events.reference-absent', `no webhook of this payment carries ${field}`, []);
  }
  if (expect.sessionId === null) {
    const withSession = events.find((e) => e.session_id !== undefined);
    if (withSession)
      find(
        'events.session-id',
        `${withSession.status} of an API payment carries session_id ${JSON.stringify(withSession.session_id)}`,
        [withSession],
      );
  } else if (typeof expect.sessionId === 'string') {
    const wrong = events.find((e) => e.session_id !== undefined && e.session_id !== expect.sessionId);
    if (wrong)
      find(
        'events.session-id',
        `${wrong.status} carries session_id ${JSON.stringify(wrong.session_id)}, the session is ${expect.sessionId}`,
        [wrong],
      );
    else if (events.length > 0 && events.every((e) => e.session_id === undefined))
      find('events.reference-absent', 'no webhook of this hosted payment carries session_id', []);
  }
}

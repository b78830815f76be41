/** Builds webhook event sequences for the judge tests. */
import type { ReceivedEvent } from '../../conformance/engine/recorder.js';

let n = 0;
const T0 = Date.parse('2026-01-01T10:00:00Z');

export function flow(
  paymentId: string,
  recipients: string[],
  extra: Record<string, unknown> = {},
): Array<Record<string, unknown>> {
  const steps: Array<[string, string | undefined]> = [
    ['AWAITING_FUNDS', undefined],
    ['RECEIVED_FUNDS', undefined],
    ['FX_COMPLETED', undefined],
    ...recipients.map((r) => ['PAYOUT_INITIATED', r] as [string, string]),
    ...recipients.map((r) => ['PAYOUT_CREDITED', r] as [string, string]),
    ['PAYMENT_COMPLETED', undefined],
  ];
  return steps.map(([status, recipient], i) => event(paymentId, status, i, recipient, extra));
}

export function event(
  paymentId: string,
  status: string,
  second: number,
  recipient?: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    event_id: `evt-${++n}`,
    event_timestamp: new Date(T0 + second * 1000).toISOString(),
    payment_id: paymentId,
    status,
    ...(recipient ? { recipient_id: recipient } : {}),
    ...extra,
  };
}

export const received = (events: Array<Record<string, unknown>>): ReceivedEvent[] =>
  events.map((payload) => ({ payload }));

/**
 * What the hosted page shows beyond the session record: the line items, the due date and the
 * return URL of the session request (seed §Hosted payment session: items with item_name,
 * item_ref, item_type, amount; due_date; "callback URLs are configurable", name not shown:
 * assumption A-SESSION-RETURN-URL). Read once at creation from the untrusted body; every string
 * stays partner-controlled text and is escaped where it is written (html.ts).
 */
import { getAt, isObject, str } from '../json.js';
import type { Amount } from '../types.js';

export interface HostedItem {
  item_name?: string;
  item_ref?: string;
  item_type?: string;
  amount?: Amount;
}

export interface HostedDetails {
  items: HostedItem[];
  due_date?: string;
  /** An absolute http(s) URL (the document's pattern, re-checked here), or undefined. */
  return_url?: string;
  /** The payer pressed Abandon; the session itself stays open until it expires (A-SESSION-RETURN-URL). */
  abandoned: boolean;
}

export function hostedDetails(body: unknown): HostedDetails {
  const items = getAt(body, ['items']);
  return {
    items: Array.isArray(items) ? items.filter(isObject).map(item) : [],
    due_date: str(getAt(body, ['due_date'])),
    return_url: httpUrl(getAt(body, ['return_url'])),
    abandoned: false,
  };
}

function item(raw: Record<string, unknown>): HostedItem {
  const amount = getAt(raw, ['amount']);
  return {
    item_name: str(raw.item_name),
    item_ref: str(raw.item_ref),
    item_type: str(raw.item_type),
    amount: isObject(amount) ? (amount as unknown as Amount) : undefined,
  };
}

/** Only http: and https: may become a link: never javascript:, data: or a relative reference. */
export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

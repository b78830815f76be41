/**
 * Where two recorded behaviours differ (typically a provider's cassette and one of our embedded
 * sandbox on the same flows): per operation the status codes, the fields of success answers and
 * their types, the shapes of error bodies and of ids, the content types; per flow the order of
 * the events, their timestamps' form, their timing, the signature headers. Each difference names
 * the assumption of the contract that allows it (spec/: `x-assumption` ids) when one does; one
 * that no assumption covers is a bug of one side or the other, to look into.
 */
import type { Cassette, ExchangeStep, WebhookStep } from './cassette.js';

export interface BehaviourDifference {
  /** statuses, fields, error-body, ids, content-type, events, event-timestamps, timing, signature */
  area: string;
  /** The operation (`METHOD /path/{id}`) or the flow the difference is about. */
  subject: string;
  /** What the first cassette shows, and the second. */
  a: string;
  b: string;
  /** The assumption that allows either (the seed leaves it open); absent: no assumption covers it. */
  assumption?: string;
}

/** Segments that are ids (a digit, a uuid, the run's unique values) become `{id}`; the query goes. */
export function operationKey(s: ExchangeStep): string {
  const path = s.path.split('?')[0]!;
  // A version segment (`v3`) stays; a segment with a digit or the run's unique value is an id.
  const segments = path.split('/').map((seg) => (!/^v\d+$/.test(seg) && /\d|\{\{run\}\}/.test(seg) ? '{id}' : seg));
  return `${s.method} ${segments.join('/')}`;
}

/** The assumption that leaves this part of an answer to the provider. */
function fieldsAssumption(key: string): string {
  if (/third-part/.test(key)) return 'A-THIRD-PARTY-PAYLOAD';
  if (/virtual-account/.test(key)) return 'A-VA-FIELDS';
  if (/session/.test(key)) return 'A-SESSION-URL-FIELD';
  if (/ \/v[12]\//.test(key)) return 'A-LEGACY-PAYLOAD';
  return 'A-RECORD-FIELDS';
}

const isControl = (key: string) => /^[A-Z]+ \/(_sandbox|simulate)\//.test(key);

/** The answer's body as JSON, or undefined. */
function json(s: ExchangeStep): unknown {
  try {
    return JSON.parse(s.response?.body ?? '');
  } catch {
    return undefined;
  }
}

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** JSON pointer → type of every value (array items under `*`), three levels deep. */
function fields(v: unknown, at = '', out = new Map<string, Set<string>>(), depth = 0): Map<string, Set<string>> {
  if (depth > 3 || v === null || typeof v !== 'object') return out;
  const entries = Array.isArray(v) ? v.map((x) => ['*', x] as const) : Object.entries(v);
  for (const [k, x] of entries) {
    const p = `${at}/${k}`;
    out.set(p, (out.get(p) ?? new Set()).add(typeOf(x)));
    fields(x, p, out, depth + 1);
  }
  return out;
}

/** An id's form: a uuid, or its letters as `a`, digits as `9`, runs collapsed (`pay_a9`, `IN9`). */
export function idShape(v: unknown): string {
  if (typeof v === 'number') return 'number';
  if (typeof v !== 'string') return typeOf(v);
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) return 'uuid';
  // A prefix (`pay_`, `QT-`, or capitals before digits: `IN`), then what the rest is made of.
  const prefix = /^([A-Za-z]+[_-]|[A-Z]+(?=\d))/.exec(v)?.[1] ?? '';
  const rest = v.slice(prefix.length);
  const kind = /^\d+$/.test(rest)
    ? '<digits>'
    : /^[0-9a-f]+$/.test(rest)
      ? '<hex>'
      : /^[0-9A-Za-z]+$/.test(rest)
        ? '<alphanumeric>'
        : '<text>';
  return `${prefix}${kind}`;
}

/** A timestamp's form: `epoch-ms`, or RFC 3339 with its fraction digits and zone. */
function timeShape(v: unknown): string {
  if (typeof v === 'number') return v > 1e11 ? 'epoch-ms' : 'epoch-s';
  if (typeof v !== 'string') return typeOf(v);
  const m = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.exec(v);
  if (!m) return 'other';
  return `rfc3339${m[1] ? ` .${m[1].length - 1}` : ''} ${m[2] === 'Z' ? 'Z' : 'offset'}`;
}

interface Profile {
  statuses: Map<string, Set<number>>;
  fields: Map<string, Map<string, Set<string>>>;
  errors: Map<string, Set<string>>;
  ids: Map<string, Set<string>>;
  contentTypes: Map<string, Set<string>>;
  sequences: Set<string>;
  eventTimes: Set<string>;
  flowMs: number[];
  signatures: Set<string>;
  deliveryIds: Set<string>;
  values: Map<string, Set<string>>;
}

const add = <K, V>(m: Map<K, Set<V>>, k: K, v: V) => m.set(k, (m.get(k) ?? new Set()).add(v));

function profile(c: Cassette): Profile {
  const p: Profile = {
    statuses: new Map(),
    fields: new Map(),
    errors: new Map(),
    ids: new Map(),
    contentTypes: new Map(),
    sequences: new Set(),
    eventTimes: new Set(),
    flowMs: [],
    signatures: new Set(),
    deliveryIds: new Set(),
    values: new Map(),
  };
  for (const s of c.steps) {
    if (s.kind !== 'exchange' || !s.response) continue;
    const key = `${s.base === 'auth' ? 'token ' : ''}${operationKey(s)}`;
    if (isControl(key)) continue;
    const status = s.response.status;
    if (status === 429 || status === 503) continue;
    add(p.statuses, key, status);
    const body = json(s);
    const type = (s.response.headers['content-type'] ?? '').split(';')[0]!.trim();
    add(p.contentTypes, `${key} ${Math.floor(status / 100)}xx`, type || 'none');
    if (status >= 400) {
      const shape =
        body && typeof body === 'object' && !Array.isArray(body)
          ? `{${Object.keys(body).sort().join(', ')}}`
          : typeOf(body);
      add(p.errors, key, shape);
    } else if (status < 300 && body !== undefined) {
      const f = p.fields.get(key) ?? new Map<string, Set<string>>();
      for (const [ptr, types] of fields(body)) for (const t of types) add(f, ptr, t);
      p.fields.set(key, f);
      for (const [ptr] of fields(body)) {
        const leaf = ptr.split('/').pop()!;
        if (/(^|_)(id|number)$/.test(leaf) && !ptr.includes('/*/')) {
          const value = ptr
            .split('/')
            .slice(1)
            .reduce<unknown>(
              (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
              body,
            );
          // An id the request sent (a fixture, the caller's reference) is an echo, not the provider's.
          const echoed =
            typeof value === 'string' && (value.includes('{{run}}') || (s.request.body ?? '').includes(value));
          if ((typeof value === 'string' || typeof value === 'number') && !echoed)
            add(p.ids, `${key} ${ptr}`, idShape(value));
        }
        if (/status$/.test(leaf) && !ptr.includes('/*/')) {
          const value = (body as Record<string, unknown>)[leaf];
          if (typeof value === 'string') add(p.values, `${key} ${ptr}`, value);
        }
      }
    }
  }
  const flows = new Map<string, WebhookStep[]>();
  for (const s of c.steps) {
    if (s.kind !== 'webhook' || s.payload === null || typeof s.payload !== 'object') continue;
    const raw = s.payload as Record<string, unknown>;
    const e = (raw.data && typeof raw.data === 'object' ? { ...raw, ...(raw.data as object) } : raw) as Record<
      string,
      unknown
    >;
    const id = String(e.payment_id ?? e.session_id ?? '?');
    flows.set(id, [...(flows.get(id) ?? []), s]);
    p.eventTimes.add(timeShape(e.event_timestamp));
    const delivery = s.headers['webhook-id'] ?? s.headers['svix-id'];
    if (delivery !== undefined)
      p.deliveryIds.add(delivery === e.event_id ? 'the event_id' : `distinct from event_id (${idShape(delivery)})`);
    p.signatures.add(
      ['webhook-signature', 'svix-signature'].filter((h) => s.headers[h] !== undefined).join(', ') || 'unsigned',
    );
  }
  for (const events of flows.values()) {
    const statuses = events.map((s) => {
      const e = s.payload as Record<string, unknown>;
      return String(e.status ?? (e.data as Record<string, unknown> | undefined)?.status ?? e.event_type ?? '?');
    });
    // Redeliveries aside: the order of distinct statuses is the flow's shape.
    p.sequences.add(statuses.filter((x, i) => statuses.indexOf(x) === i).join(' → '));
    if (events.length > 1) p.flowMs.push(events[events.length - 1]!.at - events[0]!.at);
  }
  return p;
}

const list = (s: Iterable<string | number> | undefined) => (s ? [...s].sort().join(', ') : '') || '(none)';
const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : 0);

/** The differences between two recorded behaviours, stable-ordered. */
export function behaviourDiff(a: Cassette, b: Cassette): BehaviourDifference[] {
  const pa = profile(a);
  const pb = profile(b);
  const out: BehaviourDifference[] = [];
  const both = <V>(x: Map<string, V>, y: Map<string, V>) => [...x.keys()].filter((k) => y.has(k)).sort();

  for (const key of both(pa.statuses, pb.statuses)) {
    const [x, y] = [pa.statuses.get(key)!, pb.statuses.get(key)!];
    const okX = [...x].filter((s) => s < 300);
    const okY = [...y].filter((s) => s < 300);
    if (list(okX) !== list(okY) && okX.length && okY.length)
      out.push({ area: 'statuses', subject: key, a: list(okX), b: list(okY), assumption: 'A-SUCCESS-STATUS' });
    const errX = [...x].filter((s) => s >= 400);
    const errY = [...y].filter((s) => s >= 400);
    if (list(errX) !== list(errY) && errX.length && errY.length)
      out.push({
        area: 'statuses',
        subject: key,
        a: list(errX),
        b: list(errY),
        assumption: key.startsWith('token ') ? 'A-TOKEN-ERRORS' : 'A-ERROR-STATUS',
      });
  }
  for (const key of both(pa.errors, pb.errors)) {
    const [x, y] = [list(pa.errors.get(key)), list(pb.errors.get(key))];
    if (x !== y)
      out.push({
        area: 'error-body',
        subject: key,
        a: x,
        b: y,
        assumption: key.startsWith('token ') ? 'A-TOKEN-ERRORS' : 'A-ERROR-BODY',
      });
  }
  for (const key of both(pa.contentTypes, pb.contentTypes)) {
    const [x, y] = [list(pa.contentTypes.get(key)), list(pb.contentTypes.get(key))];
    if (x !== y)
      out.push({
        area: 'content-type',
        subject: key,
        a: x,
        b: y,
        assumption: key.endsWith('4xx') ? 'A-ERROR-BODY' : undefined,
      });
  }
  for (const key of both(pa.fields, pb.fields)) {
    const [x, y] = [pa.fields.get(key)!, pb.fields.get(key)!];
    const onlyA = [...x.keys()].filter((k) => !y.has(k) && !k.includes('/*/'));
    const onlyB = [...y.keys()].filter((k) => !x.has(k) && !k.includes('/*/'));
    if (onlyA.length || onlyB.length)
      out.push({ area: 'fields', subject: key, a: list(onlyA), b: list(onlyB), assumption: fieldsAssumption(key) });
    for (const k of [...x.keys()].filter((k) => y.has(k)).sort()) {
      if (list(x.get(k)) !== list(y.get(k)))
        out.push({
          area: 'types',
          subject: `${key} ${k}`,
          a: list(x.get(k)),
          b: list(y.get(k)),
          assumption: /timestamp|_at$/.test(k) ? 'A-TIMESTAMP-FORMAT' : fieldsAssumption(key),
        });
    }
  }
  for (const key of both(pa.ids, pb.ids)) {
    const [x, y] = [list(pa.ids.get(key)), list(pb.ids.get(key))];
    // Seed §Payment: the identifier is "generated on creation"; its form is not shown.
    if (x !== y) out.push({ area: 'ids', subject: key, a: x, b: y, assumption: 'A-RECORD-FIELDS' });
  }
  const seqA = [...pa.sequences].filter((s) => !pb.sequences.has(s));
  const seqB = [...pb.sequences].filter((s) => !pa.sequences.has(s));
  if (seqA.length || seqB.length)
    out.push({
      area: 'events',
      subject: 'order of statuses per payment',
      a: list(seqA),
      b: list(seqB),
      assumption: 'A-STATE-1',
    });
  if (list(pa.eventTimes) !== list(pb.eventTimes))
    out.push({
      area: 'event-timestamps',
      subject: 'event_timestamp',
      a: list(pa.eventTimes),
      b: list(pb.eventTimes),
      assumption: 'A-TIMESTAMP-FORMAT',
    });
  if (list(pa.signatures) !== list(pb.signatures))
    out.push({
      area: 'signature',
      subject: 'delivery signature headers',
      a: list(pa.signatures),
      b: list(pb.signatures),
      assumption: 'A-WEBHOOK-SIGNATURE',
    });
  if (list(pa.deliveryIds) !== list(pb.deliveryIds))
    out.push({
      area: 'delivery-id',
      subject: 'the delivery id header',
      a: list(pa.deliveryIds),
      b: list(pb.deliveryIds),
      assumption: 'A-WEBHOOK-SIGNATURE',
    });
  for (const key of both(pa.values, pb.values)) {
    const onlyA = [...pa.values.get(key)!].filter((v) => !pb.values.get(key)!.has(v));
    const onlyB = [...pb.values.get(key)!].filter((v) => !pa.values.get(key)!.has(v));
    if (onlyA.length || onlyB.length)
      out.push({
        area: 'values',
        subject: key,
        a: list(onlyA),
        b: list(onlyB),
        assumption: /third-part|virtual-account/.test(key)
          ? fieldsAssumption(key)
          : /session/.test(key)
            ? 'A-SESSION-STATUS-OPEN'
            : 'A-OPEN-STATUS',
      });
  }
  const [ma, mb] = [median(pa.flowMs), median(pb.flowMs)];
  if (Math.max(ma, mb) > 1000 && Math.max(ma, mb) > 2 * Math.max(1, Math.min(ma, mb)))
    out.push({
      area: 'timing',
      subject: 'first to last event of a payment (median)',
      a: `${ma} ms`,
      b: `${mb} ms`,
      assumption: 'A-SANDBOX-TIMING',
    });
  return grouped(out);
}

/** Differences that are the same on several operations (an error body everywhere) as one, naming them. */
function grouped(diffs: BehaviourDifference[]): BehaviourDifference[] {
  const out: BehaviourDifference[] = [];
  const seen = new Map<string, BehaviourDifference>();
  for (const d of diffs) {
    const key = `${d.area}\u0000${d.a}\u0000${d.b}\u0000${d.assumption ?? ''}`;
    const first = seen.get(key);
    if (first && (d.area === 'error-body' || d.area === 'statuses' || d.area === 'content-type')) {
      first.subject = `${first.subject}; ${d.subject}`;
      continue;
    }
    const copy = { ...d };
    seen.set(key, copy);
    out.push(copy);
  }
  return out;
}

/** One line per difference, for a terminal. */
export function formatBehaviourDiff(diffs: readonly BehaviourDifference[], names: [string, string]): string[] {
  if (diffs.length === 0) return [`no behaviour differences between ${names[0]} and ${names[1]}`];
  return diffs.map(
    (d) =>
      `${d.area}: ${d.subject}: ${names[0]} ${d.a}; ${names[1]} ${d.b} ` +
      (d.assumption ? `(allowed: ${d.assumption})` : '(no assumption covers it: a bug of one side)'),
  );
}

/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` header written from a
 * span, and read from an incoming request. Written here rather than through a global propagator so
 * that the headers go exactly on the requests the client sends (to their own origin) and nothing
 * has to be registered by the app.
 */

/** §3.2.2: version 00, 16-byte trace id, 8-byte parent id, 1-byte flags, lower-case hex. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const INVALID_TRACE_ID = '0'.repeat(32);
const INVALID_SPAN_ID = '0'.repeat(16);

export interface TraceParent {
  traceId: string;
  spanId: string;
  traceFlags: number;
}

export function formatTraceparent({ traceId, spanId, traceFlags }: TraceParent): string {
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/** The parent a request names, or undefined when the header is absent or invalid (§3.2.2.x:
 * all-zero ids and version ff are invalid; a version 00 header has nothing after the flags). */
export function parseTraceparent(value: string | undefined | null): TraceParent | undefined {
  if (typeof value !== 'string') return undefined;
  const m = TRACEPARENT.exec(value.trim());
  if (!m) return undefined;
  const [, version, traceId, spanId, flags, rest] = m as unknown as [string, string, string, string, string, string?];
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === INVALID_TRACE_ID || spanId === INVALID_SPAN_ID) return undefined;
  return { traceId, spanId, traceFlags: Number.parseInt(flags, 16) };
}

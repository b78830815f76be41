/**
 * One line per request, as Prism logs them: time, request id, method, path, status, duration,
 * and for a 4xx the rule ids of the answer; a 5xx also gets a line with its cause. Never a
 * body, a header, a query string or a hosted session id (that id is the page's credential).
 */
import type { SubscriptionRecord } from '../types.js';

export type RequestLogFormat = 'text' | 'json';

export interface RequestLogOptions {
  /** 'text' (default) for people, 'json' (one object per line) for CI. */
  format?: RequestLogFormat;
  /** Where lines go. */
  write: (line: string) => void;
}

export interface RequestLogEntry {
  id: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  rules?: string[];
}

export interface RequestLog {
  nextId(): string;
  request(entry: RequestLogEntry): void;
  /** The cause of a 5xx (an exception or a non-conforming answer), with its request id if known. */
  cause(requestId: string | undefined, error: unknown, where?: string): void;
  subscriptionDisabled(sub: SubscriptionRecord): void;
}

const HOSTED = /^(\/_sandbox\/hosted\/)[^/]+/;

export function createRequestLog(options: RequestLogOptions | undefined): RequestLog | undefined {
  if (!options) return undefined;
  const json = options.format === 'json';
  const prefix = Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  let seq = 0;
  const emit = (record: Record<string, unknown>, text: string): void =>
    options.write(
      json ? JSON.stringify({ time: new Date().toISOString(), ...record }) : `${new Date().toISOString()} ${text}`,
    );
  return {
    nextId: () => `${prefix}-${(++seq).toString(36)}`,
    request(e) {
      const path = safePath(e.path);
      const ms = Math.round(e.ms * 10) / 10;
      const rules = e.rules && e.rules.length > 0 ? e.rules : undefined;
      emit(
        {
          level: e.status >= 500 ? 'error' : e.status >= 400 ? 'warn' : 'info',
          id: e.id,
          method: e.method,
          path,
          status: e.status,
          ms,
          ...(rules ? { rules } : {}),
        },
        `${e.id} ${e.method} ${path} ${e.status} ${ms}ms${rules ? ` rules=${rules.join(',')}` : ''}`,
      );
    },
    cause(id, error, where) {
      const name = error instanceof Error ? error.name : 'Error';
      const message = oneLine(error instanceof Error ? error.message : String(error));
      const frame = error instanceof Error ? oneLine(error.stack?.split('\n')[1]?.trim() ?? '') : '';
      emit(
        {
          level: 'error',
          id,
          event: '5xx-cause',
          where,
          error: `${name}: ${message}`,
          ...(frame ? { at: frame } : {}),
        },
        `${id ?? '-'} 5xx cause${where ? ` (${where})` : ''}: ${name}: ${message}${frame ? ` ${frame}` : ''}`,
      );
    },
    subscriptionDisabled(sub) {
      emit(
        {
          level: 'warn',
          event: 'webhook-subscription-disabled',
          subscription_id: sub.subscription_id,
          reason: sub.disabled?.reason,
        },
        `webhook subscription ${sub.subscription_id} disabled: ${sub.disabled?.reason ?? ''}`,
      );
    },
  };
}

function safePath(path: string): string {
  return path.replace(HOSTED, '$1[session]');
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}

/** Rule ids of an error answer: the mock's `errors[].rule`, or an RFC 6749 `error` code. */
export function ruleIdsOf(body: unknown): string[] {
  let value = body;
  if (typeof value === 'string' || value instanceof Uint8Array) {
    try {
      value = JSON.parse(typeof value === 'string' ? value : Buffer.from(value).toString('utf8'));
    } catch {
      return [];
    }
  }
  if (value === null || typeof value !== 'object') return [];
  const errors = (value as { errors?: unknown }).errors;
  if (Array.isArray(errors))
    return errors.flatMap((e) =>
      e && typeof (e as { rule?: unknown }).rule === 'string' ? [(e as { rule: string }).rule] : [],
    );
  const oauth = (value as { error?: unknown }).error;
  return typeof oauth === 'string' ? [`oauth.${oauth}`] : [];
}

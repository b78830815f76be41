/**
 * Client log entries and their redaction. Secrets (client secret, access tokens, API keys) must
 * never reach a log (RFC 6749 §10.3 and RFC 6750 §5.3: tokens are secrets kept from third parties): headers that carry
 * credentials are masked, credential-looking query values are masked, bodies are never logged, and every string
 * is finally scrubbed of the live secret values themselves.
 */
import type { ContractViolation } from '../contract/violation.js';
import type { SchemeDescriptor } from '../auth/schemes.js';

export interface ClientLogEntry {
  level: 'debug' | 'info' | 'warn';
  event:
    | 'request'
    | 'response'
    | 'redirect'
    | 'retry'
    | 'token-request'
    | 'token-response'
    | 'token-refresh'
    | 'auth-missing'
    | 'auth-withheld'
    | 'network-error'
    | 'contract-violation';
  operationId?: string | undefined;
  method?: string | undefined;
  url?: string | undefined;
  status?: number | undefined;
  attempt?: number | undefined;
  delayMs?: number | undefined;
  headers?: Record<string, string> | undefined;
  message?: string | undefined;
  /** The event of a response that breaks the contract (`validateResponses`): no value in it. */
  violation?: ContractViolation | undefined;
}

export type ClientLogger = (entry: ClientLogEntry) => void;

export const REDACTED = '[REDACTED]';

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'apikey']);
const SECRET_QUERY = /token|secret|key|password|signature|credential/i;

export interface Redactor {
  /** Adds a live secret value (token, key) that must be scrubbed from every entry. */
  addSecret(value: string | undefined): void;
  scrub(text: string): string;
  headers(headers: Headers): Record<string, string>;
  url(url: string): string;
  /** Wraps a user logger so that it only ever receives redacted entries. */
  wrap(logger: ClientLogger | undefined): ClientLogger;
}

/** The live secret values of one client (client secret, API key, tokens as they arrive), kept
 * by the client's first chunk (create-client.ts); every string a log or an error shows is
 * scrubbed of them. */
export interface Secrets {
  addSecret(value: string | undefined): void;
  scrub(text: string): string;
}

/** The redactor over `secrets`. This module loads with the first entry to log (or the first
 * redirect): a client without a logger never loads it. */
export function createRedactor(extraSecretHeaders: Iterable<string>, secrets: Secrets): Redactor {
  const secretHeaders = new Set(SECRET_HEADERS);
  for (const h of extraSecretHeaders) secretHeaders.add(h.toLowerCase());
  const { scrub } = secrets;

  return {
    addSecret: secrets.addSecret,
    scrub,
    headers(headers) {
      const out: Record<string, string> = {};
      headers.forEach((value, name) => {
        out[name] = secretHeaders.has(name.toLowerCase()) ? REDACTED : scrub(value);
      });
      return out;
    },
    url(url) {
      try {
        const parsed = new URL(url);
        for (const name of [...parsed.searchParams.keys()]) {
          if (SECRET_QUERY.test(name) || secretHeaders.has(name.toLowerCase())) parsed.searchParams.set(name, REDACTED);
        }
        parsed.username = '';
        parsed.password = '';
        return scrub(parsed.toString());
      } catch {
        return scrub(url);
      }
    },
    wrap(logger) {
      if (!logger) return () => undefined;
      return (entry) => {
        const clean: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(entry)) {
          if (typeof value === 'string') clean[key] = scrub(value);
          else if (key === 'headers' && value)
            clean[key] = Object.fromEntries(
              Object.entries(value as Record<string, string>).map(([k, v]) => [
                k,
                secretHeaders.has(k.toLowerCase()) ? REDACTED : scrub(v),
              ]),
            );
          else clean[key] = value;
        }
        logger(clean as unknown as ClientLogEntry);
      };
    },
  };
}

/** The transport's entries (transport.ts), built here so that a client without a logger carries
 * none of them. */
export interface TransportLog {
  redactor: Redactor;
  /** The logger, receiving redacted entries only; undefined without one. */
  log: ClientLogger | undefined;
  withheld(method: string, url: string): void;
  missing(operationId: string | undefined): void;
  request(operationId: string | undefined, request: Request, attempt: number): void;
  response(operationId: string | undefined, request: Request, status: number, attempt: number): void;
  networkError(operationId: string | undefined, request: Request, attempt: number, error: unknown): void;
  retry(
    operationId: string | undefined,
    request: Request,
    event: { attempt: number; delayMs: number; status?: number | undefined },
  ): void;
  refresh(operationId: string | undefined): void;
}

/** The headers the document's apiKey schemes name: secrets, as Authorization is. */
export function apiKeyHeaderNames(schemes: Readonly<Record<string, SchemeDescriptor>>): string[] {
  return Object.values(schemes).flatMap((s) => (s.type === 'apiKey' ? [s.name] : []));
}

export function transportLog(
  schemes: Readonly<Record<string, SchemeDescriptor>>,
  secrets: Secrets,
  logger: ClientLogger | undefined,
): TransportLog {
  const redactor = createRedactor(apiKeyHeaderNames(schemes), secrets);
  const log = logger && redactor.wrap(logger);
  const emit = (entry: ClientLogEntry) => log?.(entry);
  return {
    redactor,
    log,
    withheld: (method, url) =>
      emit({
        level: 'warn',
        event: 'auth-withheld',
        method,
        url: redactor.url(url),
        message: 'another origin than baseUrl: sent without credentials',
      }),
    missing: (operationId) =>
      emit({
        level: 'warn',
        event: 'auth-missing',
        operationId,
        message: 'no credentials given satisfy this operation; sent without',
      }),
    request: (operationId, request, attempt) =>
      emit({
        level: 'debug',
        event: 'request',
        operationId,
        method: request.method,
        url: redactor.url(request.url),
        attempt,
        headers: redactor.headers(request.headers),
      }),
    response: (operationId, request, status, attempt) =>
      emit({
        level: 'debug',
        event: 'response',
        operationId,
        method: request.method,
        url: redactor.url(request.url),
        status,
        attempt,
      }),
    networkError: (operationId, request, attempt, error) =>
      emit({
        level: 'warn',
        event: 'network-error',
        operationId,
        method: request.method,
        url: redactor.url(request.url),
        attempt,
        message: error instanceof Error ? error.message : String(error),
      }),
    retry: (operationId, request, e) =>
      emit({
        level: 'info',
        event: 'retry',
        operationId,
        method: request.method,
        url: redactor.url(request.url),
        attempt: e.attempt,
        delayMs: e.delayMs,
        status: e.status,
      }),
    refresh: (operationId) =>
      emit({ level: 'info', event: 'token-refresh', operationId, message: 'refreshing the access token after 401' }),
  };
}

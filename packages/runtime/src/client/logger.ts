/**
 * Client log entries and their redaction. Secrets (client secret, access tokens, API keys) must
 * never reach a log (RFC 6749 §10.3 and RFC 6750 §5.3: tokens are secrets kept from third parties): headers that carry
 * credentials are masked, credential-looking query values are masked, bodies are never logged, and every string
 * is finally scrubbed of the live secret values themselves.
 */
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
    | 'network-error';
  operationId?: string | undefined;
  method?: string | undefined;
  url?: string | undefined;
  status?: number | undefined;
  attempt?: number | undefined;
  delayMs?: number | undefined;
  headers?: Record<string, string> | undefined;
  message?: string | undefined;
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

export function createRedactor(extraSecretHeaders: Iterable<string> = []): Redactor {
  const secretHeaders = new Set(SECRET_HEADERS);
  for (const h of extraSecretHeaders) secretHeaders.add(h.toLowerCase());
  const secrets = new Set<string>();

  const scrub = (text: string): string => {
    let out = text;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  };

  return {
    addSecret(value) {
      // Very short values would mask ordinary text; real credentials are longer.
      if (value && value.length >= 4) secrets.add(value);
    },
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

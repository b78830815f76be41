/**
 * Secrets never reach evidence, reports or logs (preamble; seed §Authentication: the API key and
 * client secret are server-side only). Redaction happens once, when an exchange is recorded.
 */
const SECRET_HEADERS = new Set(['authorization', 'apikey', 'cookie', 'set-cookie', 'proxy-authorization']);
const SECRET_FIELDS = new Set(['client_secret', 'access_token', 'refresh_token', 'secret', 'webhook_secret', 'apikey', 'api_key', 'password']);
export const REDACTED = '[redacted]';

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const lower = k.toLowerCase();
    if (lower === 'authorization' && /^bearer\s/i.test(v)) out[k] = `Bearer ${REDACTED}`;
    else out[k] = SECRET_HEADERS.has(lower) ? REDACTED : v;
  }
  return out;
}

/**
 * A deep copy with secret-named fields replaced; a form body (`a=b&c=d`, the whole body) too.
 * Every other value is kept exactly as received: a string inside a JSON body is data (a session
 * URL with a query string is not a form), and reports and the HAR must show it unchanged.
 */
export function redactBody(body: unknown): unknown {
  return typeof body === 'string' ? redactForm(body) : redactJson(body);
}

function redactJson(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(redactJson);
  if (body !== null && typeof body === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) out[k] = SECRET_FIELDS.has(k.toLowerCase()) ? REDACTED : redactJson(v);
    return out;
  }
  return body;
}

/** Replaces the values of secret-named pairs only; every other byte of the text stays as sent. */
function redactForm(text: string): string {
  if (!/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(text)) return text;
  return text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = decodeFormComponent(pair.slice(0, eq));
      return SECRET_FIELDS.has(key.toLowerCase()) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
}

function decodeFormComponent(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Removes known secret values wherever they appear in a text (last line of defence for messages). */
export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join(REDACTED);
  return out;
}

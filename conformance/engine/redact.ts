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

/** A deep copy with secret-named fields replaced; form bodies (`a=b&c=d`) too. */
export function redactBody(body: unknown): unknown {
  if (typeof body === 'string') return redactForm(body);
  if (Array.isArray(body)) return body.map(redactBody);
  if (body !== null && typeof body === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) out[k] = SECRET_FIELDS.has(k.toLowerCase()) ? REDACTED : redactBody(v);
    return out;
  }
  return body;
}

function redactForm(text: string): string {
  if (!/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(text)) return text;
  const params = new URLSearchParams(text);
  for (const k of [...params.keys()]) if (SECRET_FIELDS.has(k.toLowerCase())) params.set(k, REDACTED);
  return params.toString().replace(/%5Bredacted%5D/g, REDACTED);
}

/** Removes known secret values wherever they appear in a text (last line of defence for messages). */
export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join(REDACTED);
  return out;
}

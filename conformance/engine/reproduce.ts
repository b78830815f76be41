/**
 * "Reproduce with" commands for recorded exchanges. Secrets are already redacted in the evidence; the command reads
 * the token from $CBP_TOKEN instead (`cbp` never prints one).
 */
import type { RecordedExchange } from './recorder.js';
import { REDACTED } from './redact.js';

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function curlFor(x: RecordedExchange): string {
  const parts = ['curl', '-sS', '-X', x.request.method, q(x.request.url)];
  for (const [k, v] of Object.entries(x.request.headers)) {
    if (k === 'accept') continue;
    if (k === 'authorization' && v.includes(REDACTED)) parts.push('-H', '"Authorization: Bearer $CBP_TOKEN"');
    else if (k === 'apikey' && v === REDACTED) parts.push('-H', '"apikey: $CBP_API_KEY"');
    else parts.push('-H', q(`${k}: ${v}`));
  }
  const body = x.request.body;
  if (body !== undefined) parts.push('--data', q(typeof body === 'string' ? body : JSON.stringify(body)));
  return parts.join(' ');
}

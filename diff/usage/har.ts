/**
 * What a partner uses, read from a HAR of its traffic (a `cbp conformance --report har=` file, or
 * a browser's or proxy's export): each request matched to an operation of the document by method
 * and path template (the server's base path allowed before it); a request the partner's endpoint
 * received whose body carries a webhook payload is matched by the webhook's name or operationId
 * in its URL, else counts as every webhook (the HAR of a run records deliveries to the receiver).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CbpError } from '../../lib/errors.js';
import { emptyUsage, type Usage } from './types.js';

export interface HarOperations {
  /** key -> method and path template, of the operations (not webhooks) of the document. */
  operations: ReadonlyArray<{ key: string; method: string; path: string }>;
  webhooks: readonly string[];
  cwd?: string;
}

export function harUsage(file: string, doc: HarOperations): Usage {
  const abs = path.resolve(doc.cwd ?? process.cwd(), file);
  let har: { log?: { entries?: Array<{ request?: { method?: string; url?: string }; comment?: string }> } };
  try {
    har = JSON.parse(readFileSync(abs, 'utf8'));
  } catch (err) {
    throw new CbpError('E_USAGE', `cannot read the HAR file ${file}: ${(err as Error).message.split('\n')[0]}`, {
      file,
      hint: '--usage-har names a HAR 1.2 file (e.g. cbp conformance --report har=run.har)',
    });
  }
  const entries = har.log?.entries;
  if (!Array.isArray(entries))
    throw new CbpError('E_USAGE', `${file} is not a HAR file (no log.entries)`, { file, pointer: '/log/entries' });
  const matchers = doc.operations.map((o) => ({
    ...o,
    re: new RegExp(`${o.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]*\\?\}/g, '[^/]+')}$`),
  }));
  const usage = emptyUsage();
  usage.sources.push(file);
  for (const entry of entries) {
    const method = entry.request?.method?.toUpperCase();
    const url = entry.request?.url;
    if (method === undefined || url === undefined) continue;
    let pathname: string;
    try {
      pathname = new URL(url).pathname;
    } catch {
      continue;
    }
    const hit = matchers.filter((m) => m.method === method && m.re.test(pathname));
    // The most specific template wins (`/payments/{id}` over `/{anything}`): the longest literal part.
    hit.sort((a, b) => b.path.replace(/\{[^}]*\}/g, '').length - a.path.replace(/\{[^}]*\}/g, '').length);
    if (hit[0]) {
      usage.operationKeys.add(hit[0].key);
      continue;
    }
    const named = doc.webhooks.filter((w) => pathname.includes(w) || (entry.comment ?? '').includes(w));
    if (method === 'POST' && /webhook/i.test(`${pathname} ${entry.comment ?? ''}`))
      for (const w of named.length > 0 ? named : doc.webhooks) usage.webhooks.add(w);
  }
  return usage;
}

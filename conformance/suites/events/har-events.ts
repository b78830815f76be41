/**
 * The webhook part of a HAR written by `--report har=PATH` (entries marked `_cbpWebhook`), as
 * received events for the event judge: `cbp conformance events run.har` judges a partner's run
 * again offline, exactly as the lifecycle check did.
 */
import { CbpError } from '../../../lib/errors.js';
import type { ReceivedEvent } from '../../engine/recorder.js';

interface HarEntry {
  request?: { postData?: { text?: string } };
  _cbpWebhook?: { signatureValid?: boolean | null; signatureError?: string };
}

/** Is this text a HAR (rather than NDJSON)? */
export function looksLikeHar(text: string): boolean {
  return /^\s*\{\s*"log"\s*:/.test(text);
}

export function parseHarEvents(text: string, file: string): ReceivedEvent[] {
  let har: { log?: { entries?: unknown } };
  try {
    har = JSON.parse(text) as typeof har;
  } catch (err) {
    throw new CbpError('E_CONFIG', `not a HAR file: ${(err as Error).message}`, { file });
  }
  const entries = har.log?.entries;
  if (!Array.isArray(entries))
    throw new CbpError('E_CONFIG', 'not a HAR file: no log.entries', { file, pointer: '/log/entries' });
  const out: ReceivedEvent[] = [];
  entries.forEach((raw, i) => {
    const e = raw as HarEntry;
    if (!e?._cbpWebhook) return;
    const body = e.request?.postData?.text;
    let payload: unknown;
    try {
      payload = JSON.parse(body ?? '');
    } catch {
      throw new CbpError('E_CONFIG', 'a webhook entry has no JSON body', {
        file,
        pointer: `/log/entries/${i}/request/postData/text`,
      });
    }
    const valid = e._cbpWebhook.signatureValid;
    out.push({
      payload,
      signatureValid: typeof valid === 'boolean' ? valid : undefined,
      signatureError: e._cbpWebhook.signatureError,
    });
  });
  return out;
}

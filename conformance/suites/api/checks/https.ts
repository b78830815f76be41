/**
 * Authentication, OAuth 2.0 step 6: "All requests use HTTPS." Judged on the URLs the run sends
 * to (the API base and the authorization server). A plain-http URL of a deployed target breaks
 * the statement; a loopback one (this package's sandbox, a local dev server, a tunnel's local
 * end) is not a deployment, so the case is reported as not judged, with the reason, never as
 * passed.
 */
import type { CaseBook } from '../../../engine/case-book.js';
import { seed } from '../../../engine/provenance.js';

/** A host name or address that can only mean this machine: localhost and *.localhost (RFC 6761 §6.3), 127.0.0.0/8, ::1,
 * IPv4-mapped 127/8. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)) return true;
  if (h === '::1' || /^(0{0,4}:){7}0{0,3}1$/.test(h)) return true;
  // The WHATWG URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1.
  return /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(h) || /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export type HttpsJudgement = { judged: true; https: boolean } | { judged: false; reason: string };

export function judgeHttps(url: string): HttpsJudgement {
  const u = new URL(url);
  if (u.protocol === 'https:') return { judged: true, https: true };
  if (isLoopbackHost(u.hostname)) {
    return {
      judged: false,
      reason:
        `${u.origin} is a loopback address (a local sandbox or dev server, ` +
        `not a deployment): HTTPS is judged on a deployed target's URL`,
    };
  }
  return { judged: true, https: false };
}

const PROVENANCE = seed('Authentication, OAuth 2.0 step 6', 'All requests use HTTPS.');

/** One case per distinct origin the run sends to: the API base URL, and the authorization server when it differs. */
export function httpsCases(urls: { baseUrl: string; authUrl: string }, book: CaseBook, checkId: string): void {
  const seen = new Set<string>();
  for (const [what, url] of [
    ['base URL', urls.baseUrl],
    ['authorization server URL', urls.authUrl],
  ] as const) {
    const origin = new URL(url).origin;
    if (seen.has(origin)) continue;
    seen.add(origin);
    const info = {
      name: `the ${what} ${origin} uses HTTPS`,
      subject: what === 'base URL' ? 'target' : 'requestAccessToken',
      rule: 'auth.https',
      provenance: PROVENANCE,
    };
    const j = judgeHttps(url);
    if (!j.judged) book.cases.push({ ...info, verdict: 'not-judged', reason: j.reason });
    else if (j.https) book.pass(info);
    else
      book.fail(info, {
        checkId,
        subject: info.subject,
        severity: 'error',
        message: `the ${what} ${origin} is plain http: every request and its Bearer token travel unencrypted`,
      });
  }
}

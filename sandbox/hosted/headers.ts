/**
 * Response headers of the hosted page (seed §Hosted payment session: "Origins allowed to embed
 * the session"). The page loads only same-origin files: no inline script or style, so CSP needs
 * neither 'unsafe-inline' nor hashes (CSP Level 3). frame-ancestors lists the session's
 * allowed_origins, which session creation accepts only as plain scheme://host[:port] (so they
 * cannot inject a directive); without any, nobody may frame the page.
 */

export function pageHeaders(allowedOrigins: readonly string[]): Record<string, string> {
  const ancestors = allowedOrigins.length > 0 ? allowedOrigins.join(' ') : "'none'";
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    ...(allowedOrigins.length === 0 ? { 'x-frame-options': 'DENY' } : {}),
    ...COMMON,
  };
}

/** For the status JSON and the static files: same-origin readers only (no CORS headers). */
export function resourceHeaders(
  contentType: string,
  cache: 'no-store' | 'public, max-age=300',
): Record<string, string> {
  return {
    'content-type': contentType,
    ...COMMON,
    'cache-control': cache,
    'cross-origin-resource-policy': 'same-origin',
  };
}

const COMMON = {
  'x-content-type-options': 'nosniff',
  // same-origin: the session URL (a credential) never leaves in a Referer, and the page's own
  // form POSTs keep their Origin header for the cross-site check (Fetch §3.1, "serializing a
  // request origin").
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
} as const;

/**
 * Authentication › API key: "The key is sent in the request header named apikey, on every call".
 * Operations that document the apikey scheme are called with the key alone (read as either/or:
 * A-SECURITY-UNSTATED); operations that require a Bearer token (virtual accounts, payments, the
 * legacy ones included, and sessions) refuse the key alone. Needs CBP_API_KEY (the sandbox has its own).
 */
import { assumption, seed } from '../../../../engine/provenance.js';
import type { RunContext } from '../../context.js';
import { validRequests } from '../../requests.js';
import type { Expect } from './expect.js';

export async function apiKeyOnly(ctx: RunContext, expect: Expect): Promise<void> {
  const key = ctx.credentials.apiKey;
  if (!key) return;
  const schemes = Object.entries(ctx.model.securitySchemes)
    .filter(([, s]) => s.kind === 'apiKey')
    .map(([name]) => name);
  const keyOnly = (alt: string[]) => alt.length > 0 && alt.every((n) => schemes.includes(n));
  for (const op of ctx.model.operations.filter((o) => o.security.some(keyOnly))) {
    const req = await validRequests[op.id]?.[0]?.build(ctx);
    if (!req || op.method !== 'get') continue;
    await expect({ ...req, auth: { apiKey: key } }, '2xx', {
      name: `${op.id} with the apikey header alone`,
      subject: op.id,
      rule: 'auth.api-key',
      provenance: assumption('A-SECURITY-UNSTATED', 'Authentication › API key'),
    });
  }
  // Authentication › OAuth 2.0: "virtual accounts, payments, sessions require a Bearer token" (the
  // legacy payment endpoints are payments): the apikey alone is refused there.
  const withoutKey = (alt: string[]) => alt.length > 0 && alt.every((n) => !schemes.includes(n));
  const requiresBearer = (o: { security: string[][] }) => o.security.length > 0 && o.security.every(withoutKey);
  const bearerOnly = ctx.model.operations.filter((o) => o.method === 'get' && requiresBearer(o));
  for (const op of bearerOnly) {
    const req = await validRequests[op.id]?.[0]?.build(ctx);
    if (!req) continue;
    await expect({ ...req, auth: { apiKey: key } }, '4xx', {
      name: `${op.id} with the apikey header alone (a Bearer token is required)`,
      subject: op.id,
      rule: 'auth.bearer-required',
      provenance: seed('Authentication, OAuth 2.0', 'virtual accounts, payments, sessions require a Bearer token'),
    });
  }
}

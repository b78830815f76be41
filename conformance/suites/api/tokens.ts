/**
 * Access tokens by client credentials (seed §Authentication, OAuth 2.0 steps 1-4), one per
 * credential, reused until it expires per expires_in (step 4: "When the token has expired (per
 * expires_in), the application requests a new one"; seconds, A-EXPIRES-UNIT), then requested
 * again. Token values live only here and in request headers; the run's redactor learns each one
 * as its answer is recorded (engine/http.ts).
 */
import { CbpError } from '../../../lib/errors.js';
import type { Http, SendResult, TokenSource } from '../../engine/http.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export const TOKEN_PATH = '/auth/oauth/v2/token';

export class Tokens implements TokenSource {
  private readonly cache = new Map<string, Promise<string>>();
  /** When each cached token is renewed: a little before its expires_in runs out. */
  private readonly renewAt = new Map<string, number>();

  constructor(
    private readonly http: Http,
    private readonly credentials: { primary?: ClientCredentials; secondary?: ClientCredentials },
  ) {}

  has(which: 'primary' | 'secondary'): boolean {
    return this.credentials[which] !== undefined;
  }

  token(which: 'primary' | 'secondary'): Promise<string> {
    const renew = this.renewAt.get(which);
    if (renew !== undefined && Date.now() >= renew) {
      this.cache.delete(which);
      this.renewAt.delete(which);
    }
    let hit = this.cache.get(which);
    if (!hit) {
      hit = this.fetchToken(which);
      this.cache.set(which, hit);
      hit.catch(() => this.cache.delete(which));
    }
    return hit;
  }

  /** Forget cached tokens (after the sandbox clock moved past their expiry). */
  reset(): void {
    this.cache.clear();
    this.renewAt.clear();
  }

  /** A token request for these credentials, recorded like any exchange. */
  request(creds: ClientCredentials): Promise<SendResult> {
    return this.http.send({
      operationId: 'requestAccessToken',
      method: 'POST',
      path: TOKEN_PATH,
      base: 'auth',
      auth: 'none',
      form: { grant_type: 'client_credentials', client_id: creds.clientId, client_secret: creds.clientSecret },
    });
  }

  private async fetchToken(which: 'primary' | 'secondary'): Promise<string> {
    const creds = this.credentials[which];
    if (!creds) throw new CbpError('E_CONFIG', `no ${which} client credentials`);
    const res = await this.request(creds);
    const body = res.body as { access_token?: unknown; expires_in?: unknown } | undefined;
    const token = body?.access_token;
    if (res.status < 200 || res.status >= 300 || typeof token !== 'string') throw tokenRefused(which, res);
    const lifetimeMs = typeof body?.expires_in === 'number' && body.expires_in > 0 ? body.expires_in * 1000 : undefined;
    // Renewed when a tenth of its lifetime (at most 30 s) is left, so no request carries a token about to expire.
    if (lifetimeMs !== undefined) this.renewAt.set(which, Date.now() + lifetimeMs - Math.min(30_000, lifetimeMs / 10));
    return token;
  }
}

/**
 * Why no token came, as a user can act on it: the token endpoint's URL and the network cause, or
 * its answer. A refusal of the credentials (RFC 6749 §5.2: 401, or 400 `invalid_client`) is
 * E_TARGET_AUTH, not an unreachable target; the secret is never in the message.
 */
function tokenRefused(which: 'primary' | 'secondary', res: SendResult): CbpError {
  const url = res.exchange.request.url;
  const client = `the ${which} client`;
  if (res.error !== undefined)
    return new CbpError('E_TARGET_UNREACHABLE', `the token endpoint ${url} did not answer: ${res.error}`, {
      hint: 'check --auth-url (default: --base-url) and that the authorization server is up',
    });
  const oauth = (res.body as { error?: unknown } | undefined)?.error;
  const code = typeof oauth === 'string' ? ` ${oauth}` : '';
  if (res.status === 401 || (res.status === 400 && oauth === 'invalid_client'))
    return new CbpError(
      'E_TARGET_AUTH',
      `the token endpoint ${url} refused the credentials of ${client} (HTTP ${res.status}${code})`,
      {
        hint:
          which === 'primary'
            ? 'check CBP_CLIENT_ID and CBP_CLIENT_SECRET (or --client-id/--client-secret; values are never printed)'
            : 'check CBP_CLIENT_ID_2 and CBP_CLIENT_SECRET_2 (values are never printed)',
      },
    );
  const what =
    res.status >= 200 && res.status < 300 ? 'answered without an access_token' : `answered HTTP ${res.status}${code}`;
  return new CbpError('E_TARGET_UNREACHABLE', `the token endpoint ${url} ${what} for ${client}`, {
    hint:
      res.status === 404 || res.status === 405
        ? 'check --auth-url (default: --base-url): the token path is appended to it'
        : 'check --auth-url and the client credentials (values are never printed)',
  });
}
